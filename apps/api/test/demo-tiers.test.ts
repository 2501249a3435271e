import { DEMO_SHOPPERS } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../src/seed/demo-customers";
import { seedDemoMembers } from "../src/seed/demo-members";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { seedDemoB2bTiers, seedDemoTiers } from "../src/seed/demo-tiers";
import { createTestApp, deliverWebhook, signedProxyUrl, type TestApp } from "./helpers";
import { orderBody } from "./order-payloads";

let t: TestApp;
const [AVA, BEN] = DEMO_SHOPPERS;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMembers(t.deps);
  await seedDemoShoppers(t.deps);
});
afterAll(async () => {
  await t.close();
});

const tierNameOf = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers as c")
      .leftJoin("customer_tiers as ct", (j) =>
        j.onRef("ct.shop_id", "=", "c.shop_id").onRef("ct.customer_id", "=", "c.id"),
      )
      .leftJoin("tiers as tr", (j) =>
        j.onRef("tr.shop_id", "=", "ct.shop_id").onRef("tr.id", "=", "ct.tier_id"),
      )
      .select("tr.name")
      .where("c.platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).name;

describe("the demo shop's VIP tiers (issue 10 seed)", () => {
  it("seeds four tiers by amount spent, launched, members spread across them; once", async () => {
    expect(await seedDemoTiers(t.deps)).toEqual({ seeded: true });
    expect(await seedDemoTiers(t.deps)).toEqual({ seeded: false });
    const tiers = await t.deps.db
      .selectFrom("tiers")
      .select(["name", "milestone"])
      .orderBy("milestone")
      .execute();
    expect(tiers.map((x) => x.name)).toEqual(["Bronze", "Silver", "Gold", "Platinum"]);
    // Tier rewards (decision 0135): Gold's pre-tier coupon, Platinum's points and tier-up coupon.
    const rewards = await t.deps.db
      .selectFrom("tiers")
      .select(["name", "entry_points", "entry_coupon", "pre_tier"])
      .where("name", "in", ["Gold", "Platinum"])
      .orderBy("milestone")
      .execute();
    expect(rewards).toMatchObject([
      {
        name: "Gold",
        entry_coupon: null,
        pre_tier: { threshold: 35_000, coupon: { discountType: "free_shipping" } },
      },
      {
        name: "Platinum",
        entry_points: 500,
        entry_coupon: { discountType: "amount", value: 2_000 },
        pre_tier: null,
      },
    ]);
    const program = await t.deps.db.selectFrom("tier_programs").selectAll().executeTakeFirstOrThrow();
    expect(program.status).toBe("launched");
    const run = await t.deps.db.selectFrom("tier_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "done", action: "launch_tier" });
    // Ava spent $652 and Ben $400 (his $420 order was refunded): both Gold.
    expect(await tierNameOf(AVA.customerId)).toBe("Gold");
    expect(await tierNameOf(BEN.customerId)).toBe("Gold");
    const spread = await t.deps.db
      .selectFrom("customer_tiers")
      .select(["tier_id", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("tier_id")
      .execute();
    expect(spread.length).toBeGreaterThanOrEqual(3);
  });

  it("the storefront shows Ava's tier and the way to Platinum", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/customer", { customer: AVA.customerId }),
    });
    expect(res.json().data.tier).toEqual({
      name: "Gold",
      perks: ["Free shipping", "Early access to sales"],
      next: { name: "Platinum", remaining: 34_800, progress: 42, unit: "money" },
    });
  });

  it("a big order takes Ava to Platinum, with its entry reward", async () => {
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "7309000000000000001",
        customerId: AVA.customerId,
        lines: [{ id: "1", price: "500.00", quantity: 1 }],
      }),
    );
    expect(await tierNameOf(AVA.customerId)).toBe("Platinum");
    const bonus = await t.deps.db
      .selectFrom("ledger_entries")
      .select("available_delta")
      .where("activity_type", "=", "earn_tier_bonus")
      .execute();
    expect(bonus).toEqual([{ available_delta: 500 }]);
  });
});

describe("the demo shop's B2B partner tiers (decision 0174 seed)", () => {
  it("seeds three B2B tiers by amount spent, launched, Northwind Trading in Partner; VIP untouched; once", async () => {
    await seedDemoCustomers(t.deps);
    const vipBefore = await t.deps.db
      .selectFrom("customer_tiers")
      .select(["customer_id", "tier_id"])
      .where("program", "=", "vip")
      .orderBy("customer_id")
      .execute();
    expect(await seedDemoB2bTiers(t.deps)).toEqual({ seeded: true });
    expect(await seedDemoB2bTiers(t.deps)).toEqual({ seeded: false });
    const tiers = await t.deps.db
      .selectFrom("tiers")
      .select("name")
      .where("program", "=", "b2b")
      .orderBy("milestone")
      .execute();
    expect(tiers.map((x) => x.name)).toEqual(["Partner", "Preferred partner", "Strategic partner"]);
    const program = await t.deps.db
      .selectFrom("tier_programs")
      .select(["status", "settings"])
      .where("program", "=", "b2b")
      .executeTakeFirstOrThrow();
    expect(program).toMatchObject({
      status: "launched",
      settings: { basis: "amount_spent", tagPrefix: "Joy" },
    });
    const standings = await t.deps.db
      .selectFrom("customer_tiers as ct")
      .innerJoin("customers as c", (j) =>
        j.onRef("c.shop_id", "=", "ct.shop_id").onRef("c.id", "=", "ct.customer_id"),
      )
      .innerJoin("tiers as tr", (j) =>
        j.onRef("tr.shop_id", "=", "ct.shop_id").onRef("tr.id", "=", "ct.tier_id"),
      )
      .select(["c.email", "tr.name"])
      .where("ct.program", "=", "b2b")
      .execute();
    expect(standings).toEqual([{ email: "orders@northwind-trading.test", name: "Partner" }]);
    // The VIP ladder's standings are those of before (the seeded VIP launch).
    expect(
      await t.deps.db
        .selectFrom("customer_tiers")
        .select(["customer_id", "tier_id"])
        .where("program", "=", "vip")
        .where(
          "customer_id",
          "in",
          vipBefore.map((r) => r.customer_id),
        )
        .orderBy("customer_id")
        .execute(),
    ).toEqual(vipBefore);
  });
});
