import "./setup";
import { Frame } from "@shopify/polaris";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, Outlet, type RouteObject } from "react-router";
import { afterEach } from "vitest";
import { App } from "../app/app";
import { RootProviders } from "../app/providers";
import { createAppRoutes } from "../app/router";
import { ToastOutlet } from "../lib/host/host";
import { applyLanguage } from "../lib/i18n/i18n";
import { createQueryClient } from "../lib/query-client";
import { createFakeApi, type FakeApi } from "./fake-api";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Back to en-US without touching localStorage (tests of the remembered language set it themselves). */
export async function resetLanguage(): Promise<void> {
  await applyLanguage("en-US", { remember: false });
}

export function installFakeApi(fake: FakeApi = createFakeApi()): FakeApi {
  globalThis.fetch = fake.fetch as typeof fetch;
  return fake;
}

/** The whole admin (router, providers, shell) at `path`, talking to a fake API. */
export async function renderApp(path = "/", options: { fake?: FakeApi; language?: "keep" } = {}) {
  if (options.language !== "keep") await resetLanguage();
  const fake = installFakeApi(options.fake);
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, fake, user, queryClient };
}

/**
 * Renders `routes` (or a single element at every path) inside the app's providers and a Polaris
 * Frame, on a memory data router (so `useBlocker`, links and navigation work).
 */
export async function renderWithProviders(
  routes: RouteObject[] | ReactElement,
  options: { path?: string } = {},
) {
  await resetLanguage();
  const children: RouteObject[] = Array.isArray(routes) ? routes : [{ path: "*", element: routes }];
  const router = createMemoryRouter(
    [
      {
        element: (
          <RootProviders>
            <Frame>
              <ToastOutlet />
              <Outlet />
            </Frame>
          </RootProviders>
        ),
        children,
      },
    ],
    { initialEntries: [options.path ?? "/"] },
  );
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, user, queryClient };
}
