/**
 * What every program shares (C-01, C-03, C-04, D-01, C-11, C-17, H-07). The earning and spending
 * modules build their kind-specific settings on these. Pure data and validation only.
 */
import { z } from "zod";

export const programTypes = [
  "earning",
  "spending",
  "referral",
  "tier",
  "tier_spending",
  "tier_privileges",
  "pre_tier_reward",
  "tier_b2b_privileges",
  "tier_b2b",
] as const;
export type ProgramType = (typeof programTypes)[number];

/** C-04. `scheduled` and `expired` follow from the dates (C-09). */
export const programStatuses = [
  "active",
  "inactive",
  "draft",
  "expired",
  "scheduled",
  "paused",
  "editing",
] as const;
export type ProgramStatus = (typeof programStatuses)[number];

/** D-01. */
export const spendingEvents = [
  "amount_discount",
  "percentage_discount",
  "pos_amount_discount",
  "pos_percentage_discount",
  "free_shipping",
  "buy_x_get_y",
  "free_gift",
  "custom_voucher",
] as const;
export type SpendingEvent = (typeof spendingEvents)[number];

/** C-17 (default down). */
export const roundingMethods = ["roundingNearest", "roundingUp", "roundingDown"] as const;
export type RoundingMethod = (typeof roundingMethods)[number];

/** H-07, X-31: `permanent | specific | custom | <n>D|W|M|Y`. */
export const expiryCodeSchema = z
  .string()
  .regex(
    /^(permanent|specific|custom|[1-9]\d{0,3}[DWMY])$/,
    "Expiry must be permanent, specific, custom or a number followed by D, W, M or Y.",
  );
export type ExpiryCode = z.infer<typeof expiryCodeSchema>;

/** The common fields of C-01 as the engine sees them (dates are store-local `YYYY-MM-DD`, C-09). */
export interface ProgramBase<TType extends ProgramType, TEvent extends string, TConfig> {
  id: string;
  type: TType;
  event: TEvent;
  title: string;
  translateTitle: Record<string, string>;
  description: string | null;
  status: ProgramStatus;
  /** integer, ascending evaluation, default 99. */
  priority: number;
  startDate: string | null;
  endDate: string | null;
  config: TConfig;
}

/** A program about to be created: no id yet (the service assigns one). */
export type NewProgram<P> = Omit<P, "id">;

/**
 * S-14, M-13: a program's name in the storefront's language. `pt-BR` tries `pt-BR`, then `pt`,
 * matched without regard to case; a missing or blank translation falls back to the default name.
 */
export function programTitleIn(
  program: { title: string; translateTitle: Readonly<Record<string, string>> | null | undefined },
  locale: string | null | undefined,
): string {
  if (!locale || !program.translateTitle) return program.title;
  const byLanguage = new Map(
    Object.entries(program.translateTitle).map(([language, text]) => [language.toLowerCase(), text]),
  );
  const lower = locale.toLowerCase();
  const base = lower.split("-")[0] ?? lower;
  for (const language of base === lower ? [lower] : [lower, base]) {
    const text = byLanguage.get(language)?.trim();
    if (text) return text;
  }
  return program.title;
}
