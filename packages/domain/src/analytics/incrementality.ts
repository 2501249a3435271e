/**
 * Issue 13 "incrementality" (decision 0162): members against comparable non-members. Customers are
 * grouped by the month of their first order and the value band of that order; within each group
 * present on both sides, the non-members' figures are weighted by the members' count (exact
 * stratified matching), so the comparison is "members vs non-members who started alike". It is an
 * observational estimate: who joins is not random.
 */

/** First-order value bands, in minor units: < 25, 25–50, 50–100, 100–200, ≥ 200 (two-digit currencies). */
export const FIRST_ORDER_BANDS_MINOR = [2_500, 5_000, 10_000, 20_000] as const;

/** The band index (0 … 4) of a first order's net value in minor units. */
export function firstOrderBandOf(netMinor: number): number {
  let band = 0;
  for (const edge of FIRST_ORDER_BANDS_MINOR) if (netMinor >= edge) band++;
  return band;
}

/** One group's sums: customers, those with a second order, and their net spend (minor units). */
export interface CohortCell {
  cohort: string;
  band: number;
  member: boolean;
  customers: number;
  repeaters: number;
  spendMinor: number;
}

export interface Incrementality {
  /** Members in groups that also have non-members (the matched sample), and those left out. */
  members: number;
  unmatchedMembers: number;
  /** Non-members in the matched groups. */
  nonMembers: number;
  memberRepeatRate: number | null;
  nonMemberRepeatRate: number | null;
  memberAverageSpendMinor: number | null;
  nonMemberAverageSpendMinor: number | null;
  /** Member rate − matched non-member rate (fraction points), and spend ratio − 1. */
  repeatRateLift: number | null;
  spendLift: number | null;
}

export function estimateIncrementality(cells: readonly CohortCell[]): Incrementality {
  const groups = new Map<string, { m?: CohortCell; n?: CohortCell }>();
  for (const c of cells) {
    const key = `${c.cohort}|${c.band}`;
    const g = groups.get(key) ?? {};
    const side = c.member ? "m" : "n";
    const prev = g[side];
    g[side] = prev
      ? {
          ...prev,
          customers: prev.customers + c.customers,
          repeaters: prev.repeaters + c.repeaters,
          spendMinor: prev.spendMinor + c.spendMinor,
        }
      : { ...c };
    groups.set(key, g);
  }
  let members = 0;
  let unmatched = 0;
  let nonMembers = 0;
  let mRepeat = 0;
  let mSpend = 0;
  let nRepeatWeighted = 0;
  let nSpendWeighted = 0;
  for (const { m, n } of groups.values()) {
    if (!m || m.customers === 0) continue;
    if (!n || n.customers === 0) {
      unmatched += m.customers;
      continue;
    }
    members += m.customers;
    nonMembers += n.customers;
    mRepeat += m.repeaters;
    mSpend += m.spendMinor;
    // The non-members' group rate, counted as many times as the group has members.
    nRepeatWeighted += (n.repeaters / n.customers) * m.customers;
    nSpendWeighted += (n.spendMinor / n.customers) * m.customers;
  }
  const memberRepeatRate = members > 0 ? mRepeat / members : null;
  const nonMemberRepeatRate = members > 0 ? nRepeatWeighted / members : null;
  const memberAverageSpendMinor = members > 0 ? Math.round(mSpend / members) : null;
  const nonMemberAverageSpendMinor = members > 0 ? Math.round(nSpendWeighted / members) : null;
  return {
    members,
    unmatchedMembers: unmatched,
    nonMembers,
    memberRepeatRate,
    nonMemberRepeatRate,
    memberAverageSpendMinor,
    nonMemberAverageSpendMinor,
    repeatRateLift:
      memberRepeatRate !== null && nonMemberRepeatRate !== null
        ? memberRepeatRate - nonMemberRepeatRate
        : null,
    spendLift: members > 0 && nSpendWeighted > 0 ? mSpend / nSpendWeighted - 1 : null,
  };
}
