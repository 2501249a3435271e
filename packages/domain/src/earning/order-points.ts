/**
 * C-13, C-14, C-17: turning what earns into points, rounding once.
 *
 * - `price` ("points per amount of price"): proportional, `earnPoint × amount ÷ rateMoney`, then
 *   the program's rounding. With `keepOriginalStep` ("keep the original earning step", C-14) points
 *   move in whole steps of `earnPoint`: the number of `rateMoney` steps is rounded, then multiplied
 *   (10 per 100.00 on 250.00 → 20 rounding down, 30 rounding up or nearest).
 * - `fixed_order` ("fixed points per fixed amount"): `earnPoint` for every complete `rateMoney`;
 *   partial steps never earn, whatever the rounding.
 * - `item` ("points per quantity"): like price with items: `earnPoint × quantity ÷ rateItem`,
 *   or whole steps of `rateItem` items with `keepOriginalStep`.
 * - `order` ("fixed points per order"): `earnPoint` when at least one line earns.
 */
import type { PlaceOrderConfig } from "../programs/earning";
import type { Earnable } from "./order-amounts";
import { floorRatio, type Ratio, ratio, roundRatio, scaleRatio } from "./ratio";

export function computePoints(config: PlaceOrderConfig, earnable: Earnable): bigint {
  const earnPoint = BigInt(config.earnPoint);
  switch (config.earnBy) {
    case "price":
      return rateFor(earnable.amount, config.rateMoney ?? 0, config);
    case "fixed_order":
      if (!config.rateMoney) return 0n;
      return floorRatio(scaleRatio(earnable.amount, 1, config.rateMoney)) * earnPoint;
    case "item":
      return rateFor(ratio(earnable.quantity), config.rateItem, config);
    case "order":
      return earnable.lineCount > 0 ? earnPoint : 0n;
  }
}

function rateFor(base: Ratio, step: number, config: PlaceOrderConfig): bigint {
  if (step <= 0) return 0n;
  const earnPoint = BigInt(config.earnPoint);
  if (config.keepOriginalStep) return roundRatio(scaleRatio(base, 1, step), config.rounding) * earnPoint;
  return roundRatio(scaleRatio(base, earnPoint, step), config.rounding);
}

/** The award's reason for the activity log, e.g. `price: 10 points per 10000 on 25000`. */
export function describeAward(config: PlaceOrderConfig, earnable: Earnable, earnableAmount: number): string {
  switch (config.earnBy) {
    case "price":
    case "fixed_order":
      return `${config.earnBy}: ${config.earnPoint} points per ${config.rateMoney} on ${earnableAmount}`;
    case "item":
      return `item: ${config.earnPoint} points per ${config.rateItem} on ${earnable.quantity} items`;
    case "order":
      return `order: ${config.earnPoint} points per order`;
  }
}
