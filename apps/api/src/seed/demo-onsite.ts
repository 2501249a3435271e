import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { findShopByDomain } from "../modules/shops/shops.service";
import { DEFAULT_POPUPS, faqsOf, saveFaqs, savePopup } from "../modules/storefront/onsite-content";

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
