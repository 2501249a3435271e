import type { TierRewardsBody } from "@laurel/contracts";
import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import { DEFAULT_B2B_TIER_SETTINGS } from "@laurel/domain";
import type { Deps } from "../infra/deps";
import { findShopByDomain } from "../modules/shops/shops.service";
import {
  hasTierProgram,
  launchTiers,
  runTierRecalculation,
  saveTier,
  saveTierRewards,
  saveTierSettings,
} from "../modules/tiers/tiers.service";

const SEED_ACTOR = { userId: null, userEmail: "demo@laurel.test", impersonatedBy: null };

/**
 * Amount spent (minor units, USD) and the points each tier pays on entry: only Platinum, so the
 * storefront's point arithmetic on ordinary orders stays that of the earning rules.
 */
const DEMO_TIERS = [
  { name: "Bronze", milestone: 0, entryPoints: 0, cardColor: "#B08D57", perks: ["Members-only offers"] },
  {
    name: "Silver",
    milestone: 15_000,
    entryPoints: 0,
    cardColor: "#A7A9AC",
    perks: ["Free shipping over $50"],
  },
  {
    name: "Gold",
    milestone: 40_000,
    entryPoints: 0,
    cardColor: "#D4AF37",
    perks: ["Free shipping", "Early access to sales"],
  },
  {
    name: "Platinum",
    milestone: 100_000,
    entryPoints: 500,
    cardColor: "#5B6770",
    perks: ["Free express shipping", "Early access to sales", "A birthday gift"],
  },
] as const;

/**
 * Tier rewards (decision 0135): Platinum's entry reward adds a $20 tier-up coupon (orders of $100
 * or more, 60 days); Gold's pre-tier reward is a free-shipping coupon at $350 spent, no points, so
 * the demo's point arithmetic is unchanged.
 */
const DEMO_TIER_REWARDS: Partial<Record<(typeof DEMO_TIERS)[number]["name"], TierRewardsBody>> = {
  Gold: {
    entryPoints: 0,
    entryCoupon: null,
    preTier: {
      threshold: 35_000,
      points: 0,
      coupon: { discountType: "free_shipping", value: 0, minimumSubtotal: null, expiresInDays: 30 },
    },
  },
  Platinum: {
    entryPoints: 500,
    entryCoupon: { discountType: "amount", value: 2_000, minimumSubtotal: 10_000, expiresInDays: 60 },
    preTier: null,
  },
};

/**
 * The demo shop's VIP tiers (issue 10): Bronze, Silver, Gold and Platinum by amount spent, launched,
 * so the seeded members spread across them (Ava and Ben in Gold, the others from Bronze up). Runs
 * once: a shop that has a VIP program already is left as it is.
 */
export async function seedDemoTiers(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || (await hasTierProgram(deps, shop.id))) return { seeded: false };
  for (const tier of DEMO_TIERS) {
    const saved = await saveTier(deps, shop.id, SEED_ACTOR, null, {
      ...tier,
      exclusive: false,
      icon: null,
      backgroundColor: null,
      perks: [...tier.perks],
    });
    const rewards = DEMO_TIER_REWARDS[tier.name];
    if (rewards) await saveTierRewards(deps, shop.id, SEED_ACTOR, saved.id, rewards);
  }
  const run = await launchTiers(deps, shop, SEED_ACTOR, {
    changeNotes: "Demo tiers by amount spent",
    grantEntryRewards: false,
  });
  // Recalculated here, before the app listens; the queued job then finds the run finished.
  await runTierRecalculation(deps, shop.id, run.id);
  return { seeded: true };
}

/**
 * B2B partner tiers by amount spent (decision 0174): Partner from the first order, Preferred from
 * $2,000 (250 points on entry), Strategic from $10,000 (a 5% tier-up coupon). Company members
 * (Northwind Trading) climb them.
 */
const DEMO_B2B_TIERS = [
  { name: "Partner", milestone: 0, entryPoints: 0, cardColor: "#1F4B3F", perks: ["Net-30 invoices"] },
  {
    name: "Preferred partner",
    milestone: 200_000,
    entryPoints: 250,
    cardColor: "#B4532A",
    perks: ["Net-30 invoices", "Priority fulfilment"],
  },
  {
    name: "Strategic partner",
    milestone: 1_000_000,
    entryPoints: 0,
    cardColor: "#2C3E50",
    perks: ["Net-60 invoices", "Priority fulfilment", "A dedicated account manager"],
  },
] as const;

/**
 * The demo shop's B2B partner tiers, launched, so `/wholesale/vip` shows a ladder with its company
 * member once the merchant is on the Advanced plan (the demo store is on Shopify Plus with the B2B
 * scopes). Seeded through the services, as a merchant would set them up; runs once.
 */
export async function seedDemoB2bTiers(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || (await hasTierProgram(deps, shop.id, "b2b"))) return { seeded: false };
  await saveTierSettings(deps, shop.id, SEED_ACTOR, { ...DEFAULT_B2B_TIER_SETTINGS }, "b2b");
  for (const tier of DEMO_B2B_TIERS) {
    const saved = await saveTier(
      deps,
      shop.id,
      SEED_ACTOR,
      null,
      { ...tier, exclusive: false, icon: null, backgroundColor: null, perks: [...tier.perks] },
      "b2b",
    );
    if (tier.name === "Strategic partner") {
      await saveTierRewards(
        deps,
        shop.id,
        SEED_ACTOR,
        saved.id,
        {
          entryPoints: 0,
          entryCoupon: { discountType: "percentage", value: 5, minimumSubtotal: null, expiresInDays: 90 },
          preTier: null,
        },
        "b2b",
      );
    }
  }
  const run = await launchTiers(
    deps,
    shop,
    SEED_ACTOR,
    { changeNotes: "Demo B2B partner tiers by amount spent", grantEntryRewards: false },
    "b2b",
  );
  await runTierRecalculation(deps, shop.id, run.id);
  return { seeded: true };
}
