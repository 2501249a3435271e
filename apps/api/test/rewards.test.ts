import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import { PlatformError, type PlatformPort } from "../src/platform/port";
import { createTestApp, deliverWebhook, signedProxyUrl, type TestApp, updateShopRow } from "./helpers";
import { orderBody } from "./order-payloads";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
let failNextDiscount = false;
let programId: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    // The demo platform, with a switch to make the next discount creation fail as a platform can.
    platform: (platformClock, db) => {
      const base = createDemoPlatform(platformClock, db);
      return {
        ...base,
        async createDiscount(shop, request) {
          if (failNextDiscount) {
            failNextDiscount = false;
            throw new PlatformError("Shopify is down", true);
          }
          return base.createDiscount(shop, request);
        },
      } satisfies PlatformPort;
    },
  });
  const p = await t.deps.db
    .selectFrom("programs")
    .select("id")
    .where("shop_id", "=", "shop_demo")
    .where("event", "=", "amount_discount")
    .executeTakeFirstOrThrow();
  programId = p.id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: "GET" | "POST", path: string, customer: string, payload?: object) =>
  t.app.inject({ method, url: signedProxyUrl(t, path, { customer }), ...(payload ? { payload } : {}) });
const join = (customer: string) => call("POST", "/proxy/join", customer);
const giveOrderPoints = async (customer: string, points: number) => {
  const c = await t.deps.db
    .selectFrom("customers")
    .select("id")
    .where("platform_customer_id", "=", customer)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable("customers")
    .set((eb) => ({ available_points: eb("available_points", "+", points) }))
    .where("id", "=", c.id)
    .execute();
  await t.deps.db
    .insertInto("ledger_entries")
    .values({
      shop_id: "shop_demo",
      customer_id: c.id,
      activity_type: "earn_place_order",
      available_delta: points,
      idempotency_key: `test-grant-${customer}-${points}`,
      input_hash: "test",
    })
    .execute();
};

describe("GET /proxy/customer (the widget's first call)", () => {
  it("a guest sees the ways to earn and to redeem, nothing personal", async () => {
    const res = await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer") });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      signedIn: false,
      customer: null,
      pointLabel: { singular: "point", plural: "points" },
    });
    expect(data.waysToEarn.map((w: { event: string }) => w.event).sort()).toEqual(["place_order", "sign_up"]);
    expect(data.waysToEarn.find((w: { event: string }) => w.event === "place_order")).toMatchObject({
      points: 10,
      perAmount: 10_000,
    });
    expect(data.waysToRedeem).toEqual([
      expect.objectContaining({ event: "amount_discount", points: 500, rewardValue: 500, available: false }),
    ]);
  });

  it("a member sees balances, sign up as done, and whether each reward is affordable", async () => {
    await join("5001");
    const data = (await call("GET", "/proxy/customer", "5001")).json().data;
    expect(data.customer).toMatchObject({ type: "member", availablePoints: 100, pendingPoints: 0 });
    expect(data.waysToEarn.find((w: { event: string }) => w.event === "sign_up").completed).toBe(true);
    expect(data.waysToRedeem[0]).toMatchObject({
      available: false,
      unavailableReason: "Current balance is insufficient",
    });
  });
});

describe("POST /proxy/redeem (D-21, two-phase hold)", () => {
  it("spends the points, creates the code on the platform and shows it as an available coupon", async () => {
    await join("5002");
    await giveOrderPoints("5002", 900);
    const res = await call("POST", "/proxy/redeem", "5002", { programId });
    expect(res.statusCode, res.body).toBe(200);
    const { coupon, availablePoints, replayed } = res.json().data;
    expect(availablePoints).toBe(500);
    expect(replayed).toBe(false);
    expect(coupon).toMatchObject({
      programId,
      points: 500,
      status: "available",
      tab: "available",
      reward: { kind: "amount", value: 500, currency: "USD" },
    });
    expect(coupon.code).toMatch(/^[A-Z0-9]{10,}$/);
    const discount = await t.deps.db
      .selectFrom("demo_discounts")
      .select(["code", "active", "request"])
      .where("code", "=", coupon.code)
      .executeTakeFirstOrThrow();
    expect(discount.active).toBe(true);
    // D-08: only the redeemer may use it.
    expect(discount.request).toMatchObject({ customerPlatformId: "5002", usageLimit: 1 });
    const hold = await t.deps.db.selectFrom("holds").select("state").where("points", "=", 500).execute();
    expect(hold.map((h) => h.state)).toContain("posted");
  });

  it("the same requestId twice answers the first coupon and spends once", async () => {
    await join("5003");
    await giveOrderPoints("5003", 1_000);
    const first = await call("POST", "/proxy/redeem", "5003", { programId, requestId: "click-0001" });
    const second = await call("POST", "/proxy/redeem", "5003", { programId, requestId: "click-0001" });
    expect(second.json().data).toMatchObject({ replayed: true, availablePoints: 600 });
    expect(second.json().data.coupon.code).toBe(first.json().data.coupon.code);
  });

  it.each([
    ["a blank program", {}, 400, "Reward program is blank"],
    ["an unknown program", { programId: "prg_nope" }, 404, "Reward program is blank"],
    ["a negative amount", { programId: "x", points: -5 }, 400, "Redeem amount must be greater than 0"],
  ])("refuses %s with the spec's message", async (_label, body, status, message) => {
    await join("5004");
    const res = await call("POST", "/proxy/redeem", "5004", body);
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it("'Current balance is insufficient', and nothing is held", async () => {
    await join("5005");
    const res = await call("POST", "/proxy/redeem", "5005", { programId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "insufficient_points",
      error: "Current balance is insufficient",
    });
    const c = (await call("GET", "/proxy/customer", "5005")).json().data.customer;
    expect(c.availablePoints).toBe(100);
  });

  it("a guest who has not joined is told so", async () => {
    const res = await call("POST", "/proxy/redeem", "5999", { programId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Account not found");
  });

  it("when the platform refuses the code, the hold is voided and the points come back", async () => {
    await join("5006");
    await giveOrderPoints("5006", 400);
    failNextDiscount = true;
    const res = await call("POST", "/proxy/redeem", "5006", { programId });
    expect(res.statusCode).toBe(502);
    const c = (await call("GET", "/proxy/customer", "5006")).json().data.customer;
    expect(c.availablePoints).toBe(500);
    expect((await call("GET", "/proxy/coupons", "5006")).json().data.coupons).toEqual([]);
  });
});

describe("coupons and revoke (H-11 … H-13)", () => {
  it("an order that uses the code marks the coupon used; a used coupon cannot be revoked", async () => {
    await join("5010");
    await giveOrderPoints("5010", 400);
    const { coupon } = (await call("POST", "/proxy/redeem", "5010", { programId })).json().data;
    const paid = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "8700000000000000001",
        customerId: "5010",
        discountCodes: [coupon.code.toLowerCase()],
      }),
    );
    expect(paid.statusCode).toBe(200);
    const [used] = (await call("GET", "/proxy/coupons", "5010")).json().data.coupons;
    expect(used).toMatchObject({ id: coupon.id, status: "redeemed", tab: "unavailable" });
    expect(used.usedAt).not.toBeNull();
    await updateShopRow(t, "shop_demo", {
      settings: JSON.stringify({
        couponRevoke: {
          enabled: true,
          maxRevokes: null,
          timeframe: { unit: "lifetime", duration: 1 },
          timeLimit: null,
        },
      }),
    });
    const revoke = await call("POST", `/proxy/coupons/${coupon.id}/revoke`, "5010");
    expect(revoke.json().error).toBe("This coupon has already been used");
    await updateShopRow(t, "shop_demo", { settings: "{}" });
  });

  it("lists the shopper's coupons; revoke is off by default", async () => {
    await join("5007");
    await giveOrderPoints("5007", 400);
    const { coupon } = (await call("POST", "/proxy/redeem", "5007", { programId })).json().data;
    const list = (await call("GET", "/proxy/coupons", "5007")).json().data.coupons;
    expect(list.map((c: { id: string }) => c.id)).toEqual([coupon.id]);
    const res = await call("POST", `/proxy/coupons/${coupon.id}/revoke`, "5007");
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("This coupon cannot be revoked");
  });

  it("with revoke on: the code is deactivated and the points refunded once; the limits speak the spec's words", async () => {
    await updateShopRow(t, "shop_demo", {
      settings: JSON.stringify({
        couponRevoke: {
          enabled: true,
          maxRevokes: 1,
          timeframe: { unit: "day", duration: 1 },
          timeLimit: { value: 1, unit: "hour" },
        },
      }),
    });
    await join("5008");
    await giveOrderPoints("5008", 1_400);
    const a = (await call("POST", "/proxy/redeem", "5008", { programId })).json().data.coupon;
    const b = (await call("POST", "/proxy/redeem", "5008", { programId })).json().data.coupon;
    const revoked = await call("POST", `/proxy/coupons/${a.id}/revoke`, "5008");
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({
      availablePoints: 1_000,
      coupon: { status: "revoked", tab: "unavailable" },
    });
    const discount = await t.deps.db
      .selectFrom("demo_discounts")
      .select("active")
      .where("code", "=", a.code)
      .executeTakeFirstOrThrow();
    expect(discount.active).toBe(false);

    const again = await call("POST", `/proxy/coupons/${a.id}/revoke`, "5008");
    expect(again.json().error).toBe("This coupon has already been revoked");
    const limit = await call("POST", `/proxy/coupons/${b.id}/revoke`, "5008");
    expect(limit.json().error).toBe("You can only revoke 1 times per day");

    clock.advance(2 * 3_600_000);
    const c = (await call("POST", "/proxy/redeem", "5008", { programId })).json().data.coupon;
    clock.advance(24 * 3_600_000);
    const late = await call("POST", `/proxy/coupons/${b.id}/revoke`, "5008");
    expect(late.json().error).toBe("This coupon can only be revoked within 1 hour after redemption");
    expect((await call("POST", `/proxy/coupons/${c.id}/revoke`, "5008")).json().error).toBe(
      "This coupon can only be revoked within 1 hour after redemption",
    );
    // Someone else's coupon does not exist for this shopper.
    await join("5009");
    expect((await call("POST", `/proxy/coupons/${b.id}/revoke`, "5009")).json().error).toBe(
      "Invalid coupon code",
    );
    await updateShopRow(t, "shop_demo", { settings: "{}" });
  });
});
