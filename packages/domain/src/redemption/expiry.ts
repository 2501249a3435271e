import { type ExpiryCode, expiryCodeSchema } from "../programs/common";
import type { DurationUnit } from "../vocabulary";
import { addDuration, type Instant, toEpochMs, toIso } from "./time";

/** H-07, X-31: `<n>D|W|M|Y`. */
const DURATION_CODE = /^([1-9]\d{0,3})([DWMY])$/;
const UNIT_BY_LETTER: Record<string, DurationUnit> = { D: "day", W: "week", M: "month", Y: "year" };

/** D-12: the reward expiry choices shown to merchants and the code each one stores. */
export const rewardExpiryChoices = [
  { label: "Never", code: "permanent" },
  { label: "Specific date", code: "specific" },
  { label: "1 week", code: "1W" },
  { label: "2 weeks", code: "14D" },
  { label: "1 month", code: "1M" },
  { label: "3 months", code: "3M" },
  { label: "6 months", code: "6M" },
  { label: "1 year", code: "1Y" },
  { label: "2 years", code: "2Y" },
  { label: "Custom", code: "custom" },
] as const;

export function isDurationCode(code: string): boolean {
  return DURATION_CODE.test(code);
}

/** `14D` → 14 days, `3M` → 3 months; null for anything that is not a duration code. */
export function parseDurationCode(code: string): { value: number; unit: DurationUnit } | null {
  const [, count, letter] = DURATION_CODE.exec(code) ?? [];
  const unit = UNIT_BY_LETTER[letter ?? ""];
  return unit ? { value: Number(count), unit } : null;
}

/** A specific date given as `YYYY-MM-DD` ends at the close of that day in UTC; callers that know the store's time zone pass an instant. */
function specificDateMs(specificDate: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(specificDate)
    ? toEpochMs(`${specificDate}T23:59:59.999Z`)
    : toEpochMs(specificDate);
}

/**
 * When a reward redeemed at `redeemedAt` expires (H-07, D-12), as an ISO instant, or null for
 * `permanent`. Days and weeks are exact 24-hour steps on UTC instants; months and years are
 * calendar steps clamped to the month's end. `specific` needs `specificDate`; `custom` needs a
 * duration code in `customDuration` (e.g. `45D`).
 */
export function rewardExpiresAt(
  code: ExpiryCode,
  redeemedAt: Instant,
  specificDate?: string | null,
  customDuration?: string | null,
): string | null {
  expiryCodeSchema.parse(code);
  if (code === "permanent") return null;
  if (code === "specific") {
    if (!specificDate) throw new RangeError("A specific expiry needs a date");
    return toIso(specificDateMs(specificDate));
  }
  if (code === "custom") {
    if (!customDuration || !isDurationCode(customDuration)) {
      throw new RangeError("A custom expiry needs a duration code such as 45D");
    }
    return rewardExpiresAt(customDuration, redeemedAt);
  }
  const duration = parseDurationCode(code) ?? { value: 0, unit: "day" };
  return toIso(addDuration(toEpochMs(redeemedAt), duration));
}
