import type { Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import type { OrderOutcome } from "../orders/order-facts";
import { type EmailRequest, enqueueEmails } from "./mail.service";

/**
 * L-12 "points earned" (decision 0075): an order effect (decision 0018) that e-mails each shopper
 * whose order credited points, keyed by the order, so a batch applied twice e-mails once.
 * Set-based per shop: one `enqueueEmails` call per shop in the batch.
 */
export const pointsEarnedEmail = {
  name: "points-earned-email",
  async apply(deps: Deps, trx: Tx, outcomes: readonly OrderOutcome[]): Promise<void> {
    const byShop = new Map<string, { shop: OrderOutcome["shop"]; requests: EmailRequest[] }>();
    for (const o of outcomes) {
      if (o.pointsEarned <= 0 || !o.order.customer_id) continue;
      const entry = byShop.get(o.shop.id) ?? { shop: o.shop, requests: [] };
      entry.requests.push({
        event: "points_earned",
        customerId: o.order.customer_id,
        occasion: `order:${o.order.order_id}:${o.event}`,
        values: { points: o.pointsEarned },
      });
      byShop.set(o.shop.id, entry);
    }
    for (const { shop, requests } of byShop.values()) await enqueueEmails(deps, trx, shop, requests);
  },
};
