import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkReferralCap } from "./caps";
import { full, roomy, rules } from "./fixtures.test-support";
import {
  canTransition,
  decideReferralStep,
  type FriendOrderNews,
  type ReferralState,
  type ReferralStatus,
} from "./lifecycle";

const pending: ReferralState = { status: "pending", orderId: null, completedAt: null };
const completed: ReferralState = {
  status: "completed",
  orderId: "o1",
  completedAt: "2026-01-01T00:00:00.000Z",
};
const news = (over: Partial<FriendOrderNews> = {}): FriendOrderNews => ({
  orderId: "o1",
  event: "paid",
  paid: true,
  tags: [],
  orderedBefore: false,
  at: "2026-01-02T00:00:00.000Z",
  ...over,
});
const step = (referral: ReferralState, order: FriendOrderNews, over = {}) =>
  decideReferralStep({
    rules: rules(),
    referral,
    order,
    referrerAtLimit: false,
    capAllowsAnother: true,
    ...over,
  });

describe("transitions (E-05)", () => {
  it.each([
    ["pending", "completed", true],
    ["pending", "canceled", true],
    ["completed", "canceled", true],
    ["completed", "pending", false],
    ["canceled", "completed", false],
    ["canceled", "pending", false],
  ] as const)("%s → %s: %s", (from, to, ok) => {
    expect(canTransition(from, to)).toBe(ok);
  });
});

describe("decideReferralStep", () => {
  it("completes on the friend's first paid order", () => {
    expect(step(pending, news())).toEqual({ action: "complete" });
  });
  it("waits for payment when only paid orders count", () => {
    expect(step(pending, news({ event: "created", paid: false }))).toEqual({ action: "none" });
    const anyOrder = rules({ antiCheat: { ...rules().antiCheat, paidOrdersOnly: false } });
    expect(
      decideReferralStep({
        rules: anyOrder,
        referral: pending,
        order: news({ event: "created", paid: false }),
        referrerAtLimit: false,
        capAllowsAnother: true,
      }),
    ).toEqual({ action: "complete" });
  });
  it("ignores orders without a qualifying tag", () => {
    const tagged = rules({ orderTags: ["referral-ok"] });
    const base = { rules: tagged, referral: pending, referrerAtLimit: false, capAllowsAnother: true };
    expect(decideReferralStep({ ...base, order: news() })).toEqual({ action: "none" });
    expect(decideReferralStep({ ...base, order: news({ tags: ["referral-ok"] }) })).toEqual({
      action: "complete",
    });
  });
  it("cancels when the friend bought before, the referrer is at the limit or the plan cap is reached", () => {
    expect(step(pending, news({ orderedBefore: true }))).toEqual({
      action: "cancel",
      reason: "previous_purchase",
    });
    expect(step(pending, news(), { referrerAtLimit: true })).toEqual({
      action: "cancel",
      reason: "referrer_limit",
    });
    expect(step(pending, news(), { capAllowsAnother: full.allowsAnother })).toEqual({
      action: "cancel",
      reason: "plan_cap",
    });
  });
  it("an unpaid order cancelled leaves the referral pending", () => {
    expect(step(pending, news({ event: "cancelled", paid: false }))).toEqual({ action: "none" });
  });
  it("cancel or refund of the completing order within the window cancels", () => {
    expect(step(completed, news({ event: "refunded" }))).toEqual({
      action: "cancel",
      reason: "order_refunded",
    });
    expect(step(completed, news({ event: "cancelled" }))).toEqual({
      action: "cancel",
      reason: "order_cancelled",
    });
  });
  it("after the window, or for another order, nothing changes", () => {
    expect(step(completed, news({ event: "refunded", at: "2026-03-01T00:00:00.000Z" }))).toEqual({
      action: "none",
    });
    expect(step(completed, news({ event: "refunded", orderId: "o2" }))).toEqual({ action: "none" });
    expect(step(completed, news({ orderId: "o2" }))).toEqual({ action: "none" });
  });
  it("canceled is final", () => {
    const canceled: ReferralState = { status: "canceled", orderId: null, completedAt: null };
    expect(step(canceled, news())).toEqual({ action: "none" });
  });
});

/**
 * The order pipeline's guarantee in miniature: whatever the order and number of deliveries of
 * the friends' order news, each referral is rewarded at most once, never past the plan cap, and
 * never walks a forbidden transition.
 */
describe("property: storms of order news", () => {
  const eventArb = fc.record({
    referral: fc.nat({ max: 39 }),
    event: fc.constantFrom("created", "paid", "fulfilled", "cancelled", "refunded"),
    day: fc.nat({ max: 60 }),
  });
  it("rewards each referral at most once and never past the cap", () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 300 }), (events) => {
        const states = new Map<number, ReferralState>();
        const rewarded = new Map<number, number>();
        let completedCount = 0;
        for (const e of events) {
          const current = states.get(e.referral) ?? pending;
          const cap = checkReferralCap({
            plan: "free",
            unlockUnlimited: false,
            completedThisCycle: completedCount,
          });
          const at = new Date(Date.UTC(2026, 0, 1 + e.day)).toISOString();
          const s = decideReferralStep({
            rules: rules(),
            referral: current,
            order: news({ orderId: `o${e.referral}`, event: e.event, paid: e.event !== "created", at }),
            referrerAtLimit: false,
            capAllowsAnother: cap.allowsAnother,
          });
          let next: ReferralStatus = current.status;
          if (s.action === "complete") {
            next = "completed";
            completedCount++;
            rewarded.set(e.referral, (rewarded.get(e.referral) ?? 0) + 1);
            states.set(e.referral, { status: next, orderId: `o${e.referral}`, completedAt: at });
          } else if (s.action === "cancel") {
            next = "canceled";
            states.set(e.referral, { ...current, status: next });
          }
          if (next !== current.status) expect(canTransition(current.status, next)).toBe(true);
        }
        for (const n of rewarded.values()) expect(n).toBe(1);
        expect(completedCount).toBeLessThanOrEqual(30);
      }),
    );
  });
  it("a full cap never completes another", () => {
    fc.assert(
      fc.property(fc.constantFrom("created", "paid", "fulfilled"), (event) => {
        const s = step(pending, news({ event, paid: true }), { capAllowsAnother: false });
        expect(s.action).not.toBe("complete");
        expect(roomy.allowsAnother).toBe(true);
      }),
    );
  });
});
