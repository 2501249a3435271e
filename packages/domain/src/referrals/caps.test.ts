import { describe, expect, it } from "vitest";
import { checkReferralCap, referralCapOf } from "./caps";

describe("referral caps by plan (E-06, E-07, X-26)", () => {
  it.each([
    ["free", false, 30],
    ["pro_3_2025", false, 100],
    ["pro_4_2025", false, 100],
    ["advanced_2025", false, null],
    ["enterprise", false, null],
    ["free", true, null],
    ["no-such-plan", false, 30],
  ] as const)("%s unlocked=%s → %s", (plan, unlocked, cap) => {
    expect(referralCapOf(plan, unlocked)).toBe(cap);
  });

  it.each([
    ["free", 0, "ok", true],
    ["free", 26, "ok", true],
    ["free", 27, "warning", true],
    ["free", 29, "warning", true],
    ["free", 30, "reached", false],
    ["pro_3_2025", 89, "ok", true],
    ["pro_3_2025", 90, "warning", true],
    ["pro_3_2025", 100, "reached", false],
    ["advanced_2025", 100_000, "ok", true],
  ] as const)("%s with %i completed → %s", (plan, used, status, allows) => {
    const check = checkReferralCap({ plan, unlockUnlimited: false, completedThisCycle: used });
    expect(check.status).toBe(status);
    expect(check.allowsAnother).toBe(allows);
  });

  it("warns from 90 on Essential", () => {
    expect(
      checkReferralCap({ plan: "pro_3_2025", unlockUnlimited: false, completedThisCycle: 0 }).warningFrom,
    ).toBe(90);
  });
});
