import { type BrandColors, defaultBrandColors, type LoyaltySettings } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import { minimumPlanFor, planAllows, planRankOf, planTierDisplayName } from "@laurel/domain";

type ShopFacts = Pick<
  ShopRow,
  "plan" | "is_enable_pos_pro3" | "is_allow_free_change_primary_color" | "settings"
>;

/**
 * M-04, R-04 (decision 0166): brand colours are an Essential feature ("widget colours"); the shop
 * flag `isAllowFreeChangePrimaryColor` (B-39) lets a shop on a lower plan change the primary one.
 */
export function colorsAccessOf(shop: ShopFacts): LoyaltySettings["colorsAccess"] {
  const allowed = planAllows(
    planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
    "widget_colours",
  );
  return {
    allowed,
    primaryAllowed: allowed || shop.is_allow_free_change_primary_color,
    requiredPlan: planTierDisplayName(minimumPlanFor("widget_colours")),
  };
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

/**
 * The colours as saved (or the defaults), whatever the plan: what the settings screen edits. Each
 * is checked again, since they go into e-mail and page styles: anything but a hex colour is unset.
 */
export function savedBrandColorsOf(shop: Pick<ShopRow, "settings">): BrandColors {
  const saved: Partial<Record<keyof BrandColors, unknown>> = shop.settings.colors ?? {};
  const colors = { ...defaultBrandColors };
  for (const k of Object.keys(colors) as (keyof BrandColors)[]) {
    const v = saved[k];
    if (typeof v === "string" && HEX.test(v)) colors[k] = v;
  }
  return colors;
}

/**
 * The colours e-mails and the loyalty page use: the saved ones the plan allows, the defaults for
 * the rest (C-10: a downgrade pauses what the plan no longer includes; nothing is deleted).
 */
export function brandColorsOf(shop: ShopFacts): BrandColors {
  const saved = savedBrandColorsOf(shop);
  const access = colorsAccessOf(shop);
  if (access.allowed) return saved;
  return {
    ...defaultBrandColors,
    primary: access.primaryAllowed ? saved.primary : defaultBrandColors.primary,
  };
}
