import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { DEMO_MERCHANT } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signedProxyUrl,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * H-11 the merchant's view of a customer's coupons, and H-13 the merchant's revoke: an admin note
 * is required, the shopper's revoke limits (H-12) do not apply, the points come back once, the
 * code stops working on the platform, and the ledger names the merchant and the note.
 */
const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
let token: string;
let programId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token } = await signIn(t.app));
  programId = (
    await t.deps.db
      .selectFrom("programs")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "amount_discount")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

const proxy = (method: "GET" | "POST", path: string, customer: string, payload?: object) =>
  t.app.inject({ method, url: signedProxyUrl(t, path, { customer }), ...(payload ? { payload } : {}) });

/** A member with points (sign up 100 + a manual grant) who redeems the $5 reward (500 points). */
async function shopperWithCoupon(
  platformId: string,
): Promise<{ customerId: string; couponId: string; code: string }> {
  const joined = await proxy("POST", "/proxy/join", platformId);
  expect(joined.statusCode).toBe(200);
  const customerId = (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
  await adminSend(t.app, "POST", `/apiSa/customers/${customerId}/points`, token, { points: 900 });
  const redeemed = await proxy("POST", "/proxy/redeem", platformId, { programId });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  const { id, code } = redeemed.json().data.coupon;
  return { customerId, couponId: id, code };
}
const revoke = (customerId: string, couponId: string, body: unknown, as = token) =>
  adminSend(t.app, "POST", `/apiSa/customers/${customerId}/coupons/${couponId}/revoke`, as, body);
const points = async (customerId: string) =>
  (await adminGet(t.app, `/apiSa/customers/${customerId}`, token)).json().data.availablePoints;
const refunds = (couponId: string) =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select(["available_delta", "note", "actor"])
    .where("shop_id", "=", "shop_demo")
    .where("activity_type", "=", "refund_coupon")
    .where("source_ref", "=", couponId)
    .execute();

describe("GET /apiSa/customers/:id/coupons (H-11)", () => {
  it("lists the customer's coupons with code, expiry, use, order and revoke reason", async () => {
    const { customerId, couponId, code } = await shopperWithCoupon("5101");
    const res = await adminGet(t.app, `/apiSa/customers/${customerId}/coupons`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coupons).toEqual([
      expect.objectContaining({
        id: couponId,
        code,
        programId,
        title: "$5 off coupon",
        points: 500,
        status: "available",
        tab: "available",
        expiresAt: null,
        usedAt: null,
        usedOrderId: null,
        revokedAt: null,
        revokeReason: null,
      }),
    ]);
  });

  it("S1: another shop's session cannot see them", async () => {
    const customerId = (await t.deps.db.selectFrom("customers").select("id").executeTakeFirstOrThrow()).id;
    const other = await shopifyToken(t.config, "other-coupons.myshopify.com", clock.now());
    const res = await adminGet(t.app, `/apiSa/customers/${customerId}/coupons`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("customer_not_found");
  });
});

describe("POST /apiSa/customers/:id/coupons/:couponId/revoke (H-13)", () => {
  it.each<[string, unknown, string]>([
    ["no note", {}, "5110"],
    ["a blank note", { note: "   " }, "5111"],
  ])("H-13 %s → 400 'Please enter an admin note', nothing revoked", async (_label, body, platformId) => {
    const { customerId, couponId } = await shopperWithCoupon(platformId);
    const res = await revoke(customerId, couponId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "note", message: "Please enter an admin note" }]);
    expect(await refunds(couponId)).toEqual([]);
  });

  it("refunds the points once, deactivates the code, records the merchant and the note — outside the shopper's limits", async () => {
    const { customerId, couponId, code } = await shopperWithCoupon("5103");
    expect(await points(customerId)).toBe(500);
    // The shopper may not: revokes are off by default (H-12), and a day has passed anyway.
    clock.advance(2 * 86_400_000);
    ({ token } = await signIn(t.app));
    const byShopper = await proxy("POST", `/proxy/coupons/${couponId}/revoke`, "5103");
    expect(byShopper.json().error).toBe("This coupon cannot be revoked");

    const res = await revoke(customerId, couponId, { note: "  Customer called: wrong reward  " });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.coupon).toMatchObject({
      id: couponId,
      status: "revoked",
      tab: "unavailable",
      revokeReason: "Customer called: wrong reward",
    });
    expect(data.customer.availablePoints).toBe(1000);
    expect(data.activity).toMatchObject({
      activityType: "refund_coupon",
      points: 500,
      source: couponId,
      note: "Customer called: wrong reward",
      actor: DEMO_MERCHANT.email,
    });
    const discount = await t.deps.db
      .selectFrom("demo_discounts")
      .select("active")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(discount.active).toBe(false);

    // Once: a second revoke (admin or shopper) is refused and refunds nothing.
    const again = await revoke(customerId, couponId, { note: "again" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: "coupon_revoked",
      error: "This coupon has already been revoked",
    });
    expect(await refunds(couponId)).toHaveLength(1);
    expect(await points(customerId)).toBe(1000);
    const listed = (await adminGet(t.app, `/apiSa/customers/${customerId}/coupons`, token)).json().data
      .coupons;
    expect(listed[0]).toMatchObject({ status: "revoked", revokeReason: "Customer called: wrong reward" });
  });

  it("H-12: a merchant's revoke does not use up the shopper's own revokes", async () => {
    const saved = await adminSend(t.app, "PUT", "/apiSa/lp/settings", token, {
      couponRevoke: {
        enabled: true,
        maxRevokes: 1,
        timeframe: { unit: "lifetime", duration: 1 },
        timeLimit: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await shopperWithCoupon("5107");
    const second = await proxy("POST", "/proxy/redeem", "5107", { programId });
    expect(second.statusCode, second.body).toBe(200);
    expect((await revoke(first.customerId, first.couponId, { note: "Goodwill" })).statusCode).toBe(200);
    const byShopper = await proxy("POST", `/proxy/coupons/${second.json().data.coupon.id}/revoke`, "5107");
    expect(byShopper.statusCode, byShopper.body).toBe(200);
  });

  it("a coupon used in an order cannot be revoked", async () => {
    const { customerId, couponId, code } = await shopperWithCoupon("5104");
    const paid = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "8700000000000005104", customerId: "5104", discountCodes: [code] }),
    );
    expect(paid.statusCode).toBe(200);
    const res = await revoke(customerId, couponId, { note: "Too late" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "coupon_used", error: "This coupon has already been used" });
    const listed = (await adminGet(t.app, `/apiSa/customers/${customerId}/coupons`, token)).json().data
      .coupons;
    expect(listed[0]).toMatchObject({ status: "redeemed", usedOrderId: "8700000000000005104" });
  });

  it("another customer's coupon, an unknown coupon, or another shop's session → 404, nothing revoked", async () => {
    const a = await shopperWithCoupon("5105");
    const b = await shopperWithCoupon("5106");
    const wrongOwner = await revoke(b.customerId, a.couponId, { note: "mix-up" });
    expect(wrongOwner.statusCode).toBe(404);
    expect(wrongOwner.json().code).toBe("coupon_not_found");
    expect((await revoke(a.customerId, "cpn_nope", { note: "x" })).json().code).toBe("coupon_not_found");
    const other = await shopifyToken(t.config, "other-coupons.myshopify.com", clock.now());
    const foreign = await revoke(a.customerId, a.couponId, { note: "x" }, other);
    expect(foreign.statusCode).toBe(404);
    expect(await refunds(a.couponId)).toEqual([]);
  });
});
