import type { Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { tagOrdersAndCustomers } from "../../jobs/refs";
import type { OrderOutcome } from "../orders/order-facts";

/** Orders per job: one job makes one platform call per order and per customer. */
const ORDERS_PER_JOB = 250;

/**
 * M-02 (decision 0176): an order effect that tags, on the platform, each order that earned points
 * and its customer, with the shop's General settings' order and customer tags as they are when the
 * order earns. Set-based: one job per shop and batch (outbox), nothing when both lists are empty,
 * so a shop without tags pays no row. Adding a tag is idempotent, so a batch applied twice, or a
 * retried job, leaves the same tags.
 */
export const platformTagsEffect = {
  name: "platform-tags",
  async apply(deps: Deps, trx: Tx, outcomes: readonly OrderOutcome[]): Promise<void> {
    const byShop = new Map<
      string,
      { orderIds: string[]; customerIds: string[]; orderTags: string[]; customerTags: string[] }
    >();
    for (const o of outcomes) {
      if (o.pointsEarned <= 0) continue;
      const general = o.shop.settings.general;
      const orderTags = general?.orderTags ?? [];
      const customerTags = general?.customerTags ?? [];
      if (orderTags.length === 0 && customerTags.length === 0) continue;
      const entry = byShop.get(o.shop.id) ?? { orderIds: [], customerIds: [], orderTags, customerTags };
      if (orderTags.length > 0) entry.orderIds.push(o.order.order_id);
      if (customerTags.length > 0 && o.order.customer_id) entry.customerIds.push(o.order.customer_id);
      byShop.set(o.shop.id, entry);
    }
    for (const [shopId, e] of byShop) {
      const customerIds = [...new Set(e.customerIds)];
      for (let i = 0; i < Math.max(e.orderIds.length, customerIds.length); i += ORDERS_PER_JOB) {
        await deps.queue.sendInTransaction(trx, tagOrdersAndCustomers, {
          shopId,
          orders: { ids: e.orderIds.slice(i, i + ORDERS_PER_JOB), tags: e.orderTags },
          customers: { ids: customerIds.slice(i, i + ORDERS_PER_JOB), tags: e.customerTags },
        });
      }
    }
  },
};
