import type { AnalyticsFigure } from "@laurel/contracts";

/** K-11: the three ways a date is shown. */
export const dateStyles = ["ordinal", "mdy", "dmy"] as const;
export type DateStyle = (typeof dateStyles)[number];

function englishOrdinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/**
 * K-11: a store date (YYYY-MM-DD) as "March 3rd" (month name and ordinal day; in languages other
 * than English the month name and day as that language writes them), MM/DD/YYYY or DD/MM/YYYY.
 */
export function formatStoreDay(day: string, style: DateStyle, language: string): string {
  const [y, m, d] = [day.slice(0, 4), day.slice(5, 7), day.slice(8, 10)];
  if (style === "mdy") return `${m}/${d}/${y}`;
  if (style === "dmy") return `${d}/${m}/${y}`;
  const date = new Date(`${day}T12:00:00Z`);
  if (language.startsWith("en")) {
    const month = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" }).format(date);
    return `${month} ${englishOrdinal(Number(d))}`;
  }
  return new Intl.DateTimeFormat(language, { month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}

/** K-11: a date-time on a 12-hour clock, in the store's time zone. */
export function formatDateTime12h(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    hour12: true,
    timeZone,
  }).format(new Date(iso));
}

/** A figure's value in the merchant's language: points, money (minor units), percent or a count. */
export function formatFigure(
  value: number | null,
  format: AnalyticsFigure["format"],
  language: string,
  currency: string,
): string {
  if (value === null) return "—";
  if (format === "money") {
    const digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(value / 10 ** digits);
  }
  if (format === "percent")
    return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(language).format(value);
}

/** The change against the previous period, signed ("+12.5%", "−3%"); null when there is none. */
export function formatChange(change: number | null, language: string): string | null {
  if (change === null) return null;
  return new Intl.NumberFormat(language, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(change);
}
