import { describe, expect, it } from "vitest";
import {
  type Coupon,
  type CouponRevokeSettings,
  checkRevoke,
  couponRevokeSettingsSchema,
  couponStatus,
  couponTab,
  DEFAULT_COUPON_REVOKE_SETTINGS,
  formatRevokeTimeframe,
  type RevokeInput,
} from "./coupon";

const issuedAt = "2025-03-01T10:00:00.000Z";
const coupon: Coupon = {
  code: "VIPA1B2C3",
  points: 500,
  issuedAt,
  expiresAt: "2025-04-01T10:00:00.000Z",
  usedAt: null,
  revokedAt: null,
};

describe("coupon status (H-11)", () => {
  it.each([
    ["H-11: available before expiry", {}, "2025-03-15T00:00:00Z", "available", "available"],
    ["H-11: expired at the expiry instant", {}, "2025-04-01T10:00:00.000Z", "expired", "unavailable"],
    ["H-11: permanent never expires", { expiresAt: null }, "2099-01-01T00:00:00Z", "available", "available"],
    [
      "H-11: used",
      { usedAt: "2025-03-02T00:00:00Z", usedOrderId: "gid://shopify/Order/1" },
      "2025-03-15T00:00:00Z",
      "redeemed",
      "unavailable",
    ],
    [
      "H-11: used stays used after expiry",
      { usedAt: "2025-03-02T00:00:00Z" },
      "2025-05-01T00:00:00Z",
      "redeemed",
      "unavailable",
    ],
    [
      "H-11: revoked",
      { revokedAt: "2025-03-02T00:00:00Z", revokeReason: "asked" },
      "2025-03-15T00:00:00Z",
      "revoked",
      "unavailable",
    ],
  ] as const)("%s", (_id, patch, now, status, tab) => {
    const s = couponStatus({ ...coupon, ...patch }, now);
    expect(s).toBe(status);
    expect(couponTab(s)).toBe(tab);
  });
});

describe("revoke settings (H-12)", () => {
  it("H-12: the defaults are off and valid", () => {
    expect(DEFAULT_COUPON_REVOKE_SETTINGS.enabled).toBe(false);
    expect(couponRevokeSettingsSchema.parse(DEFAULT_COUPON_REVOKE_SETTINGS)).toEqual(
      DEFAULT_COUPON_REVOKE_SETTINGS,
    );
  });

  it.each([
    ["H-12: max revokes above 0", { maxRevokes: 0 }, "Max revokes must be greater than 0"],
    [
      "H-12: timeframe duration above 0",
      { timeframe: { unit: "day", duration: 0 } },
      "Timeframe duration must be greater than 0",
    ],
    [
      "H-12: time limit above 0",
      { timeLimit: { value: 0, unit: "hour" } },
      "Revoke time limit must be greater than 0",
    ],
  ])("%s", (_id, patch, message) => {
    const result = couponRevokeSettingsSchema.safeParse({ ...DEFAULT_COUPON_REVOKE_SETTINGS, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("H-12: the time limit has no lifetime unit; the timeframe does", () => {
    expect(
      couponRevokeSettingsSchema.safeParse({
        ...DEFAULT_COUPON_REVOKE_SETTINGS,
        timeLimit: { value: 1, unit: "lifetime" },
      }).success,
    ).toBe(false);
    expect(
      couponRevokeSettingsSchema.safeParse({
        ...DEFAULT_COUPON_REVOKE_SETTINGS,
        timeframe: { unit: "lifetime", duration: 1 },
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ unit: "day", duration: 1 }, "day"],
    [{ unit: "week", duration: 2 }, "2 weeks"],
    [{ unit: "minute", duration: 30 }, "30 minutes"],
    [{ unit: "lifetime", duration: 1 }, "lifetime"],
  ] as const)("H-12: timeframe %j reads %j", (timeframe, text) => {
    expect(formatRevokeTimeframe(timeframe)).toBe(text);
  });
});

describe("revoking a coupon (H-12, H-13)", () => {
  const settings: CouponRevokeSettings = {
    enabled: true,
    maxRevokes: 2,
    timeframe: { unit: "month", duration: 1 },
    timeLimit: { value: 24, unit: "hour" },
  };
  const input = (patch: Partial<RevokeInput> = {}): RevokeInput => ({
    coupon,
    settings,
    priorRevokes: [],
    now: "2025-03-01T12:00:00.000Z",
    ...patch,
  });

  it.each([
    ["H-13: an available coupon refunds its points", input(), { ok: true, refundPoints: 500 }],
    [
      "H-13: at the time limit exactly",
      input({ now: "2025-03-02T10:00:00.000Z" }),
      { ok: true, refundPoints: 500 },
    ],
    [
      "H-13: after the time limit",
      input({ now: "2025-03-02T10:00:00.001Z" }),
      {
        ok: false,
        code: "revoke_time_limit",
        message: "This coupon can only be revoked within 24 hours after redemption",
      },
    ],
    [
      "H-13: time limit of one day reads singular",
      input({ settings: { ...settings, timeLimit: { value: 1, unit: "day" } }, now: "2025-03-03T00:00:00Z" }),
      {
        ok: false,
        code: "revoke_time_limit",
        message: "This coupon can only be revoked within 1 day after redemption",
      },
    ],
    [
      "H-12: no time limit",
      input({ settings: { ...settings, timeLimit: null }, now: "2025-03-20T00:00:00Z" }),
      { ok: true, refundPoints: 500 },
    ],
    [
      "H-13: the count limit per timeframe",
      input({ priorRevokes: ["2025-02-10T00:00:00Z", "2025-02-20T00:00:00Z"] }),
      { ok: false, code: "revoke_limit", message: "You can only revoke 2 times per month" },
    ],
    [
      "H-12: revokes older than the timeframe do not count (sliding window)",
      input({ priorRevokes: ["2025-01-31T00:00:00Z", "2025-02-20T00:00:00Z"] }),
      { ok: true, refundPoints: 500 },
    ],
    [
      "H-12: lifetime counts every revoke",
      input({
        settings: { ...settings, maxRevokes: 3, timeframe: { unit: "lifetime", duration: 1 } },
        priorRevokes: ["2019-01-01T00:00:00Z", "2021-01-01T00:00:00Z", "2024-01-01T00:00:00Z"],
      }),
      { ok: false, code: "revoke_limit", message: "You can only revoke 3 times per lifetime" },
    ],
    [
      "H-12: a multi-unit timeframe",
      input({
        settings: { ...settings, maxRevokes: 1, timeframe: { unit: "week", duration: 2 } },
        priorRevokes: ["2025-02-20T00:00:00Z"],
      }),
      { ok: false, code: "revoke_limit", message: "You can only revoke 1 times per 2 weeks" },
    ],
    [
      "H-12: no count limit",
      input({
        settings: { ...settings, maxRevokes: null },
        priorRevokes: Array(50).fill("2025-03-01T11:00:00Z"),
      }),
      { ok: true, refundPoints: 500 },
    ],
    [
      "H-12: revoking turned off",
      input({ settings: { ...settings, enabled: false } }),
      { ok: false, code: "revoke_disabled", message: "This coupon cannot be revoked" },
    ],
    [
      "H-13: a used coupon cannot be revoked",
      input({ coupon: { ...coupon, usedAt: "2025-03-01T11:00:00Z" } }),
      { ok: false, code: "coupon_used", message: "This coupon has already been used" },
    ],
    [
      "H-13: an expired coupon cannot be revoked",
      input({ coupon: { ...coupon, expiresAt: "2025-03-01T11:00:00Z" } }),
      { ok: false, code: "coupon_expired", message: "This coupon has expired" },
    ],
    [
      "H-13: a revoke cannot be undone or repeated",
      input({ coupon: { ...coupon, revokedAt: "2025-03-01T11:00:00Z" } }),
      { ok: false, code: "coupon_revoked", message: "This coupon has already been revoked" },
    ],
    [
      "H-13: a merchant needs an admin note",
      input({ by: "admin", reason: "  " }),
      { ok: false, code: "revoke_reason_required", message: "Please enter an admin note" },
    ],
    [
      "H-13: a merchant is not bound by the storefront limits",
      input({
        by: "admin",
        reason: "customer asked",
        settings: { ...settings, enabled: false },
        now: "2025-03-20T00:00:00Z",
      }),
      { ok: true, refundPoints: 500 },
    ],
    [
      "H-13: but cannot revoke a used coupon either",
      input({ by: "admin", reason: "x", coupon: { ...coupon, usedAt: "2025-03-01T11:00:00Z" } }),
      { ok: false, code: "coupon_used", message: "This coupon has already been used" },
    ],
  ])("%s", (_id, revoke, expected) => {
    expect(checkRevoke(revoke)).toEqual(expected);
  });
});
