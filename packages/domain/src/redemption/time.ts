/**
 * Instants and durations for the engine. The clock is a parameter (DESIGN §4): every function
 * takes "now" as an ISO-8601 instant or epoch milliseconds and does arithmetic on UTC.
 */

/** An ISO-8601 instant with an offset (`2025-01-31T10:00:00Z`) or epoch milliseconds. */
export type Instant = string | number;

import type { DurationUnit } from "../vocabulary";

export interface Duration {
  value: number;
  unit: DurationUnit;
}

const MS: Record<Exclude<DurationUnit, "month" | "year">, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** Epoch ms of an instant; a malformed one is a programming error, so it throws. */
export function toEpochMs(at: Instant): number {
  const ms = typeof at === "number" ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(at)}`);
  return ms;
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Adds calendar months in UTC, clamping the day to the target month's last day, so
 * 31 Jan + 1 month = 28/29 Feb and 29 Feb + 1 year = 28 Feb (H-07).
 */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(
    year,
    month,
    day,
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** `ms + n units`; negative values go back in time. Months and years are calendar arithmetic. */
export function addDuration(ms: number, { value, unit }: Duration): number {
  if (unit === "month") return addMonthsUtc(ms, value);
  if (unit === "year") return addMonthsUtc(ms, value * 12);
  return ms + value * MS[unit];
}

/** "1 day", "30 minutes": how durations appear inside the spec's storefront messages. */
export function formatDuration({ value, unit }: Duration): string {
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}
