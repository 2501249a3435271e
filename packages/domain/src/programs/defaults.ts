import type { NewProgram, ProgramBase } from "./common";

/**
 * The programs a new shop starts with, from the spec's defaults: place order 10 points per 100 of
 * money (C-15), sign up 100 points once in a lifetime (C-25), and a 500-point amount discount.
 * Money is in minor units of the shop's currency: 100.00 → 10000, 5.00 → 500.
 */
export type DefaultProgram = NewProgram<ProgramBase<"earning" | "spending", string, Record<string, unknown>>>;

const base = {
  translateTitle: {},
  description: null,
  status: "active",
  startDate: null,
  endDate: null,
} as const;

export function defaultPrograms(): DefaultProgram[] {
  return [
    {
      ...base,
      type: "earning",
      event: "place_order",
      title: "Place an order",
      priority: 99,
      config: {
        earnBy: "price",
        earnPoint: 10,
        rateMoney: 10_000,
        rounding: "roundingDown",
        enabledAntiCheat: true,
        hasLimit: false,
        limitUnit: "lifetime",
        limitInterval: 1,
        applyTo: "all_members",
        autoRemovePoints: true,
      },
    },
    {
      ...base,
      type: "earning",
      event: "sign_up",
      title: "Sign up",
      priority: 99,
      config: { earnPoint: 100, hasLimit: true, limitUnit: "lifetime", limitInterval: 1 },
    },
    {
      ...base,
      type: "spending",
      event: "amount_discount",
      title: "$5 off coupon",
      priority: 99,
      config: {
        redeemType: "fixed",
        pointsCost: 500,
        discountKind: "amount",
        // 500 points for 5.00: one point is worth one cent, the usual loyalty exchange.
        rewardValue: 500,
        minimumRequirement: { kind: "none" },
        combinesWith: { order: false, product: false, shipping: true },
        availability: "redeemer_only",
        channel: "applyOnlineStore",
        purchaseType: "one_time_purchase",
        rewardExpiry: "permanent",
      },
    },
  ];
}
