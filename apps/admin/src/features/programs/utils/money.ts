/** Money is integer minor units of the shop's currency (DESIGN §4); these convert for display and input. */
function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** `formatMoney(10000, "USD", "en-US")` → `$100.00`. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** Minor units as the text of a money input: `10000` → `"100"`, `1050` → `"10.5"`; null → `""`. */
export function minorToInput(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return "";
  return String(minor / 10 ** fractionDigits(currency));
}

/** The text of a money input in minor units, or null when blank; NaN when it is not a number. */
export function inputToMinor(text: string, currency: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 10 ** fractionDigits(currency));
}
