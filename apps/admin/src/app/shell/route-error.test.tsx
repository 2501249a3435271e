import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../../../scripts/vitest.setup";
import { browser } from "../../lib/browser";
import { renderApp } from "../../test/render";

// The Deals screen crashes while rendering.
vi.mock("../routes/gift/deals", () => ({
  default: function CrashingDeals(): never {
    throw new Error("Deals exploded");
  },
}));

// React (development build) re-dispatches a render error as a window "error" event, which jsdom
// would print as "Uncaught"; the error boundary handles it, so keep the output quiet.
const quiet = (event: ErrorEvent) => event.preventDefault();
beforeEach(() => window.addEventListener("error", quiet));
afterEach(() => window.removeEventListener("error", quiet));

it("shows the Not Found page, inside the frame, when a screen crashes (A-15)", async () => {
  // React and React Router both report the caught render error.
  expectConsoleError(2);
  const { user } = await renderApp("/gift");
  const page = await screen.findByTestId("not-found");
  expect(within(page).getByRole("heading", { level: 1, name: "Not Found" })).toBeTruthy();
  expect(within(page).getByText("The page you're looking for couldn't be found")).toBeTruthy();
  expect(screen.getByTestId("nav")).toBeTruthy();

  // The rest of the app still works.
  await user.click(within(screen.getByTestId("nav")).getByRole("link", { name: /Customers/ }));
  expect(await screen.findByRole("heading", { level: 1, name: "Customers" })).toBeTruthy();
});

it("opens the support chat prefilled 'Please help me fix 404 page' from Contact us", async () => {
  const open = vi.spyOn(browser, "open").mockImplementation(() => {});
  const { user } = await renderApp("/no-such-page");
  const page = await screen.findByTestId("not-found");
  await user.click(within(page).getByRole("button", { name: "Contact us" }));
  const dialog = await screen.findByRole("dialog", { name: "Contact us" });
  const message = within(dialog).getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
  expect(message.value).toBe("Please help me fix 404 page");

  await user.click(within(dialog).getByRole("button", { name: "Send by e-mail" }));
  expect(open).toHaveBeenCalledTimes(1);
  const href = String(open.mock.calls[0]?.[0]);
  expect(href.startsWith("mailto:support@laurel.test?")).toBe(true);
  const params = new URLSearchParams(href.slice(href.indexOf("?") + 1));
  expect(params.get("subject")).toBe("Laurel support request from maple-moss.myshopify.com");
  expect(params.get("body")).toContain("Please help me fix 404 page");
  expect(params.get("body")).toContain("Maple & Moss (maple-moss.myshopify.com)");
  open.mockRestore();
});
