/** C-11, X-29: earning limits per calendar window in store time. */
import type { LimitUnit } from "../vocabulary";
import { limitWindowKey } from "./store-time";
import type { EarningPriorAward, IsoInstant } from "./types";

export interface EarningLimit {
  hasLimit: boolean;
  limitUnit: LimitUnit;
  limitInterval: number;
}

/**
 * True while the program may still award at `at`: fewer than `limitInterval` earlier awards of the
 * same program fall in the calendar window (store time) containing `at`. `lifetime` counts all.
 * Limitation: every award is placed with the one offset given (DST shifts may move a boundary by
 * an hour).
 */
export function isWithinEarningLimit(
  programId: string,
  limit: EarningLimit,
  priorAwards: readonly EarningPriorAward[],
  at: IsoInstant,
  utcOffsetMinutes: number,
): boolean {
  if (!limit.hasLimit) return true;
  const window = limitWindowKey(limit.limitUnit, at, utcOffsetMinutes);
  const used = priorAwards.filter(
    (a) => a.programId === programId && limitWindowKey(limit.limitUnit, a.at, utcOffsetMinutes) === window,
  ).length;
  return used < Math.max(1, limit.limitInterval);
}
