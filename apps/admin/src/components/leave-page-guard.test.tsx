import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { LeavePageGuard, shouldConfirmLeave } from "./leave-page-guard";

function EditScreen() {
  const [dirty, setDirty] = useState(false);
  return (
    <div>
      <h1>Point program</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Edit
      </button>
      <Link to="/programs/point/3">Another program</Link>
      <Link to="/customers">Customers</Link>
      <LeavePageGuard when={dirty} />
    </div>
  );
}

const routes = [
  { path: "/programs/point", element: <EditScreen /> },
  { path: "/programs/point/3", element: <h1>Program 3</h1> },
  { path: "/customers", element: <h1>Customers page</h1> },
];

describe("shouldConfirmLeave (A-17)", () => {
  it.each([
    { dirty: true, from: "/programs/point", to: "/customers", ask: true },
    { dirty: true, from: "/programs/point", to: "/programs/point/3", ask: false },
    { dirty: true, from: "/programs", to: "/programs", ask: false }, // e.g. ?type=earning → ?type=redeem
    { dirty: true, from: "/embed/programs/point", to: "/embed/programs/tier/2", ask: false },
    { dirty: true, from: "/embed/programs/point", to: "/embed/settings", ask: true },
    { dirty: true, from: "/home", to: "/", ask: true },
    { dirty: false, from: "/programs/point", to: "/customers", ask: false },
  ])("$from → $to with unsaved=$dirty asks: $ask", ({ dirty, from, to, ask }) => {
    expect(shouldConfirmLeave(dirty, from, to)).toBe(ask);
  });
});

describe("<LeavePageGuard> (A-17)", () => {
  it("lets the merchant leave freely without unsaved changes", async () => {
    const { user, router } = await renderWithProviders(routes, { path: "/programs/point" });
    await user.click(screen.getByRole("link", { name: "Customers" }));
    expect(await screen.findByRole("heading", { name: "Customers page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/customers");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not ask when moving within the same section", async () => {
    const { user, router } = await renderWithProviders(routes, { path: "/programs/point" });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("link", { name: "Another program" }));
    expect(await screen.findByRole("heading", { name: "Program 3" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/programs/point/3");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks before leaving to another section: Stay keeps the page, Leave page goes", async () => {
    const { user, router } = await renderWithProviders(routes, { path: "/programs/point" });
    await user.click(screen.getByRole("button", { name: "Edit" }));

    await user.click(screen.getByRole("link", { name: "Customers" }));
    let dialog = await screen.findByRole("dialog", { name: "Leave page with unsaved changes" });
    const leave = within(dialog).getByRole("button", { name: "Leave page" });
    expect(leave.className).toContain("Polaris-Button--toneCritical");
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/programs/point");
    expect(screen.getByRole("heading", { name: "Point program" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("link", { name: "Customers" }));
    dialog = await screen.findByRole("dialog", { name: "Leave page with unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Leave page" }));
    expect(await screen.findByRole("heading", { name: "Customers page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/customers");
  });

  it("asks the browser before unloading the page with unsaved changes", async () => {
    const { user } = await renderWithProviders(routes, { path: "/programs/point" });
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
