/** J-02, J-09: a birthday without a year, as the spec's imports and the profile give it (MM/DD). */
export interface Birthday {
  month: number;
  day: number;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Reads `MM/DD` (the separator may be `/`, `-` or `.`, G-08 normalises them); 29 February is a
 * birthday. Null when it is not a real day of the year.
 */
export function parseBirthday(value: string): Birthday | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 0)) return null;
  return { month, day };
}

/** `MM/DD`, zero-padded, with the shop's separator (default '/'). */
export function formatBirthday(b: Birthday, separator = "/"): string {
  return `${String(b.month).padStart(2, "0")}${separator}${String(b.day).padStart(2, "0")}`;
}
