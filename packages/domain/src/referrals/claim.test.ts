import { describe, expect, it } from "vitest";
import { decideClaim, mayRefer, referrerLimitOf } from "./claim";
import { friend, full, referrer, roomy, rules } from "./fixtures.test-support";

describe("decideClaim (E-03): each rule with its reason", () => {
  it("accepts a new friend on another device", () => {
    expect(decideClaim({ rules: rules(), referrer: referrer(), friend: friend(), cap: roomy })).toEqual({
      accepted: true,
    });
  });

  it.each([
    ["program off", { rules: rules({ enabled: false }) }, "program_off"],
    ["referrer left", { referrer: referrer({ type: "left" }) }, "referrer_not_eligible"],
    ["self by id", { friend: friend({ customerId: "c_ava" }) }, "self_referral"],
    [
      "self by gmail alias",
      { friend: friend({ customerId: null, email: "a.v.a.green+x@googlemail.com" }) },
      "self_referral",
    ],
    ["already referred", { friend: friend({ alreadyReferred: true }) }, "already_referred"],
    ["similar e-mail", { friend: friend({ email: "ava.gren@gmail.com" }) }, "similar_email"],
    ["same browser", { friend: friend({ deviceId: "dev-ava" }) }, "same_browser"],
    ["same IP", { friend: friend({ ipHash: "ip-ava" }) }, "same_ip"],
    ["bought before", { friend: friend({ hasOrderedBefore: true }) }, "previous_purchase"],
    [
      "referrer at their limit",
      {
        rules: rules({ perCustomerLimit: { limit: 2, perTier: {} } }),
        referrer: referrer({ completedReferrals: 2 }),
      },
      "referrer_limit",
    ],
    ["plan cap reached", { cap: full }, "plan_cap"],
  ] as const)("refuses %s", (_, over, reason) => {
    const input = { rules: rules(), referrer: referrer(), friend: friend(), cap: roomy, ...over };
    expect(decideClaim(input)).toEqual({ accepted: false, reason });
  });

  it("each anti-cheat rule is off with its toggle", () => {
    const off = rules({
      antiCheat: {
        similarEmail: false,
        sameBrowser: false,
        sameIp: false,
        previousPurchases: false,
        paidOrdersOnly: false,
      },
    });
    const sneaky = friend({
      email: "ava.gren@gmail.com",
      deviceId: "dev-ava",
      ipHash: "ip-ava",
      hasOrderedBefore: true,
    });
    expect(decideClaim({ rules: off, referrer: referrer(), friend: sneaky, cap: roomy })).toEqual({
      accepted: true,
    });
  });

  it("self-referral is refused even with every toggle off", () => {
    const off = rules({
      antiCheat: {
        similarEmail: false,
        sameBrowser: false,
        sameIp: false,
        previousPurchases: false,
        paidOrdersOnly: false,
      },
    });
    expect(
      decideClaim({ rules: off, referrer: referrer(), friend: friend({ customerId: "c_ava" }), cap: roomy }),
    ).toEqual({
      accepted: false,
      reason: "self_referral",
    });
  });
});

describe("eligibility (X-49, E-10)", () => {
  it.each([
    ["all_customers", "guest", false, true],
    ["members_only", "guest", false, false],
    ["members_only", "member", false, true],
    ["whitelist_only", "member", false, false],
    ["whitelist_only", "member", true, true],
  ] as const)("%s, %s, whitelisted=%s → %s", (eligibility, type, whitelisted, may) => {
    expect(mayRefer(rules({ eligibility }), referrer({ type, whitelisted }))).toBe(may);
  });
  it("customer tags restrict referrers", () => {
    const r = rules({ customerTags: ["vip"] });
    expect(mayRefer(r, referrer())).toBe(false);
    expect(mayRefer(r, referrer({ tags: ["vip"] }))).toBe(true);
  });
  it("a VIP tier's limit overrides the shop's", () => {
    const r = rules({ perCustomerLimit: { limit: 3, perTier: { gold: 10 } } });
    expect(referrerLimitOf(r, "gold")).toBe(10);
    expect(referrerLimitOf(r, "silver")).toBe(3);
    expect(referrerLimitOf(r, null)).toBe(3);
  });
});
