import type { EarnEvent } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const review: EarnEvent = {
  id: "rev_1",
  kind: "review",
  source: "judgeme",
  programId: "prg_r",
  customer: { id: "c1", name: "Ava Park", email: "ava@laurel.test" },
  status: "pending",
  reason: null,
  rating: 5,
  content: "Lovely tea",
  mediaCount: 1,
  verifiedBuyer: true,
  productId: null,
  url: null,
  pointsDue: 70,
  pointsPaid: 0,
  createdAt: "2026-11-20T10:00:00.000Z",
  decidedAt: null,
};

function setup(putStatus = 200) {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/earn-events/reviews", 200, {
    success: true,
    data: { items: [review], total: 1, page: 1, pageSize: 20, counts: { pending: 1, approved: 2 } },
  });
  fake.answer("GET /apiSa/earn-events/inbound", 200, {
    success: true,
    data: {
      endpoint: "http://localhost/inbound/events",
      shopDomain: "laurel-demo.myshopify.com",
      secret: "s3cret",
      replayWindowSeconds: 300,
    },
  });
  fake.answer(
    "PUT /apiSa/earn-events/reviews/rev_1",
    putStatus,
    putStatus === 200
      ? {
          success: true,
          data: { ...review, status: "approved", pointsPaid: 70 },
          message: "Updated successfully",
        }
      : {
          success: false,
          error: "Something went wrong on our side. Please try again.",
          code: "internal_error",
        },
  );
  fake.answer("GET /apiSa/growth-rewards", 200, {
    success: true,
    data: {
      lifetimeOrders: 12,
      factor: 1,
      bonusFreeOrders: 5,
      rewards: [
        { threshold: 1, freeOrders: 5, state: "claimed" },
        { threshold: 10, freeOrders: 10, state: "claimable" },
        { threshold: 50, freeOrders: 20, state: "locked" },
      ],
    },
  });
  fake.answer("POST /apiSa/growth-rewards/10/claim", 409, {
    success: false,
    error: "Failed to claim free order.",
    code: "growth_claim_failed",
  });
  return fake;
}

describe("review activity (G-14)", () => {
  it("lists reviews with points and counts, and approves one with the spec's toast", async () => {
    const fake = setup();
    await renderApp("/customers/activity/review", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 15_000 });
    expect(within(table).getByText("Lovely tea")).toBeTruthy();
    expect(within(table).getByText("0 of 70")).toBeTruthy();
    expect(screen.getAllByRole("tab", { name: "All (3)" }).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(within(table).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/earn-events/reviews/rev_1")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/earn-events/reviews/rev_1")[0]?.body).toEqual({ status: "approved" });
    expect(await screen.findAllByText("Updated successfully")).not.toHaveLength(0);
  }, 40_000);

  it("says 'Updated failed' when the server refuses", async () => {
    const fake = setup(500);
    await renderApp("/customers/activity/review", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 15_000 });
    await userEvent.setup().click(within(table).getByRole("button", { name: "Disapprove" }));
    expect(await screen.findAllByText("Updated failed")).not.toHaveLength(0);
  }, 40_000);
});

describe("growth rewards (F-09)", () => {
  it("shows each threshold's state and 'Failed to claim free order.' on a refused claim", async () => {
    const fake = setup();
    await renderApp("/programs/growth-rewards", { fake });
    expect(await screen.findByText("Claimable", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("Claimed")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Claim" }));
    expect(await screen.findAllByText("Failed to claim free order.")).not.toHaveLength(0);
  }, 40_000);
});
