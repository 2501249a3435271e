/**
 * The programs a new shop starts with (C-15, C-25), so the widget has something to show on day one.
 * Money is in minor units of the shop's currency: 100.00 → 10000, 5.00 → 500.
 */
import type { NewProgram } from "./common";
import {
  DEFAULT_PRIORITY,
  type PlaceOrderProgram,
  placeOrderConfigSchema,
  type SignUpProgram,
  signUpConfigSchema,
} from "./earning";
import { parseSpendingProgramConfig, type SpendingProgram } from "./spending";

export type DefaultProgram =
  | NewProgram<PlaceOrderProgram>
  | NewProgram<SignUpProgram>
  | NewProgram<SpendingProgram>;

const common = {
  translateTitle: {},
  description: null,
  status: "active",
  priority: DEFAULT_PRIORITY,
  startDate: null,
  endDate: null,
} as const;

/**
 * C-15: place order, 10 points per 100.00 spent (earnBy price, `rateMoney` 10000 minor units),
 * rounding down, anti-cheat on, limit interval 1 (the limit itself off), priority 99.
 * The other settings are the schema's defaults (online store orders, members, gift cards, store
 * credit and free gifts excluded).
 */
function placeOrderDefault(): NewProgram<PlaceOrderProgram> {
  return {
    ...common,
    type: "earning",
    event: "place_order",
    title: "Place an order",
    config: placeOrderConfigSchema.parse({
      earnBy: "price",
      earnPoint: 10,
      rateMoney: 10_000,
      rounding: "roundingDown",
      enabledAntiCheat: true,
      hasLimit: false,
      limitInterval: 1,
    }),
  };
}

/** C-25: sign up, 100 points, once in a lifetime. */
function signUpDefault(): NewProgram<SignUpProgram> {
  return {
    ...common,
    type: "earning",
    event: "sign_up",
    title: "Sign up",
    config: signUpConfigSchema.parse({
      earnPoint: 100,
      hasLimit: true,
      limitUnit: "lifetime",
      limitInterval: 1,
    }),
  };
}

/**
 * A fixed 500-point amount discount worth 5.00 (500 minor units): one point is worth one minor unit
 * (a cent), the common loyalty exchange, which keeps "points ↔ money" obvious to merchants and
 * shoppers and matches a points-per-currency-unit exchange rate of 100 (H-16). The amount is in the
 * shop's currency, whatever it is; a merchant changes it in the editor.
 */
function amountDiscountDefault(): NewProgram<SpendingProgram> {
  return {
    ...common,
    type: "spending",
    event: "amount_discount",
    title: "$5 off coupon",
    config: parseSpendingProgramConfig("amount_discount", {
      redeemType: "fixed",
      pointsCost: 500,
      discountKind: "amount",
      rewardValue: 500,
      minimumRequirement: { kind: "none" },
      combinesWith: { order: false, product: false, shipping: true },
      availability: "redeemer_only",
      channel: "applyOnlineStore",
      purchaseType: "one_time_purchase",
      rewardExpiry: "permanent",
    }),
  };
}

export function defaultPrograms(): DefaultProgram[] {
  return [placeOrderDefault(), signUpDefault(), amountDiscountDefault()];
}
