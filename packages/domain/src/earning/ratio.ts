/**
 * Exact non-negative rationals on bigint, so money × rate never touches a float and points are
 * rounded exactly once (DESIGN §4, C-17).
 */
import type { RoundingMethod } from "../programs/common";

export interface Ratio {
  num: bigint;
  den: bigint;
}

export const ZERO: Ratio = { num: 0n, den: 1n };

export function ratio(num: number | bigint, den: number | bigint = 1n): Ratio {
  const d = BigInt(den);
  if (d <= 0n) throw new RangeError("a ratio needs a positive denominator");
  return { num: BigInt(num), den: d };
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  return a.den === b.den
    ? { num: a.num + b.num, den: a.den }
    : { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

/** a − b, never below zero (an amount that earns cannot go negative). */
export function subtractRatioFloorZero(a: Ratio, b: Ratio): Ratio {
  const diff = addRatio(a, { num: -b.num, den: b.den });
  return diff.num < 0n ? ZERO : diff;
}

export function scaleRatio(a: Ratio, num: number | bigint, den: number | bigint = 1n): Ratio {
  return ratio(a.num * BigInt(num), a.den * BigInt(den));
}

export function isZeroRatio(a: Ratio): boolean {
  return a.num === 0n;
}

/** C-17: the three rounding methods; nearest rounds halves up. */
export function roundRatio(a: Ratio, method: RoundingMethod): bigint {
  const q = a.num / a.den; // truncates toward zero; inputs here are ≥ 0
  const r = a.num % a.den;
  if (r === 0n) return q;
  switch (method) {
    case "roundingDown":
      return q;
    case "roundingUp":
      return q + 1n;
    case "roundingNearest":
      return 2n * r >= a.den ? q + 1n : q;
  }
}

export function floorRatio(a: Ratio): bigint {
  return roundRatio(a, "roundingDown");
}

/** Back to a JS number, refusing anything a ledger could not hold exactly. */
export function toSafeInteger(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError("points beyond the safe integer range");
  }
  return Number(value);
}
