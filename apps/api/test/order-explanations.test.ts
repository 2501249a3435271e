import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody, type TestOrder } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token } = await signIn(t.app));
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7401", email: "wren@example.com", firstName: "Wren", lastName: "Hale" },
        "member",
        clock.now(),
      ),
    );
});
afterAll(async () => {
  await t.close();
});

const sendOrder = async (o: TestOrder) => {
  const res = await deliverWebhook(t, "orders/paid", orderBody(o));
  expect(res.statusCode, res.body).toBe(200);
};
const explain = async (q: string) => {
  const res = await adminGet(t.app, `/apiSa/lp/programs/explain?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe("why did (or didn't) this order earn? (issue 14)", () => {
  it("keeps each place order program's decision, in priority order, with the entries it produced", async () => {
    // A rule before the default one: wholesale orders earn nothing from it.
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Retail only",
      status: "active",
      priority: 5,
      config: { earnBy: "order", earnPoint: 7, rateMoney: null, excludeOrderTags: "wholesale" },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const ruleId = rule.json().data.id;

    await sendOrder({ id: "9100001", customerId: "7401", email: "wren@example.com" });
    await sendOrder({ id: "9100002", customerId: "7401", email: "wren@example.com", tags: "wholesale" });

    const [byNumber] = await explain("#0001");
    expect(byNumber).toMatchObject({
      orderId: "9100001",
      name: "#0001",
      status: "rewarded",
      pointsAwarded: 17,
      customer: { email: "wren@example.com", name: "Wren Hale" },
    });
    expect(byNumber.trace.map((p: { title: string }) => p.title)).toEqual(["Retail only", "Place an order"]);
    expect(byNumber.trace[0]).toMatchObject({
      programId: ruleId,
      result: "awarded",
      points: 7,
      reason: null,
    });
    expect(byNumber.trace[1]).toMatchObject({ result: "awarded", points: 10 });
    expect(byNumber.entries).toEqual([
      expect.objectContaining({ activityType: expect.any(String), available: 17, pending: 0 }),
    ]);

    const byCustomer = await explain("WREN@example.com");
    expect(byCustomer.map((o: { orderId: string }) => o.orderId).sort()).toEqual(["9100001", "9100002"]);
    const wholesale = byCustomer.find((o: { orderId: string }) => o.orderId === "9100002");
    expect(wholesale.trace[0]).toMatchObject({
      title: "Retail only",
      result: "skipped",
      reason: "excluded_order_tag",
    });
    expect(wholesale.pointsAwarded).toBe(10);

    // The customer's profile asks by the customer's id.
    const wren = await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("email", "=", "wren@example.com")
      .executeTakeFirstOrThrow();
    const byId = await explain(wren.id);
    expect(byId.map((o: { orderId: string }) => o.orderId).sort()).toEqual(["9100001", "9100002"]);
  });

  it("names each rule-engine condition and whether the order met it (C-19)", async () => {
    // The rule engine's conditions need the Advanced plan (C-18, R).
    const { plan } = await t.deps.db
      .selectFrom("shops")
      .select("plan")
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Sunglasses from Acme",
      status: "active",
      priority: 4,
      config: {
        earnBy: "order",
        earnPoint: 3,
        rateMoney: null,
        statusUseCondition: true,
        typeCondition: "all",
        conditions: [
          { criteria: "product", field: "title", matcher: "contains", value: "sunglasses" },
          { criteria: "product", field: "vendor", matcher: "equal", value: "Acme" },
        ],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    try {
      await sendOrder({
        id: "9100003",
        customerId: "7401",
        email: "wren@example.com",
        lines: [{ id: "91000031", price: "30.00", quantity: 1, title: "Aviator sunglasses", vendor: "Acme" }],
      });
      await sendOrder({
        id: "9100004",
        customerId: "7401",
        email: "wren@example.com",
        lines: [
          { id: "91000041", price: "30.00", quantity: 1, title: "Aviator sunglasses", vendor: "Other" },
        ],
      });
      const byId = async (id: string) => (await explain(id))[0].trace[0];
      expect(await byId("9100003")).toMatchObject({
        title: "Sunglasses from Acme",
        result: "awarded",
        conditions: [
          { criteria: "product", field: "title", matcher: "contains", value: "sunglasses", met: true },
          { criteria: "product", field: "vendor", matcher: "equal", value: "Acme", met: true },
        ],
      });
      expect(await byId("9100004")).toMatchObject({
        result: "skipped",
        reason: "conditions_not_met",
        conditions: [
          { field: "title", met: true },
          { field: "vendor", matcher: "equal", value: "Acme", met: false },
        ],
      });
      // A program without conditions has none to name.
      expect((await explain("9100004"))[0].trace[1]).toMatchObject({ title: "Retail only", conditions: [] });
    } finally {
      await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${rule.json().data.id}`, token);
      await updateShopRow(t, "shop_demo", { plan });
    }
  });

  it("answers an empty list for an unknown order, and 400 naming the field for an empty query", async () => {
    expect(await explain("#424242")).toEqual([]);
    const res = await adminGet(t.app, "/apiSa/lp/programs/explain?q=%20", token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "q" });
  });
});
