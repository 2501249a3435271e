/**
 * Retroactive syncs (C-27, X-47, decision 0165): the past-order ("prior order") sync credits the
 * shop's orders placed since a day the merchant picks, at most 12 months back and not in the
 * future. Dates are store-local calendar days (`YYYY-MM-DD`); the caller passes today's.
 */

/** how far back the past-order sync may start, in months. */
export const PRIOR_ORDER_SYNC_MAX_MONTHS = 12;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const d = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The same day `months` calendar months earlier, clamped to the month's last day (29 Feb → 28 Feb). */
export function monthsBefore(day: string, months: number): string {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12; // 0-based
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}

/** The days the past-order sync may start on, given the store's today: `[earliest, today]`. */
export function priorOrderSyncWindow(today: string): { earliest: string; latest: string } {
  return { earliest: monthsBefore(today, PRIOR_ORDER_SYNC_MAX_MONTHS), latest: today };
}

export type PriorOrderSyncStartProblem = "invalid" | "future" | "too_early";

/** Why a start day is refused (null when it is allowed). */
export function checkPriorOrderSyncStart(since: string, today: string): PriorOrderSyncStartProblem | null {
  if (!isRealDay(since)) return "invalid";
  const { earliest, latest } = priorOrderSyncWindow(today);
  if (since > latest) return "future";
  if (since < earliest) return "too_early";
  return null;
}
