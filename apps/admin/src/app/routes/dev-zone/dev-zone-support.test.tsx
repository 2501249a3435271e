import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

const STATE = "/apiSa/dev_zone/shops/shop_1/prior-order-sync";
const doneRun = {
  id: "sync_1",
  kind: "prior_order",
  status: "done",
  since: "2026-01-01",
  processed: 3,
  total: 3,
  credited: 3,
  points: 30,
  error: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  finishedAt: "2026-11-20T10:00:02.000Z",
  unlockedAt: null,
};
const state = (locked: boolean, run: Record<string, unknown> | null) => ({
  success: true,
  data: { locked, earliestSince: "2025-11-20", latestSince: "2026-11-20", run },
});

function staffApi() {
  const fake = createFakeApi({ data: shopsResponse({ session: { isStaff: true } }) });
  fake.answer(`GET ${STATE}`, 200, state(true, doneRun));
  return fake;
}

describe("/dev_zone/support/tools (P-10): allow one more past-order sync (decision 0172)", () => {
  it("shows the shop's locked run, asks for a reason, unlocks, and says so", {
    timeout: 20_000,
  }, async () => {
    const fake = staffApi();
    fake.answer(`POST ${STATE}/unlock`, 200, {
      ...state(false, { ...doneRun, unlockedAt: "2026-11-24T10:00:00.000Z" }),
      message: "Past-order sync unlocked",
    });
    const { user } = await renderApp("/dev_zone/support/tools", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Support tools" }, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText("Last run: orders since 2026-01-01, 3 credited, 30 points awarded."),
    ).toBeTruthy();
    expect(screen.getByText("The merchant can't run it again.")).toBeTruthy();
    // No reason: the field says so and nothing is sent.
    await user.click(screen.getByRole("button", { name: "Allow another sync" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(fake.callsTo("POST", `${STATE}/unlock`)).toEqual([]);
    await user.type(screen.getByLabelText("Reason"), "Merchant imported older orders");
    await user.click(screen.getByRole("button", { name: "Allow another sync" }));
    expect(await screen.findByText("Unlocked: the merchant can run it once more.")).toBeTruthy();
    expect(fake.callsTo("POST", `${STATE}/unlock`).map((c) => c.body)).toEqual([
      { reason: "Merchant imported older orders" },
    ]);
    expect(screen.queryByRole("button", { name: "Allow another sync" })).toBeNull();
  });

  it("shows the server's refusal (a run still going) beside the form", { timeout: 20_000 }, async () => {
    const fake = staffApi();
    fake.answer(`POST ${STATE}/unlock`, 409, {
      success: false,
      code: "prior_order_sync_running",
      error: "The prior order sync is still running. Unlock it once it has finished.",
    });
    const { user } = await renderApp("/dev_zone/support/tools", { fake });
    await user.type(await screen.findByLabelText("Reason", {}, { timeout: 8_000 }), "please");
    await user.click(screen.getByRole("button", { name: "Allow another sync" }));
    expect(
      await screen.findByText("The prior order sync is still running. Unlock it once it has finished."),
    ).toBeTruthy();
  });

  it("says when a shop never synced, and offers a retry when its state cannot load", async () => {
    const fake = staffApi();
    fake.answer(`GET ${STATE}`, 200, state(false, null));
    await renderApp("/dev_zone/support/tools", { fake });
    expect(
      await screen.findByText("This shop hasn't synced past orders.", {}, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Reason")).toBeNull();

    const broken = staffApi();
    broken.answer(`GET ${STATE}`, 500, { success: false, code: "internal", error: "Something went wrong" });
    const { user } = await renderApp("/dev_zone/support/tools", { fake: broken });
    expect(
      await screen.findByText("The shop's past-order sync couldn't be loaded", {}, { timeout: 8_000 }),
    ).toBeTruthy();
    broken.answer(`GET ${STATE}`, 200, state(true, doneRun));
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText("The merchant can't run it again.")).toBeTruthy());
  }, 20_000);
});
