import type { CalculatorProgramView, PointCalculator } from "@laurel/contracts";
import { calculateOrderPoints } from "@laurel/domain";

/**
 * The point calculator's live preview (N-20): the points an order of `amountMinor` earns by the
 * programs the unsaved settings count — the domain's `calculateOrderPoints`, the very rule the
 * loyalty page's calculator runs on the server (decision 0168).
 */
export function previewCalculatorPoints(
  calculator: Pick<PointCalculator, "programIds">,
  programs: readonly CalculatorProgramView[],
  amountMinor: number,
): number {
  const chosen = calculator.programIds === null ? null : new Set(calculator.programIds);
  const counted = programs.filter((p) => p.active && (chosen === null || chosen.has(p.programId)));
  return calculateOrderPoints(counted, amountMinor);
}

/** `49.9` → 4990 minor units; null when it is not an amount of money (at most two decimals). */
export function toMinor(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}
