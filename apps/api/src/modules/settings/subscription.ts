import { type SubscriptionSettings, subscriptionPurchaseTypes } from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { listAllProgramRows } from "../programs/programs.service";
import { getShopOrThrow } from "../shops/shops.service";

type PurchaseType = (typeof subscriptionPurchaseTypes)[number];
const isSubscriptionPurchase = (value: unknown): value is Exclude<PurchaseType, "one_time_purchase"> =>
  value === "subscription_purchase" || value === "both_purchase";

/**
 * M-07, C-23 (decision 0170): the Subscription section, as the engine stands. One-time purchases are
 * always available; subscription and both need a store that sells subscriptions (asked of the
 * platform, the same answer program validation uses); subscription order earning likewise. The
 * programs listed are those with a subscription condition: subscription order earning, and
 * rewards for subscription (or both) purchases.
 */
export async function getSubscriptionSettings(deps: Deps, shopId: string): Promise<SubscriptionSettings> {
  const shop = await getShopOrThrow(deps, shopId);
  const [detected, rows] = await Promise.all([
    deps.platform.sellsSubscriptions({ domain: shop.shopify_domain, accessToken: shop.access_token }),
    listAllProgramRows(deps.db, shopId),
  ]);
  const programs = rows.flatMap((row) => {
    const purchaseType = row.config.purchaseType;
    const subscriptionOrders = row.type === "earning" && row.event === "place_order_subscription";
    const subscriptionReward = row.type === "spending" && isSubscriptionPurchase(purchaseType);
    if (!subscriptionOrders && !subscriptionReward) return [];
    return [
      {
        id: row.id,
        title: row.title,
        type: row.type === "earning" ? ("earning" as const) : ("spending" as const),
        event: row.event,
        status: row.status,
        purchaseType: subscriptionReward ? (purchaseType as PurchaseType) : null,
      },
    ];
  });
  return {
    subscriptionApp: { detected },
    purchaseTypes: subscriptionPurchaseTypes.map((type) => ({
      type,
      available: type === "one_time_purchase" || detected,
    })),
    subscriptionOrderEarning: { available: detected },
    programs,
  };
}
