import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Clock } from "../infra/clock";
import type { Deps } from "../infra/deps";
import {
  ensureCustomer,
  findCustomerByPlatformId,
  joinProgram,
} from "../modules/customers/customers.service";
import { awardJoiningEvents } from "../modules/earning/account-earning.service";
import { entriesDatedAt } from "../modules/ledger/ledger.service";
import { applyOrderNewsAndEffects } from "../modules/orders/orders.service";
import { findShopByDomain } from "../modules/shops/shops.service";
import type { PlatformOrder } from "../platform/order";

/**
 * Past orders that have not earned, for the past-order sync (C-27, decision 0165): Rosa ordered
 * twice as a guest (logged without points: the place order program rewards members), then joined.
 * The sync credits both once she is a member. Written through the order pipeline, dated as it
 * happened; a start that finds Rosa changes nothing.
 */

const DAY = 86_400_000;

export const DEMO_PRIOR_ORDER_SHOPPER = {
  platformCustomerId: "7301000000000400001",
  email: "rosa.delgado@laurel.test",
  firstName: "Rosa",
  lastName: "Delgado",
};

const ORDERS = [
  { number: 911, daysAgo: 75, total: 12_000 },
  { number: 915, daysAgo: 30, total: 8_500 },
];
const JOINED_DAYS_AGO = 10;

function order(o: (typeof ORDERS)[number], at: Date): PlatformOrder {
  const id = `7302000000000000${o.number}`;
  return {
    orderId: id,
    name: `#${o.number}`,
    customerPlatformId: DEMO_PRIOR_ORDER_SHOPPER.platformCustomerId,
    email: DEMO_PRIOR_ORDER_SHOPPER.email,
    customerTags: [],
    currency: "USD",
    createdAt: at,
    cancelledAt: null,
    financialStatus: "paid",
    source: "web",
    tags: [],
    test: false,
    taxesIncluded: false,
    paymentGateways: ["shopify_payments"],
    discountCodes: [],
    storeCreditPaid: 0,
    subtotal: o.total,
    total: o.total,
    shipping: 0,
    fees: 0,
    taxes: [],
    lines: [
      {
        lineId: `${id}1`,
        productId: null,
        variantId: null,
        quantity: 1,
        unitPrice: o.total,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
        requiresShipping: true,
      },
    ],
  };
}

export async function seedDemoPriorOrders(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop) return { seeded: false };
  if (await findCustomerByPlatformId(deps.db, shop.id, DEMO_PRIOR_ORDER_SHOPPER.platformCustomerId)) {
    return { seeded: false };
  }
  const now = deps.clock.now().getTime();
  const at = (when: Date): Deps => ({ ...deps, clock: { now: () => when } satisfies Clock });
  await deps.db.transaction().execute(async (trx) => {
    const guest = await ensureCustomer(deps, trx, shop.id, DEMO_PRIOR_ORDER_SHOPPER);
    for (const o of ORDERS) {
      const when = new Date(now - o.daysAgo * DAY);
      await entriesDatedAt(trx, when);
      await applyOrderNewsAndEffects(at(when), trx, shop, [
        { kind: "order", event: "paid", order: order(o, when) },
      ]);
    }
    const joinedAt = new Date(now - JOINED_DAYS_AGO * DAY);
    await entriesDatedAt(trx, joinedAt);
    const member = await joinProgram(trx, shop.id, guest.id, joinedAt);
    await awardJoiningEvents(at(joinedAt), trx, shop, member);
  });
  return { seeded: true };
}
