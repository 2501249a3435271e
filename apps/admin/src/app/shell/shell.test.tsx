import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../test/fake-api";
import { shopsResponse } from "../../test/fixtures";
import { renderApp } from "../../test/render";

const DAY = 24 * 60 * 60 * 1000;

function appCalls(fake: ReturnType<typeof createFakeApi>): string[] {
  return fake.calls.filter((c) => c.path !== "/auth/token").map((c) => `${c.method} ${c.path}`);
}

describe("app start (A-10)", () => {
  it("loads the shop, checks app-block support, then reveals the dashboard in the frame", async () => {
    const { fake } = await renderApp("/");
    expect(screen.getByTestId("app-skeleton")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeTruthy();
    expect(appCalls(fake).slice(0, 2)).toEqual([
      "GET /apiSa/shops",
      "GET /apiSa/shopify/checkSupportAppBlock",
    ]);
    expect(screen.getByTestId("nav")).toBeTruthy();
    // Every /apiSa call carried the token the session cookie was traded for.
    for (const call of fake.calls.filter((c) => c.path.startsWith("/apiSa/")))
      expect(call.token).toBe("token-1");
  });

  it("keeps the skeleton until the app-block check has answered", async () => {
    const fake = createFakeApi();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appBlockRequested = false;
    const inner = fake.fetch.getMockImplementation();
    fake.fetch.mockImplementation(async (input, init) => {
      if (String(input).includes("checkSupportAppBlock")) {
        appBlockRequested = true;
        await gate;
      }
      return inner ? inner(input, init) : new Response("{}");
    });
    await renderApp("/", { fake });
    await waitFor(() => expect(appBlockRequested).toBe(true));
    expect(screen.getByTestId("app-skeleton")).toBeTruthy();
    expect(screen.queryByTestId("nav")).toBeNull();
    await act(async () => release());
    expect(await screen.findByTestId("nav")).toBeTruthy();
  });

  it("still starts when the app-block check fails for another reason", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/shopify/checkSupportAppBlock", 502, {
      success: false,
      error: "The store platform did not answer as expected. Please try again in a moment.",
      code: "platform_unavailable",
    });
    await renderApp("/", { fake });
    expect(await screen.findByText("Unknown (the check could not be made)", { exact: false })).toBeTruthy();
  });

  it("shows the error with a retry when the shop cannot be loaded", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/shops", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user } = await renderApp("/", { fake });
    const error = await screen.findByTestId("start-error");
    expect(within(error).getByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    fake.state.overrides.clear();
    await user.click(within(error).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("nav")).toBeTruthy();
  });
});

describe("Access Denied (A-11)", () => {
  it("shows only the Access Denied picture and words when /shops answers 403 shop_blocked", async () => {
    const fake = createFakeApi({ data: shopsResponse({ blocked: true }) });
    const { container } = await renderApp("/customers", { fake });
    const denied = await screen.findByTestId("access-denied");
    expect(within(denied).getByRole("heading", { name: "Access denied" })).toBeTruthy();
    expect(denied.querySelector("svg")).toBeTruthy();
    expect(screen.queryByTestId("nav")).toBeNull();
    expect(container.querySelector(".Polaris-Frame")).toBeNull();
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect(fake.callsTo("GET", "/apiSa/shopify/checkSupportAppBlock")).toHaveLength(0);
  });

  it("shows Access Denied when any later call answers 403 shop_blocked", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/shopify/checkSupportAppBlock", 403, {
      success: false,
      error: "Access denied.",
      code: "shop_blocked",
    });
    await renderApp("/", { fake });
    expect(await screen.findByTestId("access-denied")).toBeTruthy();
    expect(screen.queryByTestId("nav")).toBeNull();
  });

  it("shows Access Denied under /embed too", async () => {
    const fake = createFakeApi({ data: shopsResponse({ blocked: true }) });
    await renderApp("/embed/programs", { fake });
    expect(await screen.findByTestId("access-denied")).toBeTruthy();
  });
});

describe("sign-in gate (A-02)", () => {
  it("sends a visitor without a session to /auth/login", async () => {
    const fake = createFakeApi({ signedIn: false });
    const { router } = await renderApp("/customers", { fake });
    expect(await screen.findByTestId("login-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(fake.callsTo("GET", "/apiSa/shops")).toHaveLength(0);
  });

  it("sends the merchant to /auth/login when the API refuses even a fresh token", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/shops", 401, {
      success: false,
      error: "Your session token is invalid.",
      code: "token_invalid",
    });
    const { router } = await renderApp("/", { fake });
    expect(await screen.findByTestId("login-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/login");
    // One retry with a new token, not a loop.
    expect(fake.callsTo("GET", "/apiSa/shops")).toHaveLength(2);
    expect(fake.callsTo("GET", "/auth/token")).toHaveLength(2);
  });
});

describe("new-merchant setup gate (A-06)", () => {
  it("replaces the app frame with the setup wizard until setup is done, then shows the app", async () => {
    const fake = createFakeApi({ data: shopsResponse({ shop: { setupDone: false } }) });
    const { router, user } = await renderApp("/customers", { fake });
    const wizard = await screen.findByTestId("setup-wizard");
    expect(router.state.location.pathname).toBe("/set-up");
    expect(screen.queryByTestId("nav")).toBeNull();
    expect(within(wizard).getByRole("heading", { name: "Step 1: Earning" })).toBeTruthy();
    // Links to where the steps are configured only work once the app is open.
    expect(within(wizard).queryByRole("link")).toBeNull();
    expect(within(wizard).getByText(/Reward programs → Earning/)).toBeTruthy();

    await user.click(within(wizard).getByRole("button", { name: "Next" }));
    expect(within(wizard).getByRole("heading", { name: "Step 2: Redeem" })).toBeTruthy();
    await user.click(within(wizard).getByRole("button", { name: "Next" }));
    expect(within(wizard).getByRole("heading", { name: "Step 3: Widget theme" })).toBeTruthy();
    await user.click(within(wizard).getByRole("button", { name: "Finish setup" }));
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeTruthy();
    expect(screen.getByTestId("nav")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/shop").map((c) => c.body)).toEqual([
      { setupDone: true, isDismissQuickSetup: true },
    ]);
    expect(router.state.location.pathname).toBe("/");
  });

  it("after 'Finish setup' the quick-setup card never shows, not even for a moment", async () => {
    const fake = createFakeApi({
      data: shopsResponse({ shop: { setupDone: false, isDismissQuickSetup: false } }),
    });
    const { user } = await renderApp("/set-up", { fake });
    const wizard = await screen.findByTestId("setup-wizard");
    let cardSeen = false;
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes("Quick setup")) cardSeen = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      await user.click(within(wizard).getByRole("button", { name: "Next" }));
      await user.click(within(wizard).getByRole("button", { name: "Next" }));
      await user.click(within(wizard).getByRole("button", { name: "Finish setup" }));
      expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeTruthy();
      expect(await screen.findByText("Saved")).toBeTruthy();
    } finally {
      watcher.disconnect();
    }
    expect(cardSeen).toBe(false);
    expect(screen.queryByRole("heading", { name: "Quick setup" })).toBeNull();
  });

  it("keeps the gate when saving fails, with the server's error in a toast", async () => {
    const fake = createFakeApi({ data: shopsResponse({ shop: { setupDone: false } }) });
    fake.answer("PUT /apiSa/shop", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user } = await renderApp("/set-up", { fake });
    const wizard = await screen.findByTestId("setup-wizard");
    await user.click(within(wizard).getByRole("button", { name: "Next" }));
    await user.click(within(wizard).getByRole("button", { name: "Next" }));
    await user.click(within(wizard).getByRole("button", { name: "Finish setup" }));
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    expect(screen.getByTestId("setup-wizard")).toBeTruthy();
    expect(screen.queryByTestId("nav")).toBeNull();
  });

  it("keeps the /embed prefix when gating", async () => {
    const fake = createFakeApi({ data: shopsResponse({ shop: { setupDone: false } }) });
    const { router } = await renderApp("/embed/analytics", { fake });
    await screen.findByTestId("setup-wizard");
    expect(router.state.location.pathname).toBe("/embed/set-up");
  });

  it("leaves /set-up reachable inside the frame once setup is done, with links to each step", async () => {
    const { user } = await renderApp("/set-up");
    const wizard = await screen.findByTestId("setup-wizard");
    expect(screen.getByTestId("nav")).toBeTruthy();
    expect(within(wizard).getByRole("link", { name: "Set up ways to earn" }).getAttribute("href")).toBe(
      "/programs?type=earning",
    );
    await user.click(within(wizard).getByRole("button", { name: "Next" }));
    expect(within(wizard).getByRole("link", { name: "Set up ways to redeem" }).getAttribute("href")).toBe(
      "/programs?type=redeem",
    );
  });
});

describe("bookkeeping (A-29) and custom CSS (A-21)", () => {
  it("clears isFirstLogin and refreshes an accessAppAt older than 3 days", async () => {
    const old = new Date(Date.now() - 4 * DAY).toISOString();
    const fake = createFakeApi({ data: shopsResponse({ shop: { isFirstLogin: true, accessAppAt: old } }) });
    await renderApp("/", { fake });
    await screen.findByTestId("nav");
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/shop")).toHaveLength(2));
    const bodies = fake.callsTo("POST", "/apiSa/shop").map((c) => c.body as Record<string, unknown>);
    expect(bodies[0]).toEqual({ isFirstLogin: false });
    expect(Object.keys(bodies[1] ?? {})).toEqual(["accessAppAt"]);
    expect(Date.now() - Date.parse(String(bodies[1]?.accessAppAt))).toBeLessThan(60_000);
  });

  it("sends nothing when it is not the first login and the access is recent", async () => {
    const recent = new Date(Date.now() - 2 * DAY).toISOString();
    const fake = createFakeApi({
      data: shopsResponse({ shop: { isFirstLogin: false, accessAppAt: recent } }),
    });
    await renderApp("/", { fake });
    await screen.findByTestId("nav");
    expect(fake.callsTo("POST", "/apiSa/shop")).toHaveLength(0);
  });

  it("injects the shop's CSS as the text of a <style> element", async () => {
    const css = ".Polaris-Page { outline: 1px solid red; } </style><script>alert(1)</script>";
    const fake = createFakeApi({ data: shopsResponse({ shop: { customCSS: css } }) });
    await renderApp("/", { fake });
    await screen.findByTestId("nav");
    const styles = document.head.querySelectorAll("style[data-laurel='custom-css']");
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(css);
    expect(document.querySelector("script")).toBeNull();
  });
});

describe("'Logged in' badge (A-12)", () => {
  it("shows the badge with the shop name when support is signed in as the shop", async () => {
    const fake = createFakeApi({ data: shopsResponse({ session: { impersonatedBy: "staff_1" } }) });
    await renderApp("/", { fake });
    const badge = await screen.findByTestId("logged-in-badge");
    expect(within(badge).getByText("Logged in")).toBeTruthy();
    expect(within(badge).getByText("Maple & Moss")).toBeTruthy();
  });

  it("shows the shop logo when there is one (isCrmLogin)", async () => {
    const fake = createFakeApi({
      data: shopsResponse({ shop: { isCrmLogin: true, logoDefault: "https://cdn.test/logo.png" } }),
    });
    await renderApp("/", { fake });
    const badge = await screen.findByTestId("logged-in-badge");
    expect(within(badge).getByRole("img", { name: "Maple & Moss" }).getAttribute("src")).toBe(
      "https://cdn.test/logo.png",
    );
  });

  it("is absent for the merchant's own session", async () => {
    await renderApp("/");
    await screen.findByTestId("nav");
    expect(screen.queryByTestId("logged-in-badge")).toBeNull();
  });
});

describe("user menu and logout (A-03)", () => {
  it("shows the shop name and signs out to /auth/login", async () => {
    const { user, fake, router } = await renderApp("/");
    await screen.findByTestId("nav");
    await user.click(screen.getByRole("button", { name: "Account menu for Maple & Moss" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));
    expect(await screen.findByTestId("login-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(fake.callsTo("POST", "/auth/logout")).toHaveLength(1);
  });

  it("shows an error toast with the message when logout fails, and stays", async () => {
    const fake = createFakeApi();
    fake.answer("POST /auth/logout", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user, router } = await renderApp("/customers", { fake });
    await screen.findByTestId("nav");
    await user.click(screen.getByRole("button", { name: "Account menu for Maple & Moss" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/customers");
  });

  it("closes after a language is picked", async () => {
    const { user } = await renderApp("/");
    await screen.findByTestId("nav");
    await user.click(screen.getByRole("button", { name: "Account menu for Maple & Moss" }));
    await user.click(await screen.findByRole("menuitem", { name: /Français/ }));
    await waitFor(() => expect(screen.queryByRole("menuitem", { name: /Deutsch/ })).toBeNull());
    // And it opens again on the next click.
    await user.click(screen.getByRole("button", { name: /Maple & Moss/ }));
    expect(await screen.findByRole("menuitem", { name: /Deutsch/ })).toBeTruthy();
  });

  it("offers no Log out inside the Shopify admin (embedded session)", async () => {
    const fake = createFakeApi({ data: shopsResponse({ session: { mode: "embedded" } }) });
    const { user } = await renderApp("/embed", { fake });
    await screen.findByTestId("nav");
    await user.click(screen.getByRole("button", { name: "Account menu for Maple & Moss" }));
    await screen.findByRole("menuitem", { name: /Français/ });
    expect(screen.queryByRole("menuitem", { name: "Log out" })).toBeNull();
  });
});
