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

describe("review exports (G-14, G-16)", () => {
  const exportOf = (id: string, kind: "review" | "google_review", status: "queued" | "done") => ({
    success: true,
    data: {
      id,
      kind,
      statusFilter: kind === "review" ? "pending" : null,
      status,
      totalRows: 4,
      doneRows: status === "done" ? 4 : 0,
      error: null,
      createdAt: "2026-11-24T10:00:00.000Z",
      finishedAt: status === "done" ? "2026-11-24T10:00:05.000Z" : null,
    },
  });

  it("exports the review tab as a job, follows it in the URL and offers the download", async () => {
    const fake = setup();
    fake.answer("POST /apiSa/earn-events/reviews/exports", 200, exportOf("rex_1", "review", "queued"));
    fake.answer("GET /apiSa/earn-events/exports/rex_1", 200, exportOf("rex_1", "review", "done"));
    const { router, user } = await renderApp("/customers/activity/review?status=pending", { fake });
    await user.click(await screen.findByRole("button", { name: "Export CSV" }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.search).toContain("export=rex_1"));
    expect(fake.callsTo("POST", "/apiSa/earn-events/reviews/exports")[0]?.body).toEqual({
      status: "pending",
    });
    expect(await screen.findAllByText("Export started. We'll e-mail you when it's ready.")).not.toHaveLength(
      0,
    );
    expect(await screen.findByText("Your export of 4 reviews is ready")).toBeTruthy();
    expect(screen.getByText("We also e-mailed you a link.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeTruthy();
  }, 40_000);

  it("says 'No Google reviews found to export' when the tab is empty, following nothing", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/earn-events/google-reviews", 200, {
      success: true,
      data: { items: [], total: 0, page: 1, pageSize: 20, counts: {} },
    });
    fake.answer("POST /apiSa/earn-events/google-reviews/exports", 404, {
      success: false,
      error: "No Google reviews found to export",
      code: "not_found",
    });
    const { router, user } = await renderApp("/customers/programs/google-maps-review", { fake });
    await user.click(await screen.findByRole("button", { name: "Export CSV" }, { timeout: 15_000 }));
    expect(await screen.findAllByText("No Google reviews found to export")).not.toHaveLength(0);
    expect(fake.callsTo("POST", "/apiSa/earn-events/google-reviews/exports")[0]?.body).toEqual({});
    expect(router.state.location.search).not.toContain("export=");
  }, 40_000);

  it("shows a failed export with the spec's message", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/earn-events/exports/rex_9", 200, {
      success: true,
      data: {
        ...exportOf("rex_9", "review", "done").data,
        status: "failed",
        error: "Failed to export reviews",
      },
    });
    await renderApp("/customers/activity/review?export=rex_9", { fake });
    expect(await screen.findByText("Failed to export reviews", {}, { timeout: 15_000 })).toBeTruthy();
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
