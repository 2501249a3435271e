import { eraseShop } from "../modules/shops/shops.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

/** shop/redact (mandatory compliance topic): erase everything Laurel holds about the shop. */
export const shopRedact: WebhookHandler = async (_deps, trx, { shop }) => {
  await eraseShop(trx, shop.id);
};
