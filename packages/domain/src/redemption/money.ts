/**
 * Points to money: money is integer minor units of a currency, never a float. The exchange
 * rate is points per one currency unit (H-16), at most 4 decimal places, so it is exact as an integer
 * of ten-thousandths.
 */

export const RATE_DECIMALS = 4;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** ISO 4217 exponents that differ from 2. */
const MINOR_DIGITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** How many minor units make one unit of `currency` (JPY 0, USD 2, KWD 3). */
export function currencyMinorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** The rate as an exact integer of 1/10^4 points; throws on a rate that is not > 0 with ≤ 4 decimals. */
export function scaleExchangeRate(rate: number): bigint {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`Invalid exchange rate: ${rate}`);
  const raw = rate * 10 ** RATE_DECIMALS;
  const scaled = Math.round(raw);
  if (scaled <= 0 || Math.abs(scaled - raw) > 1e-6 * Math.max(1, raw)) {
    throw new RangeError(`Invalid exchange rate: ${rate}`);
  }
  return BigInt(scaled);
}

/** `points ÷ rate` currency units, in minor units, rounded down (the shopper never gets more). */
export function pointsToMinorUnits(points: number, exchangeRate: number, currency: string): number {
  const minor = 10n ** BigInt(currencyMinorDigits(currency));
  return Number((BigInt(points) * minor * RATE_SCALE) / scaleExchangeRate(exchangeRate));
}

/** The program's own rate (`valuePerStep` minor units for every `pointsStep` points), rounded down. */
export function pointsToMinorUnitsAtStep(points: number, pointsStep: number, valuePerStep: number): number {
  return Number((BigInt(points) * BigInt(valuePerStep)) / BigInt(pointsStep));
}
