/**
 * B2B partner tiers (issue 10; 002 §3, I-19 … I-21, X-22; decision 0174): the VIP tier engine
 * (`evaluateTier` and the rest of `./tiers`) over a second ladder that only members of a company
 * climb. What differs from VIP tiers is written here: the program a ladder belongs to, the
 * settings' defaults and what B2B settings allow, and who is measured.
 */
import type { CustomerState } from "../vocabulary";
import { DEFAULT_TIER_SETTINGS, type TierSettings } from "./tiers";

/** The two tier programs a shop may run: VIP tiers and B2B partner tiers. */
export const tierPrograms = ["vip", "b2b"] as const;
export type TierProgram = (typeof tierPrograms)[number];

/**
 * I-20 and X-74: B2B settings start from the VIP defaults with their own discount prefix; the tag
 * prefix stays 'Joy' (customers are tagged 'Joy <tier name>'), calculated by amount spent.
 */
export const DEFAULT_B2B_TIER_SETTINGS: TierSettings = {
  ...DEFAULT_TIER_SETTINGS,
  basis: "amount_spent",
  discountPrefix: "B2B",
  hideDefaultTier: false,
};

export function defaultTierSettingsFor(program: TierProgram): TierSettings {
  return program === "b2b" ? DEFAULT_B2B_TIER_SETTINGS : DEFAULT_TIER_SETTINGS;
}

/** I-20: B2B tiers are calculated by points earned or amount spent (never by number of orders). */
export const b2bTierBases = ["points_earned", "amount_spent"] as const;

export interface SettingsIssue {
  field: string;
  message: string;
}

/** I-20: what B2B settings refuse that VIP settings allow; null when they are fine. */
export function b2bSettingsIssue(settings: Pick<TierSettings, "basis">): SettingsIssue | null {
  if (!(b2bTierBases as readonly string[]).includes(settings.basis)) {
    return { field: "basis", message: "B2B tiers are calculated by points earned or amount spent." };
  }
  return null;
}

/** I-21, C-22: a program measures every member (VIP) or only members of a company (B2B). */
export function measuredByTierProgram(
  program: TierProgram,
  customer: { state: CustomerState; isB2B: boolean },
): boolean {
  return customer.state === "member" && (program === "vip" || customer.isB2B);
}
