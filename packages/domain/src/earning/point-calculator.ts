/**
 * N-20: the point calculator — what an order of a given amount earns by the shop's order
 * programs, before conditions (a shopper estimates; the order's own earning is what credits).
 * The one implementation: the loyalty page's calculator (server) and the admin's live preview use
 * it, and it runs the engine's own arithmetic (`computePoints`, rounding and steps included).
 */
import type { PlaceOrderConfig } from "../programs/earning";
import { computePoints } from "./order-points";
import { ratio } from "./ratio";

/** What the calculator needs of an order program: how it turns money into points. */
export type CalculatorProgram = Pick<
  PlaceOrderConfig,
  "earnBy" | "earnPoint" | "rateMoney" | "rateItem" | "rounding" | "keepOriginalStep"
>;

/** Whether an amount of money alone says what the program awards (per-item programs need items). */
export function countsInCalculator(program: Pick<PlaceOrderConfig, "earnBy">): boolean {
  return program.earnBy !== "item";
}

/**
 * The points an order of `amountMinor` (minor units, one line) earns by `programs`, summed; a
 * per-item program counts nothing (the amount does not say how many items), a negative or
 * non-whole amount counts as its whole part from 0.
 */
export function calculateOrderPoints(programs: readonly CalculatorProgram[], amountMinor: number): number {
  const amount = Number.isFinite(amountMinor) ? Math.max(0, Math.trunc(amountMinor)) : 0;
  let total = 0n;
  for (const program of programs) {
    if (!countsInCalculator(program)) continue;
    const config = { ...program, earnPoint: Math.max(0, Math.trunc(program.earnPoint)) } as PlaceOrderConfig;
    total += computePoints(config, { amount: ratio(amount), quantity: 1, lineCount: amount > 0 ? 1 : 0 });
  }
  return Number(total);
}
