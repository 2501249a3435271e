import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import { PlatformError } from "../src/platform/port";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  signInStaff,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * Stuck tier coupons (issue 10, decision 0173): a tier-up coupon the platform refuses is recorded
 * on its grant (attempts, last error), listed for the merchant, and made when they retry once the
 * platform accepts again; a retry of what is no longer stuck changes nothing.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
const REFUSAL = "Discount could not be created: the store's plan does not allow more discounts";
/** Which codes the platform refuses (all, at first). */
let refuses: (code: string) => boolean = () => true;
let asked = 0;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    worker: true,
    platform: (platformClock, db) => {
      const demo = createDemoPlatform(platformClock, db);
      return {
        ...demo,
        async createDiscount(shop, request) {
          asked++;
          if (refuses(request.code)) throw new PlatformError(REFUSAL, false);
          return demo.createDiscount(shop, request);
        },
      };
    },
  });
  // The job's retries with backoff take about a minute; the test stands for the state after the
  // last one by letting the job give up at once.
  await t.deps.queue.boss.updateQueue("issue-tier-coupons", { retryLimit: 0 });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["9400", "9600"], clock.now());
});
afterAll(async () => {
  await t.close();
});

/** Moves the clock and signs in again (a session token lives a minute). */
const setClock = async (at: string) => {
  clock.set(at);
  ({ token } = await signIn(t.app));
};
const send = (method: "POST" | "PUT", url: string, body?: unknown) =>
  adminSend(t.app, method, url, token, body);
const stuck = async (query = "") => {
  const res = await adminGet(t.app, `/apiSa/tiers/stuck-coupons${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const retry = (body: unknown) => send("POST", "/apiSa/tiers/stuck-coupons/retry", body);
const customerId = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
const grantOf = async (platformId: string) =>
  t.deps.db
    .selectFrom("tier_entry_grants")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .executeTakeFirstOrThrow();
const couponEntries = async (platformId: string) =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select("note")
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .where("activity_type", "=", "tier_up_coupon")
    .execute();
const discountsWithCode = async (code: string) =>
  t.deps.db.selectFrom("demo_discounts").select("id").where("code", "=", code).execute();

let goldId = "";
let code9400 = "";
let code9600 = "";

describe("a tier-up coupon the platform refuses", () => {
  it("a member reaches Gold; the coupon stays to issue with the refusal recorded", async () => {
    await send("POST", "/apiSa/tiers", { name: "Bronze", milestone: 0 });
    goldId = (await send("POST", "/apiSa/tiers", { name: "Gold", milestone: 50_000 })).json().data.id;
    await send("PUT", `/apiSa/tiers/${goldId}/rewards`, {
      entryPoints: 0,
      entryCoupon: { discountType: "percentage", value: 15, minimumSubtotal: null, expiresInDays: 30 },
    });
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "840001",
        customerId: "9400",
        lines: [{ id: "8400011", price: "600.00", quantity: 1 }],
      }),
    );
    await send("POST", "/apiSa/tiers/launch", { changeNotes: null, grantEntryRewards: true });
    await t.deps.queue.drain();

    const grant = await grantOf("9400");
    code9400 = grant.coupon_code ?? "";
    expect(grant).toMatchObject({
      tier_id: goldId,
      coupon_status: "to_issue",
      coupon_attempts: 1,
      coupon_error: REFUSAL,
      platform_discount_id: null,
    });
    expect(await couponEntries("9400")).toEqual([]);
    expect(await discountsWithCode(code9400)).toEqual([]);
  });

  it("lists it as stuck: member, tier, grant time in the store's time zone, attempts, last error", async () => {
    expect(await stuck()).toEqual({
      coupons: [
        {
          id: code9400,
          customerId: await customerId("9400"),
          customerName: null,
          // The order's e-mail, as the order webhook updated the member.
          customerEmail: "shopper@example.com",
          tierId: goldId,
          tierName: "Gold",
          kind: "entry",
          // The demo store is in New York: 14:00 UTC is 10:00 there in June.
          grantedAt: "2026-06-15T10:00:00-04:00",
          attempts: 1,
          lastError: REFUSAL,
          lastFailedAt: "2026-06-15T10:00:00-04:00",
          ageSeconds: 0,
        },
      ],
      pageInfo: { page: 1, pageSize: 20, total: 1, hasNextPage: false },
    });
  });

  it("a coupon whose job never ran is stuck only once it has waited 15 minutes", async () => {
    const base = await grantOf("9400");
    code9600 = "VIPLOSTJOB01";
    // A grant whose job was lost: written without its outbox job.
    await t.deps.db
      .insertInto("tier_entry_grants")
      .values({
        shop_id: "shop_demo",
        customer_id: await customerId("9600"),
        tier_id: goldId,
        period_key: base.period_key,
        kind: "entry",
        points: 0,
        coupon: JSON.stringify(base.coupon),
        coupon_code: code9600,
        coupon_status: "to_issue",
        granted_at: new Date("2026-06-15T14:05:00Z"),
      })
      .execute();
    await setClock("2026-06-15T14:19:59Z");
    expect((await stuck()).coupons.map((c: { id: string }) => c.id)).toEqual([code9400]);
    await setClock("2026-06-15T14:20:01Z");
    const page = await stuck();
    // Newest grant first.
    expect(page.coupons.map((c: { id: string }) => c.id)).toEqual([code9600, code9400]);
    expect(page.coupons[0]).toMatchObject({
      attempts: 0,
      lastError: null,
      lastFailedAt: null,
      ageSeconds: 901,
    });
    expect(page.coupons[1]).toMatchObject({ ageSeconds: 1201 });
    // Paged.
    expect(await stuck("?page=2&pageSize=1")).toMatchObject({
      coupons: [{ id: code9400 }],
      pageInfo: { page: 2, pageSize: 1, total: 2, hasNextPage: false },
    });
  });
});

describe("retrying", () => {
  it("a retry while the platform still refuses records one more attempt", async () => {
    const res = await retry({ ids: [code9400] });
    expect(res.json()).toMatchObject({ success: true, data: { queued: 1 } });
    await t.deps.queue.drain();
    expect(await grantOf("9400")).toMatchObject({ coupon_status: "to_issue", coupon_attempts: 2 });
    // Only the chosen coupon was asked for.
    expect(await grantOf("9600")).toMatchObject({ coupon_attempts: 0 });
  });

  it("one refused coupon does not hold back the others; staff acting as the merchant are audit-logged", async () => {
    refuses = (code) => code === code9400;
    const staff = await signInStaff(t.app);
    const imp = await adminSend(t.app, "POST", "/apiSa/dev_zone/impersonate", staff.token, {
      shopId: "shop_demo",
    });
    const res = await adminSend(t.app, "POST", "/apiSa/tiers/stuck-coupons/retry", imp.json().data.token, {
      all: true,
    });
    expect(res.json()).toEqual({ success: true, data: { queued: 2 }, message: "Tier coupons queued" });
    await t.deps.queue.drain();
    expect(await grantOf("9400")).toMatchObject({ coupon_status: "to_issue", coupon_attempts: 3 });
    expect(await grantOf("9600")).toMatchObject({ coupon_status: "issued", coupon_attempts: 1 });
    expect(await discountsWithCode(code9600)).toHaveLength(1);
    expect(await couponEntries("9600")).toEqual([{ note: `Gold: ${code9600}` }]);
    const audit = await t.deps.db
      .selectFrom("audit_log")
      .select(["action", "actor", "details"])
      .where("shop_id", "=", "shop_demo")
      .where("action", "=", "tiers.coupons.retried")
      .execute();
    // The merchant's own retries are not audited; the staff member's is.
    expect(audit).toEqual([
      { action: "tiers.coupons.retried", actor: "usr_staff", details: { all: true, queued: 2 } },
    ]);
  });

  it("once the platform accepts, retrying the chosen coupon makes it and logs it for the member", async () => {
    refuses = () => false;
    const res = await retry({ ids: [code9400, "NOSUCHCODE", code9400] });
    expect(res.json()).toEqual({ success: true, data: { queued: 1 }, message: "Tier coupons queued" });
    await t.deps.queue.drain();
    const grant = await grantOf("9400");
    expect(grant).toMatchObject({ coupon_status: "issued", coupon_attempts: 4 });
    const discounts = await discountsWithCode(code9400);
    expect(discounts.map((d) => d.id)).toEqual([grant.platform_discount_id]);
    expect(await couponEntries("9400")).toEqual([{ note: `Gold: ${code9400}` }]);
    expect(await stuck()).toMatchObject({ coupons: [], pageInfo: { total: 0 } });
  });

  it("a second retry changes nothing", async () => {
    const callsBefore = asked;
    const again = await retry({ all: true });
    expect(again.json()).toEqual({
      success: true,
      data: { queued: 0 },
      message: "No stuck tier coupons to retry",
    });
    expect((await retry({ ids: [code9400, code9600] })).json().data).toEqual({ queued: 0 });
    await t.deps.queue.drain();
    expect(asked).toBe(callsBefore);
    expect(await grantOf("9400")).toMatchObject({ coupon_status: "issued", coupon_attempts: 4 });
    expect(await discountsWithCode(code9400)).toHaveLength(1);
    expect(await couponEntries("9400")).toHaveLength(1);
    expect(await couponEntries("9600")).toHaveLength(1);
  });
});

describe("a coupon the platform made before a crash", () => {
  it("the retry takes the discount the platform already holds under the grant's code: issued once, not stuck", async () => {
    await addMembers(t, ["9800"], clock.now());
    const base = await grantOf("9400");
    const code = "VIPCRASHED01";
    await t.deps.db
      .insertInto("tier_entry_grants")
      .values({
        shop_id: "shop_demo",
        customer_id: await customerId("9800"),
        tier_id: goldId,
        period_key: base.period_key,
        kind: "entry",
        points: 0,
        coupon: JSON.stringify(base.coupon),
        coupon_code: code,
        coupon_status: "to_issue",
        granted_at: new Date("2026-06-15T14:00:00Z"),
      })
      .execute();
    // The platform made the code (in another case), then the worker died before recording it.
    await t.deps.db
      .insertInto("demo_discounts")
      .values({
        shop_id: "shop_demo",
        id: "gid://demo/DiscountCodeNode/crashed",
        code: "vipcrashed01",
        request: "{}",
      })
      .execute();
    const callsBefore = asked;
    expect((await retry({ ids: [code] })).json().data).toEqual({ queued: 1 });
    await t.deps.queue.drain();
    // Asked once: refused as taken, then found by its code.
    expect(asked).toBe(callsBefore + 1);
    expect(await grantOf("9800")).toMatchObject({
      coupon_status: "issued",
      platform_discount_id: "gid://demo/DiscountCodeNode/crashed",
      coupon_error: null,
    });
    expect(await discountsWithCode("vipcrashed01")).toHaveLength(1);
    expect(await couponEntries("9800")).toEqual([{ note: `Gold: ${code}` }]);
    expect(await stuck()).toMatchObject({ coupons: [], pageInfo: { total: 0 } });
  });

  it("a refusal for any other reason stays a refusal: the code is not on the platform", async () => {
    refuses = () => true;
    const code = "VIPREFUSED02";
    const base = await grantOf("9400");
    await addMembers(t, ["9900"], clock.now());
    await t.deps.db
      .insertInto("tier_entry_grants")
      .values({
        shop_id: "shop_demo",
        customer_id: await customerId("9900"),
        tier_id: goldId,
        period_key: base.period_key,
        kind: "entry",
        points: 0,
        coupon: JSON.stringify(base.coupon),
        coupon_code: code,
        coupon_status: "to_issue",
        granted_at: new Date("2026-06-15T14:00:00Z"),
      })
      .execute();
    await retry({ ids: [code] });
    await t.deps.queue.drain();
    expect(await grantOf("9900")).toMatchObject({ coupon_status: "to_issue", coupon_error: REFUSAL });
    refuses = () => false;
  });
});

describe("bad input", () => {
  it.each([
    [{}, "ids", "Give either ids or all: true."],
    [{ ids: [] }, "ids", "Choose at least one coupon to retry."],
    [{ ids: "VIPX" }, "ids", "ids must be a list of coupon codes."],
    [{ ids: [""] }, "ids.0", "Each id must be a coupon code."],
    [{ ids: [7] }, "ids.0", "Each id must be text."],
    [{ all: false }, "all", "all must be true."],
    [{ ids: ["VIPX"], all: true }, "ids", "Give either ids or all: true."],
    [{ all: true, force: true }, "force", undefined],
    [
      { ids: Array.from({ length: 501 }, (_, i) => `VIP${i}`) },
      "ids",
      "Retry at most 500 coupons at a time.",
    ],
  ])("refuses %j naming %s", async (body, field, message) => {
    const res = await retry(body);
    expect(res.statusCode).toBe(400);
    const errors: { field: string; message: string }[] = res.json().errors;
    expect(errors.map((e) => e.field)).toContain(field);
    if (message) expect(errors).toContainEqual({ field, message });
  });

  it.each([
    ["?page=0", "page"],
    ["?pageSize=101", "pageSize"],
    ["?sort=asc", "sort"],
  ])("the list refuses %s naming %s", async (query, field) => {
    const res = await adminGet(t.app, `/apiSa/tiers/stuck-coupons${query}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("both routes need the merchant's session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/apiSa/tiers/stuck-coupons" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "POST",
      url: "/apiSa/tiers/stuck-coupons/retry",
      payload: { all: true },
    });
    expect(res.statusCode).toBe(401);
  });
});
