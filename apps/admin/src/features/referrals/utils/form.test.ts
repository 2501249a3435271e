import { describe, expect, it } from "vitest";
import { draftOf, parseCustomerList, settingsOf, tabOfPath, validateDraft } from "./form";

const settings = {
  enabled: true,
  title: "Refer a friend",
  description: "Share",
  friendReward: { kind: "amount" as const, amount: 1050 },
  referrerReward: { kind: "points" as const, points: 500 },
  redirectUrl: "/",
  linkPrefix: "REF",
  eligibility: "members_only" as const,
  orderTags: ["a", "b"],
  customerTags: [],
  perCustomerLimit: { limit: null, perTier: {} },
  antiCheat: {
    similarEmail: true,
    sameBrowser: true,
    sameIp: false,
    previousPurchases: true,
    paidOrdersOnly: true,
  },
  cancelWindowDays: 30,
};

describe("referral settings form", () => {
  it("round-trips settings through the draft (money in major units)", () => {
    const draft = draftOf(settings);
    expect(draft.friendReward).toEqual({ kind: "amount", value: "10.50" });
    expect(draft.orderTags).toBe("a, b");
    expect(settingsOf(draft)).toEqual(settings);
    expect(validateDraft(draft)).toEqual({});
  });

  it.each([
    ["title", { title: " " }, "referrals.errors.titleRequired"],
    ["description", { description: "x".repeat(501) }, "referrals.errors.descriptionTooLong"],
    ["redirectUrl", { redirectUrl: "not a url" }, "referrals.errors.redirectUrlInvalid"],
    ["friendReward", { friendReward: { kind: "points", value: "0" } }, "referrals.errors.rewardPositive"],
    [
      "referrerReward",
      { referrerReward: { kind: "percentage", value: "120" } },
      "referrals.errors.percentageMax",
    ],
    ["perCustomerLimit", { perCustomerLimit: "1.5" }, "referrals.errors.limitWhole"],
    ["cancelWindowDays", { cancelWindowDays: "400" }, "referrals.errors.windowDays"],
  ] as const)("flags %s (E-04)", (field, patch, key) => {
    expect(validateDraft({ ...draftOf(settings), ...patch })[field]).toBe(key);
  });

  it("maps paths to tabs", () => {
    expect(tabOfPath("/programs/referral")).toBe("settings");
    expect(tabOfPath("/embed/programs/referral/friendReward")).toBe("friendReward");
    expect(tabOfPath("/programs/referral/customerReward")).toBe("customerReward");
  });

  it("parses a pasted CSV column", () => {
    expect(parseCustomerList('email\n"ava@example.com"\nben@example.com, ava@example.com;cus_1')).toEqual([
      "ava@example.com",
      "ben@example.com",
      "cus_1",
    ]);
  });
});
