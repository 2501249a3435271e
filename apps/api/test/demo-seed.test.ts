import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import { findShopByDomain } from "../src/modules/shops/shops.service";
import { seedDemoMembers } from "../src/seed/demo-members";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { createTestApp, signedProxyUrl, type TestApp } from "./helpers";

let t: TestApp;
let shopId: string;
const [AVA, BEN, CLEO] = DEMO_SHOPPERS;
const DAY = 86_400_000;

/** What `npm start` seeds on the demo platform, in its order. */
async function seedLikeStart() {
  const members = await seedDemoMembers(t.deps);
  await seedDemoShoppers(t.deps);
  await seedDemoStore(t.deps);
  return members;
}

const counts = async () => {
  const n = async (table: "customers" | "ledger_entries" | "coupons" | "programs" | "orders") =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("shop_id", "=", shopId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    customers: await n("customers"),
    entries: await n("ledger_entries"),
    coupons: await n("coupons"),
    programs: await n("programs"),
    orders: await n("orders"),
  };
};

const proxy = async (path: string, customer: string, extra: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: "GET", url: signedProxyUrl(t, path, { customer, extra }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  shopId = ((await findShopByDomain(t.deps.db, DEMO_SHOP_DOMAIN)) as { id: string }).id;
  expect(await seedLikeStart()).toEqual({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

describe("the demo shop has a past a new user can try", () => {
  it("Ava and Ben have points to spend; Cleo has not joined; the store's shoppers are Laurel's customers", async () => {
    const ava = await proxy("/proxy/customer", AVA.customerId);
    expect(ava.customer).toMatchObject({ type: "member", availablePoints: 1_264 });
    expect((await proxy("/proxy/customer", BEN.customerId)).customer).toMatchObject({
      type: "member",
      availablePoints: 640,
    });
    expect((await proxy("/proxy/customer", CLEO.customerId)).customer).toMatchObject({ type: "guest" });
    for (const s of DEMO_SHOPPERS) {
      const account = await t.deps.db
        .selectFrom("demo_shoppers")
        .select(["email", "first_name"])
        .where("shop_id", "=", shopId)
        .where("customer_id", "=", s.customerId)
        .executeTakeFirstOrThrow();
      const customer = await t.deps.db
        .selectFrom("customers")
        .select(["email", "first_name"])
        .where("shop_id", "=", shopId)
        .where("platform_customer_id", "=", s.customerId)
        .executeTakeFirstOrThrow();
      expect(customer).toEqual(account);
    }
  });

  it("three rewards at different costs; Ava can redeem them, with a used and an available coupon", async () => {
    const ava = await proxy("/proxy/customer", AVA.customerId);
    const costs = ava.waysToRedeem.map((w: { title: string; points: number }) => [w.title, w.points]);
    expect(costs).toEqual(
      expect.arrayContaining([
        ["$5 off coupon", 500],
        ["$10 off coupon", 1_000],
        ["$3 off coupon", 300],
      ]),
    );
    expect(ava.waysToRedeem.every((w: { available: boolean }) => w.available)).toBe(true);
    const { coupons } = await proxy("/proxy/coupons", AVA.customerId);
    expect(coupons.map((c: { title: string; status: string }) => [c.title, c.status]).sort()).toEqual([
      ["$3 off coupon", "redeemed"],
      ["$5 off coupon", "available"],
    ]);
  });

  it("history over the past months, each order's entry naming it, and a refund taken back", async () => {
    const { activities } = await proxy("/proxy/activities", BEN.customerId, { page: "1", pageSize: "20" });
    const lines = activities.map((a: { activityType: string; points: number; orderName: string | null }) =>
      [a.activityType, a.points, a.orderName].join(" "),
    );
    expect(lines).toEqual([
      "earn_place_order 25 #909",
      "remove_refund -42 #905",
      "earn_place_order 42 #905",
      "adjust_point 500 ",
      "earn_place_order 15 #902",
      "earn_sign_up 100 ",
    ]);
    const dates = activities.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    const now = Date.now();
    expect(Math.round((now - Math.min(...dates)) / DAY)).toBe(110);
    expect(Math.round((now - Math.max(...dates)) / DAY)).toBe(20);
  });

  it("twenty more members with varied balances; the ledger audit is clean", async () => {
    const members = await t.deps.db
      .selectFrom("customers")
      .select("available_points")
      .where("shop_id", "=", shopId)
      .where("type", "=", "member")
      .execute();
    expect(members).toHaveLength(22);
    expect(new Set(members.map((m) => m.available_points)).size).toBeGreaterThanOrEqual(10);
    expect(await auditLedger(t.deps.db, shopId)).toEqual({ balanceMismatches: [], holdMismatches: [] });
  });

  it("a restart adds nothing, and neither does running every step again", async () => {
    const before = await counts();
    expect(await seedLikeStart()).toEqual({ seeded: false });
    expect(await seedDemoMembers(t.deps, { force: true })).toEqual({ seeded: true });
    expect(await counts()).toEqual(before);
    expect((await proxy("/proxy/customer", AVA.customerId)).customer.availablePoints).toBe(1_264);
  });
});
