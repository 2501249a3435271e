import { markShopUninstalled } from "../modules/shops/shops.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

/** app/uninstalled: the offline token is dead; keep the data until shop/redact (48 h later). */
export const appUninstalled: WebhookHandler = async (deps, trx, { shop }) => {
  await markShopUninstalled(trx, shop.id, deps.clock.now());
};
