import type { ShopRow } from "@laurel/db";
import type { OrderEffect } from "../orders/order-effects";
import { b2bRequirementsOf } from "./b2b-requirements";
import { updateMembersTiers } from "./tiers.service";

/**
 * Live tier progress (issue 10, decisions 0070, 0174): after a batch's ledger writes, the members its
 * orders name are measured again and their tiers set, in one pass per shop. Idempotent by
 * construction: the tier is recomputed from the stored orders and ledger (a batch told twice finds
 * nothing to change), and entry rewards are keyed by member, tier and period.
 */
export const tierOrderEffect: OrderEffect = {
  name: "tiers",
  async apply(deps, trx, outcomes) {
    const byShop = new Map<string, { shop: ShopRow; refs: Map<string, string> }>();
    for (const o of outcomes) {
      if (!o.order.customer_id) continue;
      const entry = byShop.get(o.shop.id) ?? { shop: o.shop, refs: new Map<string, string>() };
      entry.refs.set(o.order.customer_id, o.order.order_id);
      byShop.set(o.shop.id, entry);
    }
    for (const { shop, refs } of byShop.values()) {
      await updateMembersTiers(deps, trx, shop, refs);
      // B2B partner tiers (decision 0174): the same engine over the B2B ladder; only members of a
      // company are measured, so a direct-to-consumer order changes nothing there. They move only
      // while the shop meets the requirements (a shop that left Advanced or Plus keeps its standings).
      if (b2bRequirementsOf(shop).available)
        await updateMembersTiers(deps, trx, shop, refs, undefined, "b2b");
    }
  },
};
