import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postEntry } from "../src/modules/ledger/ledger.service";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  // A store without a subscription app, so C-23's refusal is reachable (the demo store has one).
  t = await createTestApp({
    platform: (clock, db) => ({ ...createDemoPlatform(clock, db), sellsSubscriptions: async () => false }),
  });
  ({ token } = await signIn(t.app));
  const rows = [
    { id: "prg_order", type: "earning", event: "place_order", title: "Place an order", priority: 99 },
    { id: "prg_signup", type: "earning", event: "sign_up", title: "Sign up", priority: 1 },
    { id: "prg_500off", type: "spending", event: "amount_discount", title: "$5 off", priority: 1 },
  ];
  // Replace the seeded default programs with rows this file controls.
  await t.deps.db.deleteFrom("programs").where("shop_id", "=", "shop_demo").execute();
  await t.deps.db
    .insertInto("programs")
    .values(rows.map((r) => ({ ...r, shop_id: "shop_demo", config: JSON.stringify({ earnPoint: 1 }) })))
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe("program lists and names (S-12, S-13, S-14)", () => {
  it("lists earning and redeeming programs separately, by priority", async () => {
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning.map((p: { id: string }) => p.id)).toEqual(["prg_signup", "prg_order"]);
    expect(earning[0]).toMatchObject({
      type: "earning",
      event: "sign_up",
      status: "active",
      translateTitle: {},
      config: { earnPoint: 1 },
    });
    const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
    expect(spending.map((p: { id: string }) => p.id)).toEqual(["prg_500off"]);
  });

  it("renames programs, with translated titles", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", token, [
      { id: "prg_order", title: "Shop and earn", translateTitle: { fr: "Achetez et gagnez" } },
    ]);
    expect(res.json()).toMatchObject({ success: true, message: "Updated successfully" });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1]).toMatchObject({ title: "Shop and earn", translateTitle: { fr: "Achetez et gagnez" } });
  });

  it.each([
    [[], "body", "Send at least one program name."],
    [[{ id: "prg_order", title: "  " }], "0.title", "Title can't be blank."],
    [
      [
        { id: "prg_order", title: "ok" },
        { id: "prg_nope", title: "x" },
      ],
      "1.id",
      "Program not found.",
      404,
    ],
    [{ id: "prg_order" }, "body", "body must be an array."],
    [[{ id: "prg_order", titel: "x" }], "0.titel", "Unknown field: titel."],
  ])("refuses %j, writing nothing", async (body, field, message, status = 400) => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", token, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().errors).toContainEqual({ field, message });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1].title).toBe("Shop and earn");
  });

  it("another shop neither sees nor renames these programs (S1)", async () => {
    const other = await shopifyToken(t.config, "other-programs.myshopify.com");
    // The other shop has only its own default programs.
    const theirs = (await adminGet(t.app, "/apiSa/lp/programs/earning", other)).json().data;
    expect(theirs.map((p: { event: string }) => p.event).sort()).toEqual(["place_order", "sign_up"]);
    expect(theirs.map((p: { id: string }) => p.id)).not.toContain("prg_order");
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", other, [
      { id: "prg_order", title: "Hijacked" },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found", error: "Program not found." });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1].title).toBe("Shop and earn");
  });
});

describe("default programs (C-15, C-25)", () => {
  it("a new shop starts with place order, sign up and a 500-point amount discount", async () => {
    const fresh = await shopifyToken(t.config, "fresh-defaults.myshopify.com");
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", fresh)).json().data;
    const order = earning.find((p: { event: string }) => p.event === "place_order");
    expect(order).toMatchObject({
      status: "active",
      priority: 99,
      config: {
        earnBy: "price",
        earnPoint: 10,
        rateMoney: 10_000,
        rounding: "roundingDown",
        enabledAntiCheat: true,
      },
    });
    const signUp = earning.find((p: { event: string }) => p.event === "sign_up");
    expect(signUp).toMatchObject({ config: { earnPoint: 100, limitUnit: "lifetime", limitInterval: 1 } });
    const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", fresh)).json().data;
    expect(spending).toHaveLength(1);
    expect(spending[0]).toMatchObject({
      event: "amount_discount",
      config: { redeemType: "fixed", pointsCost: 500, discountKind: "amount" },
    });
    // Asking again (a second session token) does not add them twice.
    const again = (
      await adminGet(
        t.app,
        "/apiSa/lp/programs/earning",
        await shopifyToken(t.config, "fresh-defaults.myshopify.com"),
      )
    ).json().data;
    expect(again).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Program management: create, update, toggle, delete (C-06, C-09, C-16, C-24, D-01 … D-17)
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** Every program row of the demo shop, to prove a refused request wrote nothing. */
const snapshot = (shopId = "shop_demo") =>
  t.deps.db.selectFrom("programs").selectAll().where("shop_id", "=", shopId).orderBy("id").execute();

const setPlan = (plan: string) => updateShopRow(t, "shop_demo", { plan });

const create = (kind: "earning" | "spending", body: unknown, as = token) =>
  adminSend(t.app, "POST", `/apiSa/lp/programs/${kind}`, as, body);

async function created(kind: "earning" | "spending", body: Json): Promise<Json & { id: string }> {
  const res = await create(kind, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let couponSeq = 0;
async function insertCoupon(programId: string, status: "available" | "revoked" = "available") {
  const n = ++couponSeq;
  await t.deps.db
    .insertInto("customers")
    .values({ shop_id: "shop_demo", id: `cus_prg_${n}`, platform_customer_id: `90${n}`, type: "member" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await t.deps.db
    .insertInto("coupons")
    .values({
      shop_id: "shop_demo",
      id: `cpn_prg_${n}`,
      customer_id: `cus_prg_${n}`,
      program_id: programId,
      hold_id: `hld_prg_${n}`,
      code: `LAUREL-PRG-${n}`,
      points: 500,
      status,
    })
    .execute();
}

const placeOrder = (over: Json = {}, config: Json = {}): Json => ({
  title: "Shop and earn",
  event: "place_order",
  priority: 50,
  ...over,
  config: { earnBy: "price", earnPoint: 2, rateMoney: 100, ...config },
});
const signUp = (over: Json = {}, config: Json = {}): Json => ({
  title: "Join us",
  event: "sign_up",
  ...over,
  config: { earnPoint: 200, ...config },
});
const amountOff = (over: Json = {}, config: Json = {}): Json => ({
  title: "$10 off",
  event: "amount_discount",
  ...over,
  config: { pointsCost: 1000, rewardValue: 1000, ...config },
});
const percentOff = (config: Json = {}): Json => ({
  title: "10% off",
  event: "percentage_discount",
  config: { pointsCost: 500, rewardValue: 10, ...config },
});
const dynamicAmount = (config: Json = {}): Json => ({
  title: "Points for cash",
  event: "amount_discount",
  config: {
    redeemType: "dynamic",
    pointsCost: 100,
    rewardValue: 100,
    minPoints: 100,
    maxPoints: 1000,
    ...config,
  },
});
const freeShipping = (): Json => ({
  title: "Free shipping",
  event: "free_shipping",
  config: { pointsCost: 800, maxShippingAmount: 1500 },
});

describe("creating programs (C-12, C-13, C-25, D-01, D-03, D-14, D-15)", () => {
  it.each([
    [
      "C-12/C-13 place order, 2 points per 1.00",
      "earning",
      placeOrder(),
      {
        type: "earning",
        event: "place_order",
        priority: 50,
        config: {
          earnBy: "price",
          earnPoint: 2,
          rateMoney: 100,
          rounding: "roundingDown",
          enabledAntiCheat: true,
        },
      },
    ],
    [
      "C-25 sign up, once in a lifetime by default",
      "earning",
      signUp({ translateTitle: { fr: "Inscription" }, description: "Welcome points" }),
      {
        event: "sign_up",
        translateTitle: { fr: "Inscription" },
        description: "Welcome points",
        config: { earnPoint: 200, hasLimit: true, limitUnit: "lifetime", limitInterval: 1 },
      },
    ],
    [
      "D-14 amount discount",
      "spending",
      amountOff(),
      {
        type: "spending",
        event: "amount_discount",
        config: {
          redeemType: "fixed",
          pointsCost: 1000,
          rewardValue: 1000,
          discountKind: "amount",
          channel: "applyOnlineStore",
        },
      },
    ],
    [
      "D-14 percentage discount",
      "spending",
      percentOff(),
      { event: "percentage_discount", config: { rewardValue: 10, discountKind: "percentage" } },
    ],
    [
      "D-03 dynamic amount discount",
      "spending",
      dynamicAmount(),
      { config: { redeemType: "dynamic", minPoints: 100, maxPoints: 1000 } },
    ],
    [
      "D-09 code prefix loses spaces and special characters",
      "spending",
      amountOff({}, { codePrefix: "VIP 10%!" }),
      { config: { codePrefix: "VIP10" } },
    ],
  ] as const)("%s", async (_name, kind, body, expected) => {
    const res = await create(kind, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Created successfully" });
    const program = res.json().data;
    // C-06: a new program is off until the merchant turns it on.
    expect(program).toMatchObject({ status: "inactive", startDate: null, endDate: null, ...expected });
    expect(program.id).toMatch(/^prg/);
    const listed = (await adminGet(t.app, `/apiSa/lp/programs/${kind}`, token)).json().data;
    expect(listed).toContainEqual(program);
  });

  it("C-09: dates are kept as YYYY-MM-DD; a switched-on program before its start is scheduled", async () => {
    const program = await created(
      "earning",
      signUp({ status: "active", startDate: "2099-01-01", endDate: "2099-12-31" }),
    );
    expect(program).toMatchObject({ status: "scheduled", startDate: "2099-01-01", endDate: "2099-12-31" });
    const row = await t.deps.db
      .selectFrom("programs")
      .select(["status", "starts_at", "ends_at"])
      .where("shop_id", "=", "shop_demo")
      .where("id", "=", program.id)
      .executeTakeFirstOrThrow();
    // What is stored is the switch; `scheduled` follows from the date whenever it is read.
    expect(row).toEqual({
      status: "active",
      starts_at: new Date("2099-01-01T00:00:00Z"),
      ends_at: new Date("2099-12-31T00:00:00Z"),
    });
    const listed = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(listed.find((p: { id: string }) => p.id === program.id)).toMatchObject({
      status: "scheduled",
      startDate: "2099-01-01",
    });
  });

  it("D-15 free shipping: refused on Starter with the plan message, created on Essential (R-02)", async () => {
    const before = await snapshot();
    const refused = await create("spending", freeShipping());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "validation_failed",
      error: "This reward is available on the Essential plan and above",
      errors: [{ field: "event", message: "This reward is available on the Essential plan and above" }],
    });
    expect(await snapshot()).toEqual(before);
    await setPlan("pro_3");
    try {
      const program = await created("spending", freeShipping());
      expect(program).toMatchObject({ event: "free_shipping", config: { maxShippingAmount: 1500 } });
    } finally {
      await setPlan("free");
    }
  });
});

describe("refused programs name the field and write nothing (C-09, C-23, C-24, D-03, D-10, D-14)", () => {
  it.each([
    [
      "C-24 sign up points below 1",
      "earning",
      signUp({}, { earnPoint: -5 }),
      "config.earnPoint",
      "Points must be greater than 0",
    ],
    [
      "C-24 place order points negative",
      "earning",
      placeOrder({}, { earnPoint: -1 }),
      "config.earnPoint",
      "Points must be 0 or more",
    ],
    ["C-24 a blank title", "earning", signUp({ title: " " }), "title", "This field is required"],
    [
      "C-24 no title on a reward",
      "spending",
      amountOff({ title: undefined }),
      "title",
      "This field is required",
    ],
    [
      "C-13 price rate without its money step",
      "earning",
      placeOrder({}, { rateMoney: null }),
      "config.rateMoney",
      "This field is required",
    ],
    [
      "C-24 priority 0",
      "earning",
      placeOrder({ priority: 0 }),
      "priority",
      "Priority must be greater than 0",
    ],
    [
      "C-18 a priority another place order program has",
      "earning",
      placeOrder({ priority: 99 }),
      "priority",
      "Priority must be unique",
    ],
    [
      "C-09 end date before start date",
      "earning",
      signUp({ startDate: "2030-05-10", endDate: "2030-05-01" }),
      "endDate",
      "End date must be after start date",
    ],
    [
      "C-09 end date before start date, on a reward",
      "spending",
      amountOff({ startDate: "2030-05-10", endDate: "2030-05-10" }),
      "endDate",
      "End date must be after start date",
    ],
    [
      "C-09 a date not in YYYY-MM-DD",
      "spending",
      amountOff({ startDate: "10/05/2030" }),
      "startDate",
      "Date must be in YYYY-MM-DD format",
    ],
    [
      "D-14 percentage 0",
      "spending",
      percentOff({ rewardValue: 0 }),
      "config.rewardValue",
      "Discount percentage must be from 1 to 100",
    ],
    [
      "D-14 percentage 101",
      "spending",
      percentOff({ rewardValue: 101 }),
      "config.rewardValue",
      "Discount percentage must be from 1 to 100",
    ],
    [
      "D-14 amount 0",
      "spending",
      amountOff({}, { rewardValue: 0 }),
      "config.rewardValue",
      "Discount amount must be greater than 0",
    ],
    [
      "D-03 dynamic minimum above maximum",
      "spending",
      dynamicAmount({ minPoints: 1000, maxPoints: 500 }),
      "config.minPoints",
      "Minimum spend must not exceed maximum",
    ],
    [
      "D-02 no points cost",
      "spending",
      amountOff({}, { pointsCost: undefined }),
      "config.pointsCost",
      "This field is required",
    ],
    [
      "D-10 POS rewards on Starter (R-03)",
      "spending",
      amountOff({ event: "pos_amount_discount" }),
      "event",
      "This reward is available on the Essential + POS plan and above",
    ],
    [
      "C-23 subscription orders without a subscription app",
      "earning",
      placeOrder({ event: "place_order_subscription" }),
      "event",
      "You can't create a subscription program because no subscription app is installed",
    ],
    [
      "an earning event this API does not manage",
      "earning",
      signUp({ event: "no_such_kind" }),
      "event",
      "This program type is not supported",
    ],
    [
      "a reward sent as an earning program",
      "earning",
      amountOff(),
      "event",
      "This program type is not supported",
    ],
    ["an earning program sent as a reward", "spending", signUp(), "event", "Unknown reward type"],
    [
      "a type other than the route's",
      "earning",
      signUp({ type: "spending" }),
      "type",
      "Type must be earning",
    ],
    ["no settings", "earning", { title: "x", event: "sign_up" }, "config", "config is required."],
  ] as const)("%s", async (_name, kind, body, field, message) => {
    const before = await snapshot();
    const res = await create(kind, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await snapshot()).toEqual(before);
  });

  it("reports every field error at once", async () => {
    const res = await create("earning", signUp({ title: "", startDate: "2030-13-01" }, { earnPoint: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: "title", message: "This field is required" },
        { field: "startDate", message: "Date must be in YYYY-MM-DD format" },
        { field: "config.earnPoint", message: "Points must be greater than 0" },
      ]),
    );
  });

  it("C-16: at most 10 place order programs; the 11th is refused, other kinds still welcome", async () => {
    const shop = "ten-orders.myshopify.com";
    const other = await shopifyToken(t.config, shop);
    const mine = (await adminGet(t.app, "/apiSa/lp/programs/earning", other)).json().data;
    const existing = mine.filter((p: { event: string }) => p.event === "place_order").length;
    for (let i = existing; i < 10; i++) {
      const res = await create("earning", placeOrder({ title: `Rule ${i}`, priority: i + 1 }), other);
      expect(res.statusCode, res.body).toBe(200);
    }
    const shopId = (
      await t.deps.db
        .selectFrom("shops")
        .select("id")
        .where("shopify_domain", "=", shop)
        .executeTakeFirstOrThrow()
    ).id;
    const before = await snapshot(shopId);
    const res = await create("earning", placeOrder({ title: "Rule 11", priority: 42 }), other);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: "event",
      message: "You can create at most 10 place order programs",
    });
    expect(await snapshot(shopId)).toEqual(before);
    expect((await create("earning", signUp(), other)).statusCode).toBe(200);
  });
});

describe("updating programs (PUT /lp/programs/:id)", () => {
  let nextPriority = 62;
  it("replaces the fields sent, keeps the others, and answers the program", async () => {
    const program = await created("earning", placeOrder({ priority: 60, description: "Old" }));
    const res = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, {
      title: "Fixed points per order",
      config: { earnBy: "order", earnPoint: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Updated successfully" });
    expect(res.json().data).toMatchObject({
      id: program.id,
      title: "Fixed points per order",
      description: "Old",
      priority: 60,
      config: { earnBy: "order", earnPoint: 50 },
    });
    // Its own priority is not a clash (C-18); the program sent back as listed is accepted.
    const again = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, res.json().data);
    expect(again.statusCode, again.body).toBe(200);
  });

  it("C-12: a place order priority sent as config.priorityPlaceOrder is the program's priority", async () => {
    const program = await created("earning", placeOrder({ priority: 61 }));
    const res = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, {
      config: { ...(program.config as Json), priorityPlaceOrder: "7" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.priority).toBe(7);
    expect(res.json().data.config).not.toHaveProperty("priorityPlaceOrder");
  });

  it.each([
    ["the event", { event: "sign_up" }, "event", "The event of a program can't be changed"],
    ["the type", { type: "spending" }, "type", "The type of a program can't be changed"],
    [
      "C-24 points",
      { config: { earnBy: "order", earnPoint: -3 } },
      "config.earnPoint",
      "Points must be 0 or more",
    ],
    [
      "C-09 dates",
      { startDate: "2031-01-02", endDate: "2031-01-01" },
      "endDate",
      "End date must be after start date",
    ],
    ["C-18 priority", { priority: 99 }, "priority", "Priority must be unique"],
  ])("refuses a change of %s, writing nothing", async (_name, body, field, message) => {
    const program = await created("earning", placeOrder({ priority: nextPriority++ }));
    const before = await snapshot();
    const res = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await snapshot()).toEqual(before);
  });

  it("D-13: a reward's total limit must exceed its redemptions so far", async () => {
    const program = await created("spending", amountOff({ title: "Limited" }));
    await insertCoupon(program.id);
    await insertCoupon(program.id);
    await insertCoupon(program.id, "revoked");
    const url = `/apiSa/lp/programs/${program.id}`;
    const refused = await adminSend(t.app, "PUT", url, token, {
      config: { ...(program.config as Json), usageLimit: { total: 2 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({
      field: "config.usageLimit.total",
      message: "Total program limit must exceed current redemptions (2)",
    });
    const accepted = await adminSend(t.app, "PUT", url, token, {
      config: { ...(program.config as Json), usageLimit: { total: 3 } },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("an unknown program is a 404", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs/prg_nope", token, { title: "x" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "not_found", error: "Program not found." });
  });
});

describe("turning programs on and off (C-06, C-09, C-10)", () => {
  const toggle = (id: string, status: unknown, as = token) =>
    adminSend(t.app, "PUT", `/apiSa/lp/programs/${id}/status`, as, { status });

  it.each([
    ["no dates: active", {}, "active"],
    ["C-09 a start date ahead: scheduled", { startDate: "2099-06-01" }, "scheduled"],
    ["C-09 an end date behind: expired", { startDate: "2001-01-01", endDate: "2001-02-01" }, "expired"],
  ])("on, with %s", async (_name, dates, status) => {
    const program = await created("spending", amountOff(dates));
    const res = await toggle(program.id, "active");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Updated status successfully",
      data: { status },
    });
    const listed = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
    expect(listed.find((p: { id: string }) => p.id === program.id).status).toBe(status);
    const off = await toggle(program.id, "inactive");
    expect(off.json()).toMatchObject({
      message: "Updated status successfully",
      data: { status: "inactive" },
    });
  });

  it.each([["paused"], [""], [undefined]])("refuses status %j", async (status) => {
    const before = await snapshot();
    const res = await toggle("prg_500off", status);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: "status",
      message: "status must be active or inactive.",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("C-10: a reward the plan no longer allows cannot be turned back on, only off", async () => {
    await setPlan("pro_3");
    let program: Json & { id: string };
    try {
      program = await created("spending", freeShipping());
      expect((await toggle(program.id, "active")).statusCode).toBe(200);
    } finally {
      await setPlan("free");
    }
    expect((await toggle(program.id, "inactive")).statusCode).toBe(200);
    const before = await snapshot();
    const res = await toggle(program.id, "active");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: "event",
      message: "This reward is available on the Essential plan and above",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("an unknown program is a 404", async () => {
    expect((await toggle("prg_nope", "active")).statusCode).toBe(404);
  });
});

describe("deleting programs (C-06)", () => {
  const remove = (id: string, as = token) => adminSend(t.app, "DELETE", `/apiSa/lp/programs/${id}`, as);
  const exists = async (id: string) => (await snapshot()).some((r) => r.id === id);

  it("deletes a place order program even when ledger entries name it (they keep its id as text)", async () => {
    const program = await created("earning", placeOrder({ priority: 80 }));
    await t.deps.db
      .insertInto("customers")
      .values({ shop_id: "shop_demo", id: "cus_ledger", platform_customer_id: "8001", type: "member" })
      .execute();
    await t.deps.db.transaction().execute((trx) =>
      postEntry(trx, {
        shopId: "shop_demo",
        customerId: "cus_ledger",
        activityType: "earn_place_order",
        available: 10,
        programId: program.id,
        idempotencyKey: "order:prg-test:earn",
      }),
    );
    const res = await remove(program.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: "Deleted successfully" });
    expect(await exists(program.id)).toBe(false);
    const entry = await t.deps.db
      .selectFrom("ledger_entries")
      .select("program_id")
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", "cus_ledger")
      .executeTakeFirstOrThrow();
    expect(entry.program_id).toBe(program.id);
    expect((await remove(program.id)).statusCode).toBe(404);
  });

  it("deletes a reward that never issued a coupon", async () => {
    const program = await created("spending", percentOff());
    expect((await remove(program.id)).statusCode).toBe(200);
    expect(await exists(program.id)).toBe(false);
  });

  it("refuses to delete a reward that issued coupons (409), which stays as it was", async () => {
    const program = await created("spending", amountOff({ title: "Has coupons" }));
    await insertCoupon(program.id, "revoked");
    const before = await snapshot();
    const res = await remove(program.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: "program_in_use",
      error: "This reward has issued coupons, so it can't be deleted. Turn it off instead.",
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("another shop's programs (S1)", () => {
  it("are 404 on update, toggle and delete, and left untouched", async () => {
    const other = await shopifyToken(t.config, "other-programs.myshopify.com");
    const before = await snapshot();
    for (const [method, url, body] of [
      ["PUT", "/apiSa/lp/programs/prg_order", { title: "Hijacked" }],
      ["PUT", "/apiSa/lp/programs/prg_order/status", { status: "inactive" }],
      ["DELETE", "/apiSa/lp/programs/prg_order", undefined],
      ["DELETE", "/apiSa/lp/programs/prg_500off", undefined],
    ] as const) {
      const res = await adminSend(t.app, method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: "not_found" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a program created by another shop is theirs only", async () => {
    const other = await shopifyToken(t.config, "other-programs.myshopify.com");
    const res = await create("spending", amountOff({ title: "Theirs" }), other);
    expect(res.statusCode, res.body).toBe(200);
    const theirs = res.json().data.id;
    expect((await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${theirs}`, token)).statusCode).toBe(404);
    const mine = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
    expect(mine.map((p: { id: string }) => p.id)).not.toContain(theirs);
  });
});
