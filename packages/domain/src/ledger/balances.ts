import { MAX_POINTS_BALANCE } from "../bounds";
import { type LedgerRefusal, refuseLedger } from "./messages";

/** H-20: spendable points, points held for a period (H-09), and VIP progress kept apart. */
export interface Balances {
  available: number;
  pending: number;
  tierPoints: number;
}

export const ZERO_BALANCES: Readonly<Balances> = Object.freeze({ available: 0, pending: 0, tierPoints: 0 });

/** What one entry does to the balances. Omitted deltas are 0. */
export interface BalanceDelta {
  available?: number;
  pending?: number;
  tierPoints?: number;
  /** H-14: a merchant's manual adjustment may take available below zero; nothing else may. */
  allowNegative?: boolean;
}

export type ApplyEntryResult =
  | { ok: true; balances: Balances }
  | LedgerRefusal<"invalid_points" | "insufficient_points" | "insufficient_pending" | "points_balance_limit">;

/** A move away from zero that would leave a balance beyond ±MAX_POINTS_BALANCE (one toward zero is fine). */
export function exceedsBalanceLimit(before: number, delta: number): boolean {
  const after = before + delta;
  return Math.abs(after) > MAX_POINTS_BALANCE && Math.abs(after) > Math.abs(before);
}

/**
 * The balances after one entry, or why it is refused (DESIGN §4, no overdraft). Mirrors the
 * server's guarded UPDATE: a debit may not take available below zero unless `allowNegative`;
 * pending never goes below zero; tier points are not guarded. A credit to an already negative
 * balance is always fine.
 */
export function applyEntry(balances: Balances, entry: BalanceDelta): ApplyEntryResult {
  const available = entry.available ?? 0;
  const pending = entry.pending ?? 0;
  const tierPoints = entry.tierPoints ?? 0;
  if (![available, pending, tierPoints].every(Number.isSafeInteger)) return refuseLedger("invalid_points");
  const next = {
    available: balances.available + available,
    pending: balances.pending + pending,
    tierPoints: balances.tierPoints + tierPoints,
  };
  if (available < 0 && next.available < 0 && !entry.allowNegative) return refuseLedger("insufficient_points");
  if (next.pending < 0) return refuseLedger("insufficient_pending");
  if (
    exceedsBalanceLimit(balances.available, available) ||
    exceedsBalanceLimit(balances.pending, pending) ||
    exceedsBalanceLimit(balances.tierPoints, tierPoints)
  ) {
    return refuseLedger("points_balance_limit");
  }
  return { ok: true, balances: next };
}

/** The balances a list of entries adds up to: what the auditor compares the cached row with. */
export function sumEntries(entries: Iterable<BalanceDelta>): Balances {
  const sum = { ...ZERO_BALANCES };
  for (const e of entries) {
    sum.available += e.available ?? 0;
    sum.pending += e.pending ?? 0;
    sum.tierPoints += e.tierPoints ?? 0;
  }
  return sum;
}

export function sameBalances(a: Balances, b: Balances): boolean {
  return a.available === b.available && a.pending === b.pending && a.tierPoints === b.tierPoints;
}
