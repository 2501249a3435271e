import type { CreateProgramBody } from "@laurel/contracts";
import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { createProgram, listAllProgramRows } from "../modules/programs/programs.service";
import { findShopByDomain } from "../modules/shops/shops.service";

const SEED_ACTOR = { userId: null, impersonatedBy: null };
/** The demo store's "Home" collection (apps/demo-store's catalogue). */
const HOME_COLLECTION = "482913000000000102";
const DAY = 86_400_000;
const dateIn = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Programs beside the defaults so the program list shows every state (issue 14): a newsletter
 * program that starts next month (scheduled), a switched-off rule-engine place order rule
 * (inactive), a switched-off rule and reward limited to the "Home" collection, and a percentage
 * reward whose sale ended (expired), and a switched-off reward for one-time and subscription purchases
 * (the demo store sells subscriptions; Settings → Subscription lists it). None of them shows on the
 * storefront, so the demo's shopper journeys are unchanged. Idempotent: a title the shop already
 * has is left alone, so every start may run it.
 */
function demoPrograms(now: Date): Array<{ type: "earning" | "spending"; body: CreateProgramBody }> {
  return [
    {
      type: "earning",
      body: {
        event: "sign_up_newsletter",
        title: "Join our newsletter",
        status: "active",
        startDate: dateIn(now, 30),
        config: { earnPoint: 50, hasLimit: true, limitUnit: "lifetime", limitInterval: 1 },
      },
    },
    {
      type: "earning",
      body: {
        event: "place_order",
        title: "Double points on big orders",
        status: "inactive",
        priority: 10,
        config: {
          earnBy: "price",
          earnPoint: 20,
          rateMoney: 10_000,
          statusUseCondition: true,
          typeCondition: "all",
          stopProcessing: true,
          conditions: [
            { criteria: "order", field: "subtotal", matcher: "greater_than_or_equal_to", value: 15_000 },
          ],
        },
      },
    },
    {
      type: "earning",
      body: {
        event: "place_order",
        title: "Home collection bonus",
        status: "inactive",
        priority: 45,
        config: {
          earnBy: "price",
          earnPoint: 5,
          rateMoney: 1_000,
          includeProducts: { appliesTo: "specific", productIds: [], collectionIds: [HOME_COLLECTION] },
        },
      },
    },
    {
      type: "spending",
      body: {
        event: "amount_discount",
        title: "$5 off Home goods",
        status: "inactive",
        config: {
          pointsCost: 300,
          rewardValue: 500,
          appliesTo: "specific",
          collectionIds: [HOME_COLLECTION],
        },
      },
    },
    {
      type: "spending",
      body: {
        event: "amount_discount",
        title: "Subscribe & save $5",
        status: "inactive",
        config: { pointsCost: 400, rewardValue: 500, purchaseType: "both_purchase" },
      },
    },
    {
      type: "spending",
      body: {
        event: "percentage_discount",
        title: "Summer sale 10% off",
        status: "active",
        startDate: dateIn(now, -120),
        endDate: dateIn(now, -30),
        config: { pointsCost: 800, rewardValue: 10 },
      },
    },
  ];
}

export async function seedDemoPrograms(deps: Deps): Promise<number> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return 0;
  const titles = new Set((await listAllProgramRows(deps.db, shop.id)).map((p) => p.title));
  let created = 0;
  for (const { type, body } of demoPrograms(deps.clock.now())) {
    if (body.title && titles.has(body.title)) continue;
    await createProgram(deps, shop, SEED_ACTOR, type, body);
    created += 1;
  }
  return created;
}
