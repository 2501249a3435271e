import type { NotificationLog } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const page: NotificationLog = {
  entries: [
    {
      id: "ntf_1",
      event: "points_earned",
      recipient: "ava@example.com",
      customerId: "c1",
      subject: "You earned 10 points at Laurel Demo Store",
      status: "clicked",
      lastError: null,
      createdAt: "2026-11-20T10:00:00.000Z",
      sentAt: "2026-11-20T10:00:05.000Z",
      openedAt: "2026-11-20T11:00:00.000Z",
      clickedAt: "2026-11-20T11:00:10.000Z",
    },
    {
      id: "ntf_2",
      event: "reward_redeemed",
      recipient: "ben@example.com",
      customerId: "c2",
      subject: null,
      status: "failed",
      lastError: "421 Service not available",
      createdAt: "2026-11-19T10:00:00.000Z",
      sentAt: null,
      openedAt: null,
      clickedAt: null,
    },
  ],
  nextCursor: "cursor_2",
};

describe("/customers/notifications/manage (L-01 … L-03)", () => {
  it("lists e-mails with their status and the failure reason, resends, and pages with the cursor in the URL", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/notifications/log", 200, { success: true, data: page });
    fake.answer("POST /apiSa/notifications/log/ntf_2/resend", 200, {
      success: true,
      data: { ...page.entries[1], status: "queued" },
      message: "Queued to be sent again",
    });
    const { router } = await renderApp("/customers/notifications/manage", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    expect(within(table).getByText("ava@example.com")).toBeTruthy();
    expect(within(table).getByText("Clicked")).toBeTruthy();
    expect(within(table).getByText("421 Service not available")).toBeTruthy();
    expect(within(table).getByText("Reward redeemed")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Resend the e-mail to ben@example.com" }));
    await waitFor(() =>
      expect(fake.callsTo("POST", "/apiSa/notifications/log/ntf_2/resend")).toHaveLength(1),
    );
    expect(await screen.findByText("Queued to be sent again")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toContain("pages=cursor_2"));
    await user.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("pages="));
  }, 20_000);

  it("has an empty state and an error state with retry", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/notifications/log", 200, {
      success: true,
      data: { entries: [], nextCursor: null },
    });
    await renderApp("/customers/notifications/manage", { fake });
    expect(await screen.findByText("No e-mails yet", {}, { timeout: 5_000 })).toBeTruthy();

    const broken = createFakeApi();
    broken.answer("GET /apiSa/notifications/log", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    await renderApp("/customers/notifications/manage", { fake: broken });
    expect(
      await screen.findByText("The notification log couldn't be loaded.", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  }, 20_000);
});
