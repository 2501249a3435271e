import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { applyOrderNewsAndEffects } from "../modules/orders/orders.service";
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

/**
 * The demo shop's referral program (issue 18): on, 10 % off for the friend and 500 points for the
 * referrer. Ava referred two friends through Laurel's own services: Mia (her first order is paid,
 * so the referral is completed and Ava got her points) and Zara (pending, no order yet). Runs once:
 * a shop with referral settings is left as the merchant made it.
 */
export async function seedDemoReferrals(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at || (await hasReferralSettings(deps, shop.id))) return { seeded: false };
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
