import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { findShopByDomain } from "../modules/shops/shops.service";
import {
  DEFAULT_POINT_CALCULATOR,
  saveLoyaltyPage,
  savePointCalculator,
} from "../modules/storefront/loyalty-page-settings";
import { DEFAULT_POPUPS, faqsOf, onsiteOf, saveFaqs, savePopup } from "../modules/storefront/onsite-content";

const SEED_ACTOR = { userId: null, userEmail: "demo@laurel.test", impersonatedBy: null };

/**
 * The demo shop's on-site content (issue 12): the loyalty page's FAQs in the shop's own words, and
 * its sign-up and reward-reminder popups written but switched off (on, they would greet every
 * guest of every storefront journey; one switch in the admin shows them). Runs once: a shop that
 * saved its FAQs keeps them.
 */
export async function seedDemoOnsite(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || !faqsOf(shop.settings).isDefault) return { seeded: false };
  await saveFaqs(deps, shop.id, SEED_ACTOR, [
    {
      question: "How do I join Laurel Rewards?",
      answer: "Create an account on the Laurel Demo Store: you join and get your welcome points at once.",
    },
    {
      question: "How many points do I earn?",
      answer:
        "Points on every paid order, plus extra for your birthday, your member anniversary and following us.",
    },
    {
      question: "How do I spend my points?",
      answer: "Open Rewards at the bottom of any page, pick a reward and copy its code into the checkout.",
    },
    {
      question: "Do my points expire?",
      answer: "Points stay as long as you place an order at least once a year.",
    },
  ]);
  await savePopup(deps, shop.id, SEED_ACTOR, "sign_up", {
    ...DEFAULT_POPUPS.sign_up,
    title: "Join Laurel Rewards",
    description: "Create an account and get welcome points to spend on your first order.",
  });
  await savePopup(deps, shop.id, SEED_ACTOR, "reward_reminder", {
    ...DEFAULT_POPUPS.reward_reminder,
    description: "You have {{points}}: enough for a reward. Redeem it before checkout.",
  });
  return { seeded: true };
}

/** The demo shop's customised loyalty page (N-10): its own slug, hero, section order and calculator. */
export const DEMO_LOYALTY_PAGE_SLUG = "laurel-rewards";

/**
 * The demo shop's loyalty page and point calculator (decision 0168): a renamed page with its own
 * hero, the calculator right after the ways to earn, starting from a 50.00 order. Runs once: a shop
 * that saved its page keeps it.
 */
export async function seedDemoLoyaltyPage(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || onsiteOf(shop.settings).loyaltyPage !== undefined)
    return { seeded: false };
  await saveLoyaltyPage(deps, shop.id, SEED_ACTOR, {
    slug: DEMO_LOYALTY_PAGE_SLUG,
    hero: {
      title: "Laurel Rewards Club",
      subtitle: "Earn points on every order, unlock VIP perks and spend your points on rewards.",
      buttonText: null,
    },
    sections: (
      ["hero", "ways_to_earn", "calculator", "ways_to_redeem", "vip_benefits", "referral", "faqs"] as const
    ).map((section) => ({ section, visible: true })),
  });
  await savePointCalculator(deps, shop.id, SEED_ACTOR, {
    ...DEFAULT_POINT_CALCULATOR,
    title: "How many points will my order earn?",
    description: "Type an order total to see the points it earns with today's programs.",
    defaultAmount: 5_000,
  });
  return { seeded: true };
}
