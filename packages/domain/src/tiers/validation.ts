/**
 * I-13: a tier ladder the engine can use. Messages are the spec's where it gives them
 * (002 §5, §8); the admin shows them beside the field.
 */
import type { TierDef } from "./tiers";

export const tierMessages = {
  duplicateName: "Duplicate tier name",
  duplicateMilestone: "Duplicate tier target amount/points",
  baseMilestone: "The base tier's milestone must be 0",
  exclusiveFirst: "An exclusive tier cannot be the first tier",
  settingsLocked: "VIP Tier is enabled, you must disable this feature to change settings",
  exclusiveAdjust: "Tier points cannot be adjusted on an exclusive tier",
} as const;

export interface TierIssue {
  /** The tier the issue is about (its id), and the field. */
  tierId: string;
  field: "name" | "milestone" | "exclusive";
  message: string;
}

/**
 * Checks a whole ladder: names unique (case-insensitive), milestones unique among the tiers a
 * metric reaches, the lowest of those at 0, and an exclusive tier never the first (lowest) tier.
 */
export function validateTiers(tiers: readonly Omit<TierDef, "entryPoints">[]): TierIssue[] {
  const issues: TierIssue[] = [];
  const names = new Map<string, string>();
  for (const t of tiers) {
    const key = t.name.trim().toLocaleLowerCase();
    if (names.has(key)) issues.push({ tierId: t.id, field: "name", message: tierMessages.duplicateName });
    else names.set(key, t.id);
  }
  const reachable = tiers.filter((t) => !t.exclusive).sort((a, b) => a.milestone - b.milestone);
  const milestones = new Set<number>();
  for (const t of reachable) {
    if (milestones.has(t.milestone))
      issues.push({ tierId: t.id, field: "milestone", message: tierMessages.duplicateMilestone });
    milestones.add(t.milestone);
  }
  const base = reachable[0];
  if (base && base.milestone !== 0)
    issues.push({ tierId: base.id, field: "milestone", message: tierMessages.baseMilestone });
  for (const t of tiers)
    if (t.exclusive && (!base || t.milestone <= base.milestone))
      issues.push({ tierId: t.id, field: "exclusive", message: tierMessages.exclusiveFirst });
  return issues;
}
