import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMembers,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * C-19, C-22: place order programs that read a customer's standing — a VIP-tier audience and a
 * customer condition on the order count — see the tier the member stands in and their running
 * order totals (decision 0071) as they were before the order.
 */
let t: TestApp;
let token: string;

const GOLD_BUYER = "7301";
const BASE_BUYER = "7302";

beforeAll(async () => {
  t = await createTestApp({ worker: true });
  ({ token } = await signIn(t.app));
  await updateShopRow(t, "shop_demo", { plan: "advanced" });
  await addMembers(t, [GOLD_BUYER, BASE_BUYER]);
});
afterAll(async () => {
  await t.close();
});

async function program(title: string, priority: number, earnPoint: number, config: object): Promise<string> {
  const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
    event: "place_order",
    title,
    status: "active",
    priority,
    config: { earnBy: "order", earnPoint, rateMoney: null, ...config },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

/** Points each order earned, all programs together (the shop's own place order rules included). */
async function awarded(orderId: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom("orders")
    .select(["points_awarded", "pending_points"])
    .where("shop_id", "=", "shop_demo")
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.points_awarded;
}

const pay = async (id: string, customerId: string, price: string) => {
  const res = await deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, customerId, lines: [{ id: `${id}1`, price, quantity: 1 }] }),
  );
  expect(res.statusCode, res.body).toBe(200);
};

describe("earning reads the customer's standing (C-19, C-22)", () => {
  it("a VIP-tier program pays Gold members only; an order-count condition counts earlier paid orders", async () => {
    const base = await adminSend(t.app, "POST", "/apiSa/tiers", token, { name: "Base", milestone: 0 });
    const gold = await adminSend(t.app, "POST", "/apiSa/tiers", token, { name: "Gold", milestone: 50_000 });
    expect([base.statusCode, gold.statusCode]).toEqual([200, 200]);
    const goldId = gold.json().data.id as string;
    const launch = await adminSend(t.app, "POST", "/apiSa/tiers/launch", token, { grantEntryRewards: false });
    expect(launch.statusCode, launch.body).toBe(200);
    await t.deps.queue.drain();

    await program("Gold bonus", 21, 77, { applyTo: "vip_tier", vipTierIds: [goldId] });
    await program("Returning customers", 22, 33, {
      statusUseCondition: true,
      conditions: [
        { criteria: "customer", field: "orders_count", matcher: "greater_than_or_equal_to", value: 1 },
      ],
    });

    // First orders: nobody is Gold yet and nobody has ordered before; the $10 order earns what
    // the shop's other rules give any $10 order.
    await pay("7700001", GOLD_BUYER, "600.00");
    await pay("7700002", BASE_BUYER, "10.00");
    const plain = await awarded("7700002");

    // The $600 order made the first buyer Gold; both have one paid order now.
    await pay("7700003", GOLD_BUYER, "10.00");
    await pay("7700004", BASE_BUYER, "10.00");
    expect(await awarded("7700003")).toBe(plain + 77 + 33);
    expect(await awarded("7700004")).toBe(plain + 33);
  });
});
