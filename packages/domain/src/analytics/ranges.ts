/**
 * K-09: the analytics date ranges, as inclusive local dates (YYYY-MM-DD) in the store's time zone,
 * with the period they are compared with. Day arithmetic is on calendar dates, never on instants,
 * so a DST change (a 23- or 25-hour day) moves no boundary.
 */
export const dateRangeKeys = [
  "today",
  "yesterday",
  "last_7_days",
  "last_30_days",
  "last_60_days",
  "last_90_days",
  "last_month",
  "last_year",
  "week_to_date",
  "month_to_date",
  "year_to_date",
] as const;
export type DateRangeKey = (typeof dateRangeKeys)[number];

export interface DateRange {
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
}

export interface ResolvedRange extends DateRange {
  previous: DateRange;
  days: number;
}

const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}
function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date `n` days after `date` (n may be negative). */
export function addDays(date: string, n: number): string {
  return fromEpochDay(toEpochDay(date) + n);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from) + 1;
}

/** Every date from `from` to `to`, included. */
export function eachDay(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = toEpochDay(range.from); d <= toEpochDay(range.to); d++) out.push(fromEpochDay(d));
  return out;
}

/** The store's calendar date at an instant (IANA time zone; DST-correct through Intl). */
export function localDateOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}
function shiftMonths(date: string, n: number): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(ny).padStart(4, "0")}-${String(nm).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function sameLengthBefore(range: DateRange): DateRange {
  const n = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

function resolved(range: DateRange, previous: DateRange): ResolvedRange {
  return { ...range, previous, days: daysBetween(range.from, range.to) };
}

/**
 * A range key on the store's date `today`, and its comparison period: the same number of days
 * just before, except calendar ranges (last month, last year, month/year to date), which compare
 * with the calendar period before (to the same day of it for "to date").
 */
export function resolveDateRange(key: DateRangeKey, today: string): ResolvedRange {
  const lastN = (n: number) => {
    const r = { from: addDays(today, -(n - 1)), to: today };
    return resolved(r, sameLengthBefore(r));
  };
  switch (key) {
    case "today":
      return lastN(1);
    case "yesterday": {
      const r = { from: addDays(today, -1), to: addDays(today, -1) };
      return resolved(r, sameLengthBefore(r));
    }
    case "last_7_days":
      return lastN(7);
    case "last_30_days":
      return lastN(30);
    case "last_60_days":
      return lastN(60);
    case "last_90_days":
      return lastN(90);
    case "last_month": {
      const from = shiftMonths(monthStart(today), -1);
      const to = addDays(monthStart(today), -1);
      const pFrom = shiftMonths(from, -1);
      return resolved({ from, to }, { from: pFrom, to: addDays(from, -1) });
    }
    case "last_year": {
      const y = Number(today.slice(0, 4)) - 1;
      return resolved(
        { from: `${y}-01-01`, to: `${y}-12-31` },
        { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` },
      );
    }
    case "week_to_date": {
      // ISO weeks start on Monday.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return resolved({ from, to: today }, { from: addDays(from, -7), to: addDays(today, -7) });
    }
    case "month_to_date": {
      const from = monthStart(today);
      const pFrom = shiftMonths(from, -1);
      const pTo = shiftMonths(today, -1);
      return resolved({ from, to: today }, { from: pFrom, to: pTo });
    }
    case "year_to_date": {
      const y = Number(today.slice(0, 4));
      const pTo = shiftMonths(today, -12);
      return resolved({ from: `${y}-01-01`, to: today }, { from: `${y - 1}-01-01`, to: pTo });
    }
  }
}

/** A custom range (from ≤ to) and the same number of days just before it. */
export function customDateRange(range: DateRange): ResolvedRange {
  return resolved(range, sameLengthBefore(range));
}

/**
 * K-12: the last full week (Monday to Sunday, store days) before the week of `today`, and the week
 * before it for comparison: what a weekly report sent during this week tells.
 */
export function lastFullWeek(today: string): ResolvedRange {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(today, -weekday - 7);
  return resolved({ from, to: addDays(from, 6) }, { from: addDays(from, -7), to: addDays(from, -1) });
}
