import type { TierSettingsBody } from "@laurel/contracts";

type Basis = TierSettingsBody["basis"];

/** Amounts are stored in minor units; the editor shows major units (two decimals). */
const MINOR_PER_MAJOR = 100;

/** A stored milestone as the merchant types it. */
export function milestoneToInput(basis: Basis, milestone: number): string {
  return basis === "amount_spent"
    ? (milestone / MINOR_PER_MAJOR).toFixed(2).replace(/\.00$/, "")
    : String(milestone);
}

/** What the merchant typed as a stored milestone; null when it is not a number ≥ 0. */
export function inputToMilestone(basis: Basis, input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (basis !== "amount_spent") return Number.isInteger(value) ? value : null;
  return Math.round(value * MINOR_PER_MAJOR);
}
