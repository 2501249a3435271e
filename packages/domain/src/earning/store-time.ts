/**
 * Store-time arithmetic on plain numbers (decision 0010): the caller passes the store's UTC offset
 * in minutes for the instant in question; no time-zone database, no clock.
 */
import type { LimitUnit } from "../vocabulary";
import type { IsoInstant } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let format = offsetFormatters.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    } catch {
      format = null; // an unknown zone
    }
    offsetFormatters.set(timeZone, format);
  }
  return format;
}

/**
 * The UTC offset (minutes) of an IANA time zone at an instant; 0 for none or an unknown zone.
 * The one bridge from the shop's time zone to the offset every store-time rule takes (Intl is
 * pure: no clock, no I/O).
 */
export function utcOffsetMinutes(timeZone: string | undefined | null, at: IsoInstant | Date): number {
  if (!timeZone) return 0;
  const name = offsetFormatter(timeZone)
    ?.formatToParts(typeof at === "string" ? new Date(toEpochMillis(at)) : at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}

/** Epoch milliseconds of an ISO instant; a malformed instant is a caller bug. */
export function toEpochMillis(instant: IsoInstant): number {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO instant: ${instant}`);
  return ms;
}

/** The store-local calendar date (`YYYY-MM-DD`) of an instant. */
export function storeDateOf(instant: IsoInstant, utcOffsetMinutes: number): string {
  return new Date(toEpochMillis(instant) + utcOffsetMinutes * MINUTE).toISOString().slice(0, 10);
}

/** C-09: a program runs from 00:00:00 store time of its start date (inclusive). */
export function startOfStoreDate(date: string, utcOffsetMinutes: number): number {
  return Date.parse(`${date}T00:00:00.000Z`) - utcOffsetMinutes * MINUTE;
}

/** …to 23:59:59.999 store time of its end date (inclusive). */
export function endOfStoreDate(date: string, utcOffsetMinutes: number): number {
  return startOfStoreDate(date, utcOffsetMinutes) + DAY - 1;
}

/**
 * C-09, X-43: where an instant lies against a program's dates (either may be open) in store time:
 * before 00:00:00 of the start date, after 23:59:59.999 of the end date, or within.
 */
export function programDatePhase(
  dates: { startDate: string | null; endDate: string | null },
  instant: IsoInstant,
  utcOffsetMinutes: number,
): "before" | "within" | "after" {
  const t = toEpochMillis(instant);
  if (dates.startDate !== null && t < startOfStoreDate(dates.startDate, utcOffsetMinutes)) return "before";
  if (dates.endDate !== null && t > endOfStoreDate(dates.endDate, utcOffsetMinutes)) return "after";
  return "within";
}

/** True when the instant lies within the program's dates (either may be open). */
export function isWithinProgramDates(
  dates: { startDate: string | null; endDate: string | null },
  instant: IsoInstant,
  utcOffsetMinutes: number,
): boolean {
  return programDatePhase(dates, instant, utcOffsetMinutes) === "within";
}

/**
 * the calendar window (in store time) an instant falls in, as a comparable key. Weeks start
 * on Monday (ISO 8601); `lifetime` is one window. Two instants share a window iff their keys match.
 */
export function limitWindowKey(unit: LimitUnit, instant: IsoInstant, utcOffsetMinutes: number): number {
  const local = toEpochMillis(instant) + utcOffsetMinutes * MINUTE;
  const date = new Date(local);
  switch (unit) {
    case "minute":
      return Math.floor(local / MINUTE);
    case "hour":
      return Math.floor(local / HOUR);
    case "day":
      return Math.floor(local / DAY);
    case "week":
      // 1970-01-01 was a Thursday: shifting by 3 days makes Monday the first day of each week.
      return Math.floor((Math.floor(local / DAY) + 3) / 7);
    case "month":
      return date.getUTCFullYear() * 12 + date.getUTCMonth();
    case "year":
      return date.getUTCFullYear();
    case "lifetime":
      return 0;
  }
}

/** Add calendar months in store time, clamping to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addStoreMonths(instantMs: number, months: number, utcOffsetMinutes: number): number {
  const local = new Date(instantMs + utcOffsetMinutes * MINUTE);
  const day = local.getUTCDate();
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime() - utcOffsetMinutes * MINUTE;
}

export const MILLIS_PER_DAY = DAY;
