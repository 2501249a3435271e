import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateAccountEarning } from "./account-earning";
import { computeCancellationReversal, computeRefundReversal, pendingUntil } from "./reversal";

describe("H-17: refunds reverse points pro rata, exactly once in total", () => {
  it.each([
    ["half refunded → half the points", 100, 10_000, 0, 0, 5_000, 50],
    ["second half → the rest", 100, 10_000, 5_000, 50, 5_000, 50],
    ["a third of 10 points → 3 (floor)", 10, 9_000, 0, 0, 3_000, 3],
    ["refund above the earnable base → everything left", 10, 9_000, 0, 0, 12_000, 10],
    ["nothing left to take", 10, 9_000, 9_000, 10, 1_000, 0],
    ["a zero refund takes nothing", 10, 9_000, 0, 0, 0, 0],
  ])("%s", (_label, awarded, base, before, reversedBefore, refund, expected) => {
    expect(
      computeRefundReversal({
        pointsAwarded: awarded,
        earnableAmount: base,
        refundedBefore: before,
        pointsReversedBefore: reversedBefore,
        refundAmount: refund,
      }),
    ).toBe(expected);
  });

  it("cancellation takes back what remains", () => {
    expect(computeCancellationReversal(100, 30)).toBe(70);
    expect(computeCancellationReversal(100, 100)).toBe(0);
  });

  it("property: any split of refunds never removes more than was awarded, and a full refund removes all", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        (awarded, base, refunds) => {
          let refunded = 0;
          let reversed = 0;
          for (const amount of refunds) {
            const take = computeRefundReversal({
              pointsAwarded: awarded,
              earnableAmount: base,
              refundedBefore: refunded,
              pointsReversedBefore: reversed,
              refundAmount: amount,
            });
            if (take < 0) return false;
            refunded += amount;
            reversed += take;
          }
          if (reversed > awarded) return false;
          return refunded >= base ? reversed === awarded : true;
        },
      ),
    );
  });
});

describe("H-09: pending points", () => {
  it.each([
    ["14 days", "2026-01-10T10:00:00.000Z", { value: 14, unit: "day" as const }, "2026-01-24T10:00:00.000Z"],
    ["1 month", "2026-01-10T10:00:00.000Z", { value: 1, unit: "month" as const }, "2026-02-10T10:00:00.000Z"],
    [
      "31 Jan + 1 month → 28 Feb",
      "2026-01-31T10:00:00.000Z",
      { value: 1, unit: "month" as const },
      "2026-02-28T10:00:00.000Z",
    ],
  ])("%s", (_label, at, period, expected) => {
    expect(pendingUntil(at, period)).toBe(expected);
  });
});

describe("C-25 / C-26: sign up and newsletter", () => {
  const signUp = {
    id: "prg_signup",
    status: "active",
    startDate: null,
    endDate: null,
    config: { earnPoint: 100 },
  };
  const programs = [signUp];
  const base = {
    programs,
    customer: { state: "member" as const, email: "ada@example.com" },
    sandbox: { enabled: false, testEmails: [] },
    priorAwards: [],
    utcOffsetMinutes: 0,
    now: "2026-06-15T12:00:00Z",
  };
  it("a new member gets 100 points, once in a lifetime", () => {
    expect(evaluateAccountEarning(base)).toEqual({ kind: "reward", programId: "prg_signup", points: 100 });
    expect(
      evaluateAccountEarning({
        ...base,
        priorAwards: [{ programId: "prg_signup", at: "2020-01-01T00:00:00Z" }],
      }),
    ).toEqual({ kind: "none", reason: "limit_reached" });
  });
  it.each([
    ["a guest", { customer: { state: "guest" as const, email: null } }, "not_member"],
    ["X-71 sandbox, not a test e-mail", { sandbox: { enabled: true, testEmails: ["qa@x.test"] } }, "sandbox"],
    ["no active program", { programs: [{ ...signUp, status: "inactive" }] }, "no_program"],
  ])("%s earns nothing", (_label, over, reason) => {
    expect(evaluateAccountEarning({ ...base, ...over })).toEqual({ kind: "none", reason });
  });
});
