/** K-11, M-02: how a shop writes dates (the contracts' `dateFormats`). */
export type StoreDateFormat = "month_day" | "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYY-MM-DD";

/**
 * A calendar date (`YYYY-MM-DD`) written in the shop's date format. `month_day` is the month's
 * name and the day in `language` ("March 3", "3 mars"); the numeric formats are the same in every
 * language.
 */
export function formatStoreDate(date: string, format: StoreDateFormat, language: string): string {
  const [y = "", m = "", d = ""] = date.split("-");
  switch (format) {
    case "MM/DD/YYYY":
      return `${m}/${d}/${y}`;
    case "DD/MM/YYYY":
      return `${d}/${m}/${y}`;
    case "YYYY-MM-DD":
      return `${y}-${m}-${d}`;
    default:
      return new Intl.DateTimeFormat(language, { month: "long", day: "numeric", timeZone: "UTC" }).format(
        new Date(`${date}T00:00:00Z`),
      );
  }
}
