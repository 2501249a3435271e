/**
 * H-09, H-10, X-41: pending points. An award is held for a period (days or months) and then
 * converts to available points; refunds during the hold are deducted from the pending points.
 */
import { addStoreMonths, MILLIS_PER_DAY, toEpochMillis } from "./store-time";
import type { HoldingPeriod, IsoInstant } from "./types";

/**
 * When a pending award becomes available: the hold's start plus the period. Months are calendar
 * months in store time, clamped to the month's end (31 Jan + 1 month → 28/29 Feb).
 */
export function pendingUntil(
  start: IsoInstant,
  holdingPeriod: HoldingPeriod,
  utcOffsetMinutes = 0,
): IsoInstant {
  if (!Number.isInteger(holdingPeriod.value) || holdingPeriod.value < 0) {
    throw new RangeError("a holding period is a whole number of days or months, 0 or more");
  }
  const t = toEpochMillis(start);
  const until =
    holdingPeriod.unit === "day"
      ? t + holdingPeriod.value * MILLIS_PER_DAY
      : addStoreMonths(t, holdingPeriod.value, utcOffsetMinutes);
  return new Date(until).toISOString();
}

export type PendingSettlement =
  /** Still held: `points` are pending. */
  | { kind: "hold"; points: number }
  /** The hold is over: move `points` from pending to available ("convert pending point"). */
  | { kind: "convert"; points: number }
  /** Refunds took it all back while pending ("deduct pending point"): nothing is left to convert. */
  | { kind: "deducted"; points: 0 };

/**
 * What becomes of a pending award at `now`. `pointsRemoved` are the points already deducted by
 * refunds (H-17). A hold waiting for fulfilment (`pendingUntil` null) keeps holding. H-10: turning
 * the feature off converts at once (`featureEnabled: false`).
 */
export function settlePendingAward(
  award: { points: number; pendingUntil: IsoInstant | null },
  state: { pointsRemoved: number; featureEnabled?: boolean },
  now: IsoInstant,
): PendingSettlement {
  const remaining = Math.max(0, award.points - Math.max(0, state.pointsRemoved));
  if (remaining === 0) return { kind: "deducted", points: 0 };
  if (state.featureEnabled === false) return { kind: "convert", points: remaining };
  if (award.pendingUntil === null || toEpochMillis(now) < toEpochMillis(award.pendingUntil)) {
    return { kind: "hold", points: remaining };
  }
  return { kind: "convert", points: remaining };
}
