import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browser } from "../../../lib/browser";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

afterEach(() => {
  vi.mocked(browser.assign).mockRestore?.();
});

const staff = () => createFakeApi({ data: shopsResponse({ session: { isStaff: true } }) });

describe("internal zone /dev_zone (X-60)", () => {
  it("lists every shop for staff, with Impersonate", async () => {
    await renderApp("/dev_zone", { fake: staff() });
    expect(await screen.findByRole("heading", { level: 1, name: "Internal zone" })).toBeTruthy();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector("th, td")?.textContent)).toEqual([
      "Maple & Moss",
      "Copper Kettle",
    ]);
    expect(within(rows[1] as HTMLElement).getByText("Blocked")).toBeTruthy();
    // Plans by the name merchants see on their dashboard, never the plan id.
    expect(within(rows[0] as HTMLElement).getByText("Essential")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Starter")).toBeTruthy();
    expect(within(table).queryByText("free")).toBeNull();
    expect(within(table).queryByText("pro_3_2025")).toBeNull();
    expect(within(table).getByRole("button", { name: "Impersonate Copper Kettle" })).toBeTruthy();
  });

  it("impersonates a shop, then reloads the admin on the new session", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const fake = staff();
    const { user } = await renderApp("/embed/dev_zone", { fake });
    await user.click(await screen.findByRole("button", { name: "Impersonate Maple & Moss" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/embed"));
    expect(fake.callsTo("POST", "/apiSa/dev_zone/impersonate").map((c) => c.body)).toEqual([
      { shopId: "shop_1" },
    ]);
  });

  it("shows the server's error when impersonation is refused", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const fake = staff();
    fake.answer("POST /apiSa/dev_zone/impersonate", 404, {
      success: false,
      error: "Not found.",
      code: "not_found",
    });
    const { user } = await renderApp("/dev_zone", { fake });
    await user.click(await screen.findByRole("button", { name: "Impersonate Copper Kettle" }));
    expect(await screen.findByText("Not found.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows a non-staff user the server's 403 message and no data", async () => {
    const fake = createFakeApi();
    await renderApp("/dev_zone", { fake });
    expect((await screen.findByTestId("dev-zone-error")).textContent).toBe(
      "This area is for Laurel staff only.",
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(fake.callsTo("GET", "/apiSa/dev_zone/shops")).toHaveLength(1);
  });

  it("guards the internal tools the same way", async () => {
    await renderApp("/dev_zone/webhooks_logs");
    expect((await screen.findByTestId("dev-zone-error")).textContent).toBe(
      "This area is for Laurel staff only.",
    );
    expect(screen.queryByTestId("empty-state")).toBeNull();
  });

  it("shows the link only to staff (or with the dev flag)", async () => {
    await renderApp("/", { fake: staff() });
    const nav = await screen.findByTestId("nav");
    expect(within(nav).getByRole("link", { name: /Internal zone/ })).toBeTruthy();
  });

  it("hides the link from merchants", async () => {
    await renderApp("/");
    const nav = await screen.findByTestId("nav");
    expect(within(nav).queryByRole("link", { name: /Internal zone/ })).toBeNull();
  });
});
