import type { ReferralBranding } from "@laurel/contracts";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { applyOrderNewsAndEffects } from "../modules/orders/orders.service";
import { saveReferralBranding } from "../modules/referrals/referral-pages.service";
import {
  claimReferral,
  DEFAULT_REFERRAL_SETTINGS,
  getShopperReferral,
  hasReferralSettings,
  saveReferralSettings,
} from "../modules/referrals/referrals.service";
import { findShopByDomain } from "../modules/shops/shops.service";
import type { PlatformOrder } from "../platform/order";
import { DEMO_MORE_MEMBERS } from "./demo-members";

const SEED_ACTOR = { userId: null, impersonatedBy: null };

const DEMO_REFERRAL_BRANDING: ReferralBranding = {
  invite: {
    heading: "Give {{reward}}, get 500 points",
    body: "Your friends get {{reward}} their first order at {{shop}}; you get 500 points when they buy.",
    shareChannels: ["copy", "email", "whatsapp", "facebook", "x"],
    showStats: true,
  },
  popup: {
    enabled: true,
    layout: "modal",
    title: "{{referrer}} sent you {{reward}}",
    description: "Create your {{shop}} account to get {{reward}} your first order, and start earning points.",
    buttonText: "Create my account",
    claimedText: "Welcome! Your {{reward}} code is {{code}}",
    imageUrl: null,
    delaySeconds: 1,
    colors: { background: "#f4f1ea", text: "#1f2a24", button: "#1f4b3f", buttonText: "#ffffff" },
  },
};

/**
 * The demo shop's referral program (issue 18): on, 10 % off for the friend and 500 points for the
 * referrer, with its referral pages designed (E-13). Ava referred two friends through Laurel's own services: Mia (her first order is paid,
 * so the referral is completed and Ava got her points) and Zara (pending, no order yet). Runs once:
 * a shop with referral settings is left as the merchant made it.
 */
export async function seedDemoReferrals(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || (await hasReferralSettings(deps, shop.id))) return { seeded: false };
  // E-13: the demo shop's referral pages, in its green: Ava's friends see her name and their 10 %.
  await saveReferralBranding(deps, shop, SEED_ACTOR, DEMO_REFERRAL_BRANDING);
  await saveReferralSettings(deps, shop, SEED_ACTOR, {
    ...DEFAULT_REFERRAL_SETTINGS,
    enabled: true,
    title: "Give 10%, get 500 points",
    description:
      "Share your link: your friend gets 10% off their first order, and you earn 500 points when they buy.",
  });
  const [ava] = DEMO_SHOPPERS;
  const [mia, , , , zara] = DEMO_MORE_MEMBERS;
  if (!ava || !mia || !zara) return { seeded: false };
  const authOf = (platformCustomerId: string) => ({
    shopId: shop.id,
    shopDomain: shop.shopify_domain,
    platformCustomerId,
  });
  const link = await getShopperReferral(deps, authOf(ava.customerId), { deviceId: null, ip: "seed:ava" });
  if (!link.code) return { seeded: false };
  for (const friend of [mia, zara]) {
    await claimReferral(deps, authOf(friend.customerId), { code: link.code }, `seed:${friend.customerId}`);
  }
  const now = deps.clock.now();
  const order: PlatformOrder = {
    orderId: "7302000000000000990",
    name: "#990",
    customerPlatformId: mia.customerId,
    email: mia.email,
    customerTags: [],
    currency: "USD",
    createdAt: now,
    cancelledAt: null,
    financialStatus: "paid",
    source: "web",
    tags: [],
    test: false,
    taxesIncluded: false,
    paymentGateways: ["shopify_payments"],
    discountCodes: [],
    storeCreditPaid: 0,
    subtotal: 5_400,
    total: 5_400,
    shipping: 0,
    fees: 0,
    taxes: [],
    lines: [
      {
        lineId: "73020000000009901",
        productId: null,
        variantId: null,
        quantity: 1,
        unitPrice: 5_400,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
        requiresShipping: true,
      },
    ],
  };
  await deps.db
    .transaction()
    .execute((trx) => applyOrderNewsAndEffects(deps, trx, shop, [{ kind: "order", event: "paid", order }]));
  return { seeded: true };
}
