import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Deps } from "../infra/deps";
import {
  DEFAULT_DEAL_DESIGN,
  defaultDealSettings,
  getExclusiveDeal,
  saveExclusiveDeal,
} from "../modules/membership/membership.service";
import { findShopByDomain } from "../modules/shops/shops.service";
import { getTierProgram } from "../modules/tiers/tiers.service";

const SEED_ACTOR = { userId: null, userEmail: "demo@laurel.test", impersonatedBy: null };

/**
 * The demo shop's member exclusive deal (issue 10, I-22): 15 % off for Gold and Platinum members,
 * prepared but switched off — the demo shop is on the Starter plan and the deal needs Advanced
 * (I-23), so the admin shows the gate. Runs once: a shop that saved a deal keeps it.
 */
export async function seedDemoMembership(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || (await getExclusiveDeal(deps, shop.id)).saved) return { seeded: false };
  const tiers = (await getTierProgram(deps, shop.id)).tiers.filter((t) =>
    ["Gold", "Platinum"].includes(t.name),
  );
  await saveExclusiveDeal(deps, shop.id, SEED_ACTOR, {
    enabled: false,
    settings: {
      ...defaultDealSettings(deps.clock.now()),
      name: "Gold members' week",
      discountValue: 15,
      eligibility: tiers.length > 0 ? "tiers" : "all",
      tierIds: tiers.map((t) => t.id),
    },
    design: { ...DEFAULT_DEAL_DESIGN, actionText: "Shop the members' week", buttonIcon: "crown" },
    image: null,
  });
  return { seeded: true };
}
