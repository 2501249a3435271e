import type { ShopRow } from "@laurel/db";
import {
  B2B_SCOPES,
  b2bRequirements,
  minimumPlanFor,
  planAllows,
  planRankOf,
  planTierDisplayName,
} from "@laurel/domain";

/**
 * I-21, X-22 (decisions 0117, 0174): B2B partner tiers need Laurel's Advanced plan AND a Shopify
 * Plus store AND the B2B scopes the platform granted at install. Each requirement with what it needs.
 */
export function b2bRequirementsOf(shop: ShopRow) {
  const requirements = b2bRequirements({
    appPlanAllows: planAllows(
      planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
      "b2b_programs",
    ),
    storePlanName: shop.shopify_plan ?? shop.platform_info.planName ?? null,
    grantedScopes: shop.granted_scopes,
  });
  const needs = {
    app_plan: `${planTierDisplayName(minimumPlanFor("b2b_programs"))} plan or higher`,
    store_plan: "Shopify Plus",
    scopes: B2B_SCOPES.join(", "),
  } as const;
  return {
    available: requirements.every((r) => r.met),
    requirements: requirements.map((r) => ({ ...r, needs: needs[r.key] })),
  };
}
