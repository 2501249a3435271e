import { describe, expect, it } from "vitest";
import {
  type ActivityType,
  activityBadge,
  activityTypeInfo,
  activityTypeList,
  activityTypes,
  checkEntryShape,
  entryKindOf,
  externalPointEvents,
  holdEntryKey,
  isActivityType,
} from "./activity";

describe("activity types (H-01…H-06, X-39)", () => {
  it.each([
    [
      "H-01",
      [
        "remove_cancel_order",
        "remove_refund",
        "remove_partial_refund",
        "remove_disapproved_review",
        "remove_referral",
      ],
      "remove",
      "-",
    ],
    ["H-02", ["adjust_import_add"], "adjust", "+"],
    [
      "H-02",
      ["adjust_import_reset", "adjust_rest_api", "adjust_rest_api_reset", "adjust_point"],
      "adjust",
      "±",
    ],
    [
      "H-03",
      [
        "earn_sign_up",
        "earn_newsletter",
        "earn_review",
        "earn_place_order",
        "earn_social_follow",
        "earn_social_share",
        "earn_birthday",
        "earn_join_chat_group",
        "earn_referral",
        "earn_tier_bonus",
        "earn_milestone",
        "earn_rest_api",
        "earn_google_maps_review",
        "earn_visit_website",
        "earn_streak_visit",
        "earn_custom",
      ],
      "earn",
      "+",
    ],
    ["H-04", ["redeem_point", "redeem_rest_api"], "redeem", "-"],
    ["X-39: Google review clawback reported as remove", ["redeem_google_review"], "remove", "-"],
    ["H-05", ["refund_coupon", "redeem_void"], "other", "+"],
    ["H-05", ["expire_point", "free_gift", "redeem_on_pos"], "other", "-"],
    [
      "H-05: log lines",
      [
        "log_place_order",
        "log_place_order_b2b",
        "log_place_order_pending_fulfil",
        "redeem_referral_coupon_referred",
        "redeem_referral_coupon_referrer",
        "earn_discount",
        "demote_tier",
        "downgrade_tier",
        "tier_up_coupon",
        "migrate_customer",
        "migrate_order",
        "unsubscribe",
        "adjust_store_credit",
        "deactivated_coupon",
      ],
      "other",
      "0",
    ],
  ] as const)("%s: %j are %s with sign %s", (_id, types, category, sign) => {
    for (const t of types as readonly ActivityType[])
      expect(activityTypeInfo(t)).toMatchObject({ category, sign });
  });

  it.each([
    ["H-09", "earn_pending_point", "pending", "+"],
    ["H-09", "deduct_pending_point", "pending", "-"],
    ["H-09", "convert_pending_point", "pending_to_available", "+"],
    ["H-14/H-20", "adjust_tier_point", "tier_points", "±"],
    ["H-15", "adjust_store_credit", "none", "0"],
  ] as const)("%s: %s moves %s (%s)", (_id, type, balance, sign) => {
    expect(activityTypes[type]).toMatchObject({ balance, sign });
  });

  it("H-14: only the manual adjustment may overdraw", () => {
    expect(activityTypeList.filter((t) => "mayOverdraw" in activityTypes[t])).toEqual(["adjust_point"]);
  });

  it("codes are snake_case, unique and include the ones the server already writes", () => {
    expect(new Set(activityTypeList).size).toBe(activityTypeList.length);
    for (const t of activityTypeList) expect(t).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
    for (const t of ["earn_place_order", "earn_sign_up", "redeem_point", "redeem_void", "adjust_point"]) {
      expect(isActivityType(t)).toBe(true);
    }
    expect(isActivityType("toString")).toBe(false);
  });

  it("H-06: every external point event maps to a known activity", () => {
    const mapped = Object.values(externalPointEvents).flatMap((group) => Object.values(group));
    for (const t of mapped) expect(isActivityType(t)).toBe(true);
    expect(externalPointEvents.rest_api).toEqual({
      earn: "earn_rest_api",
      spend: "redeem_rest_api",
      adjust: "adjust_rest_api",
      reset: "adjust_rest_api_reset",
    });
    expect(Object.keys(externalPointEvents.flow)).toEqual(["add point", "subtract point", "reward coupon"]);
  });

  it.each([
    ["H-19", "earn_place_order", "earn point"],
    ["H-19", "redeem_point", "spend point"],
    ["H-19", "remove_refund", "minus point"],
    ["H-19", "expire_point", "minus point"],
    ["H-19", "earn_pending_point", "pending"],
    ["H-19", "log_place_order", null],
  ] as const)("%s: %s shows the %j badge", (_id, type, badge) => {
    expect(activityBadge(type)).toBe(badge);
  });
});

describe("entry shape", () => {
  it.each([
    ["H-03: an earn credits", { activityType: "earn_place_order", available: 10, tierPoints: 10 }, null],
    ["H-03: an earn cannot debit", { activityType: "earn_place_order", available: -10 }, "expected a credit"],
    ["H-01: a refund debits", { activityType: "remove_refund", available: -5 }, null],
    ["H-01: a refund cannot credit", { activityType: "remove_refund", available: 5 }, "expected a debit"],
    [
      "H-14: a manual adjustment may go either way",
      { activityType: "adjust_point", available: -5, allowNegative: true },
      null,
    ],
    [
      "H-14: a zero adjustment is no adjustment",
      { activityType: "adjust_point", available: 0 },
      "expected a change",
    ],
    [
      "H-14: only manual adjustments overdraw",
      { activityType: "redeem_point", available: -5, allowNegative: true },
      "redeem_point may not take the balance below zero",
    ],
    [
      "H-05: a log line moves nothing",
      { activityType: "log_place_order", available: 1 },
      "log_place_order moves no points",
    ],
    ["H-09: pending credit", { activityType: "earn_pending_point", pending: 7 }, null],
    [
      "H-09: pending only",
      { activityType: "earn_pending_point", pending: 7, available: 7 },
      "earn_pending_point moves only pending points",
    ],
    ["H-09: conversion", { activityType: "convert_pending_point", pending: -7, available: 7 }, null],
    [
      "H-09: conversion must balance",
      { activityType: "convert_pending_point", pending: -7, available: 8 },
      "convert_pending_point moves pending points to available",
    ],
    ["H-20: tier points alone", { activityType: "adjust_tier_point", tierPoints: -3 }, null],
    [
      "H-20: tier points only",
      { activityType: "adjust_tier_point", tierPoints: 3, available: 3 },
      "adjust_tier_point moves only tier points",
    ],
    [
      "H-01: no pending on an available activity",
      { activityType: "remove_refund", available: -1, pending: -1 },
      "remove_refund moves no pending points",
    ],
  ] as const)("%s", (_id, entry, problem) => {
    expect(checkEntryShape(entry)).toBe(problem);
  });

  it.each([
    [{ available: -10, holdId: "h1" }, "hold_reserve"],
    [{ available: 10, holdId: "h1" }, "hold_void"],
    [{ available: -10, reversesEntryId: 4 }, "reversal"],
    [{}, "log"],
    [{ available: 10 }, "posting"],
    [{ pending: 3 }, "posting"],
  ] as const)("entry kind of %j is %s", (entry, kind) => {
    expect(entryKindOf(entry)).toBe(kind);
  });

  it("hold entry keys match the server's", () => {
    expect(holdEntryKey("hold_1", "reserve")).toBe("hold:hold_1:reserve");
    expect(holdEntryKey("hold_1", "void")).toBe("hold:hold_1:void");
  });
});
