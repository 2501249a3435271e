import type { Deps } from "../../infra/deps";
import type { TagOrdersAndCustomersData } from "../../jobs/refs";
import { getShopOrThrow } from "../shops/shops.service";
import { platformCustomerIdsOf } from "./platform-tags.repository";

/**
 * The job's body (decision 0176): adds the tags to each order and customer through the platform
 * port, one call each. A throttled or failed call throws and pg-boss retries the whole job with
 * back-off: adding a tag is idempotent, so the orders already tagged are tagged again, harmlessly.
 */
export async function applyPlatformTags(deps: Deps, data: TagOrdersAndCustomersData): Promise<number> {
  const shop = await getShopOrThrow(deps, data.shopId);
  if (shop.uninstalled_at) return 0;
  const platformShop = { domain: shop.shopify_domain, accessToken: shop.access_token };
  let calls = 0;
  if (data.orders.tags.length > 0) {
    for (const orderId of data.orders.ids) {
      await deps.platform.addOrderTags(platformShop, orderId, data.orders.tags);
      calls++;
    }
  }
  if (data.customers.tags.length > 0 && data.customers.ids.length > 0) {
    for (const platformId of await platformCustomerIdsOf(deps.db, data.shopId, data.customers.ids)) {
      await deps.platform.updateCustomerTags(platformShop, platformId, {
        add: data.customers.tags,
        remove: [],
      });
      calls++;
    }
  }
  return calls;
}
