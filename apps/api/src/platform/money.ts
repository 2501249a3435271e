/** Platform money (decimal strings, JSON numbers) ↔ integer minor units, exactly (DESIGN §4). */

const exponents = new Map<string, number>();

/** Decimal places of a currency (JPY 0, USD 2, KWD 3), from the platform's Intl data. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    try {
      exponent =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      exponent = 2;
    }
    // Remembered: building a NumberFormat costs far more than the lookup (and codes are few).
    if (exponents.size < 1_000) exponents.set(currency, exponent);
  }
  return exponent;
}

/** "404.95" (or 404.95, the JSON number refunds use) → 40495, exactly, rounding half away from 0. */
export function toMinorUnits(amount: string | number, currency: string): number {
  const text = typeof amount === "number" ? amount.toFixed(6) : amount.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) throw new Error(`not a decimal amount: ${text}`);
  const exp = currencyExponent(currency);
  const fraction = (match[3] ?? "").padEnd(exp + 1, "0");
  let minor = Number(match[2] || "0") * 10 ** exp + Number(fraction.slice(0, exp) || "0");
  if (Number(fraction[exp]) >= 5) minor += 1;
  return match[1] === "-" ? -minor : minor;
}
