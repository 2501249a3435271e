import { googleReviewStatusValues, reviewAppValues, reviewStatusValues } from "@laurel/contracts";
import { googleReviewStatuses, reviewApps, reviewStatuses } from "@laurel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { inboundSignature } from "../src/modules/earn-events/earn-events.service";
import { judgeMeSignature } from "../src/modules/earn-events/review-connectors";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signedProxyUrl,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
let secret: string;

const AVA = "8101";
const BEN = "8102";
const CAL = "8103";

async function member(platformId: string, email: string) {
  await t.deps.db.transaction().execute(async (trx) => {
    const { ensureCustomer } = await import("../src/modules/customers/customers.service");
    await ensureCustomer(
      t.deps,
      trx,
      "shop_demo",
      { platformCustomerId: platformId, email, firstName: "T", lastName: platformId },
      "member",
      clock.now(),
    );
  });
}
const customerOf = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
const points = async (platformId: string) => (await customerOf(platformId)).available_points;
const entriesOf = async (platformId: string, type: string) => {
  const c = await customerOf(platformId);
  return t.deps.db
    .selectFrom("ledger_entries")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", c.id)
    .where("activity_type", "=", type)
    .execute();
};

function sendInbound(
  body: unknown,
  opts: { secret?: string; at?: number; shop?: string; raw?: string } = {},
) {
  const raw = opts.raw ?? JSON.stringify(body);
  const at = opts.at ?? Math.floor(clock.now().getTime() / 1000);
  return t.app.inject({
    method: "POST",
    url: "/inbound/events",
    payload: raw,
    headers: {
      "content-type": "application/json",
      "x-laurel-shop-domain": opts.shop ?? DEMO_SHOP_DOMAIN,
      "x-laurel-signature": inboundSignature(opts.secret ?? secret, at, raw),
    },
  });
}
const review = (id: string, customer: string, extra: Record<string, unknown> = {}) => ({
  type: "review.created",
  id,
  source: "judgeme",
  customer: { id: customer },
  review: { rating: 5, content: "Wonderful tea, would buy again", mediaCount: 0, ...extra },
});

async function createProgram(body: Record<string, unknown>) {
  const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
    status: "active",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
async function setConfig(id: string, config: Record<string, unknown>) {
  const res = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${id}`, token, { config });
  expect(res.statusCode, res.body).toBe(200);
}

let reviewProgram: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = (await signIn(t.app)).token;
  await updateShopRow(t, "shop_demo", { plan: "advanced" });
  for (const [id, email] of [
    [AVA, "ava@example.com"],
    [BEN, "ben@example.com"],
    [CAL, "cal@example.com"],
  ] as const) {
    await member(id, email);
  }
  const key = await adminGet(t.app, "/apiSa/earn-events/inbound", token);
  expect(key.statusCode, key.body).toBe(200);
  secret = key.json().data.secret;
  reviewProgram = await createProgram({
    title: "Write a review",
    event: "write_review",
    config: { earnPoint: 50, minRating: 4, minCharacters: 10, mediaBonusPoints: 20, approval: "manual" },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("vocabularies", () => {
  it("contracts and domain agree", () => {
    expect([...reviewStatusValues]).toEqual([...reviewStatuses]);
    expect([...googleReviewStatusValues]).toEqual([...googleReviewStatuses]);
    expect([...reviewAppValues]).toEqual([...reviewApps]);
  });
});

describe("the inbound endpoint (decision 0100)", () => {
  it("answers the endpoint and a stable secret; rotating replaces it", async () => {
    const again = await adminGet(t.app, "/apiSa/earn-events/inbound", token);
    expect(again.json().data).toMatchObject({
      shopDomain: DEMO_SHOP_DOMAIN,
      secret,
      replayWindowSeconds: 300,
    });
    expect(again.json().data.endpoint).toMatch(/\/inbound\/events$/);
  });

  it.each([
    ["a wrong secret", { secret: "not-the-secret" }],
    ["an old timestamp (replay window)", { at: Math.floor(clock.now().getTime() / 1000) - 301 }],
    ["a timestamp from the future", { at: Math.floor(clock.now().getTime() / 1000) + 301 }],
    ["another shop's domain", { shop: "someone-else.myshopify.com" }],
  ])("refuses %s with 401 and writes nothing", async (_n, opts) => {
    const res = await sendInbound(review("r-bad", AVA), opts);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe("inbound_unauthorized");
    const rows = await t.deps.db
      .selectFrom("earn_events")
      .selectAll()
      .where("external_id", "=", "r-bad")
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses a body changed after signing", async () => {
    const raw = JSON.stringify(review("r-tamper", AVA));
    const at = Math.floor(clock.now().getTime() / 1000);
    const res = await t.app.inject({
      method: "POST",
      url: "/inbound/events",
      payload: raw.replace('"rating":5', '"rating":4'),
      headers: {
        "content-type": "application/json",
        "x-laurel-shop-domain": DEMO_SHOP_DOMAIN,
        "x-laurel-signature": inboundSignature(secret, at, raw),
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it("names the bad field with a 400", async () => {
    const res = await sendInbound(review("r-400", AVA, { rating: 9 }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field: "review.rating",
      message: "review.rating must be a whole number from 1 to 5.",
    });
  });
});

describe("write review (G-10 … G-14)", () => {
  it("G-12 manual: pending, approve pays, disapprove deducts ('disapproved review'), a retry is a replay", async () => {
    const before = await points(AVA);
    const first = await sendInbound(review("r-1", AVA, { mediaCount: 1 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ outcome: "recorded", status: "pending", pointsAwarded: 0 });
    const id = first.json().data.id as string;
    const retry = await sendInbound(review("r-1", AVA, { mediaCount: 1 }));
    expect(retry.json().data).toMatchObject({ outcome: "duplicate", id });

    const list = await adminGet(t.app, "/apiSa/earn-events/reviews?status=pending", token);
    expect(list.json().data.items).toHaveLength(1);
    expect(list.json().data.items[0]).toMatchObject({
      id,
      rating: 5,
      mediaCount: 1,
      pointsDue: 70,
      status: "pending",
    });

    const approve = await adminSend(t.app, "PUT", `/apiSa/earn-events/reviews/${id}`, token, {
      status: "approved",
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({
      message: "Updated successfully",
      data: { status: "approved", pointsPaid: 70 },
    });
    expect(await points(AVA)).toBe(before + 70);
    // Approving again changes nothing.
    await adminSend(t.app, "PUT", `/apiSa/earn-events/reviews/${id}`, token, { status: "approved" });
    expect(await points(AVA)).toBe(before + 70);

    const dis = await adminSend(t.app, "PUT", `/apiSa/earn-events/reviews/${id}`, token, {
      status: "disapproved",
      reason: "Spam",
    });
    expect(dis.json().data).toMatchObject({ status: "disapproved", pointsPaid: 0, reason: "Spam" });
    expect(await points(AVA)).toBe(before);
    const removed = await entriesOf(AVA, "remove_disapproved_review");
    expect(removed.map((e) => e.available_delta)).toEqual([-70]);
  });

  it("G-12 disapproval takes the review out of tier progress: re-approval counts it once, spent points included", async () => {
    const tierOf = async () => (await customerOf(BEN)).tier_points;
    const tierBefore = await tierOf();
    const sent = await sendInbound(review("r-tier", BEN));
    const id = sent.json().data.id as string;
    const set = (status: "approved" | "disapproved") =>
      adminSend(t.app, "PUT", `/apiSa/earn-events/reviews/${id}`, token, { status });
    await set("approved");
    expect(await tierOf()).toBe(tierBefore + 50);
    await set("disapproved");
    expect(await tierOf()).toBe(tierBefore);
    await set("approved");
    expect(await tierOf()).toBe(tierBefore + 50);
    // The shopper spends everything; the disapproval cannot take points back but still takes the tier progress.
    const ben = await customerOf(BEN);
    await t.deps.db.transaction().execute(async (trx) => {
      const { postEntry } = await import("../src/modules/ledger/ledger.service");
      await postEntry(trx, {
        shopId: "shop_demo",
        customerId: ben.id,
        activityType: "adjust_point",
        available: -ben.available_points,
        idempotencyKey: "test:spend-all",
      });
    });
    const last = await set("disapproved");
    expect(last.statusCode, last.body).toBe(200);
    expect(await points(BEN)).toBe(0);
    expect(await tierOf()).toBe(tierBefore);
    const removed = await entriesOf(BEN, "remove_disapproved_review");
    expect(removed.map((e) => [e.available_delta, e.tier_points_delta])).toEqual([[-50, -50]]);
    const tierOnly = await entriesOf(BEN, "adjust_tier_point");
    expect(tierOnly.map((e) => [e.available_delta, e.tier_points_delta, e.note])).toEqual([
      [0, -50, "Review disapproved"],
    ]);
  });

  it("G-10 minimum rating and characters: recorded, disapproved, no points", async () => {
    const low = await sendInbound(review("r-low", BEN, { rating: 3 }));
    expect(low.json().data).toMatchObject({ status: "disapproved", pointsAwarded: 0 });
    const short = await sendInbound(review("r-short", BEN, { content: "ok" }));
    expect(short.json().data).toMatchObject({ status: "disapproved" });
    const list = await adminGet(t.app, "/apiSa/earn-events/reviews?status=disapproved", token);
    const reasons = list.json().data.items.map((i: { reason: string }) => i.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(["Rating below the minimum", "Fewer characters than the minimum"]),
    );
  });

  it("G-12 approveAuto approves at once; C-11 limit stops a second award", async () => {
    await setConfig(reviewProgram, {
      earnPoint: 30,
      approval: "approveAuto",
      hasLimit: true,
      limitUnit: "day",
      limitInterval: 1,
    });
    const before = await points(CAL);
    const a = await sendInbound(review("r-auto-1", CAL));
    expect(a.json().data).toMatchObject({ status: "approved", pointsAwarded: 30 });
    const b = await sendInbound(review("r-auto-2", CAL));
    expect(b.json().data).toMatchObject({ status: "approved", pointsAwarded: 0 });
    expect(await points(CAL)).toBe(before + 30);
    await setConfig(reviewProgram, {
      earnPoint: 50,
      minRating: 4,
      minCharacters: 10,
      mediaBonusPoints: 20,
      approval: "manual",
    });
  });

  it("a customer known only by e-mail is found; an unknown one is recorded without points", async () => {
    const byEmail = await sendInbound({ ...review("r-mail", BEN), customer: { email: "BEN@example.com" } });
    expect(byEmail.json().data.status).toBe("pending");
    const stranger = await sendInbound({
      ...review("r-stranger", BEN),
      customer: { email: "nobody@example.com" },
    });
    expect(stranger.json().data).toMatchObject({ status: "disapproved", pointsAwarded: 0 });
  });

  it("S1: another shop's review id is a 404", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/earn-events/reviews/rev_nope", token, {
      status: "approved",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("plan gates (R-02, F-06)", () => {
  it("refuses Pro-only kinds on Starter and milestones below Advanced", async () => {
    await updateShopRow(t, "shop_demo", { plan: "free" });
    const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      title: "Survey",
      event: "fill_survey",
      config: { earnPoint: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("event");
    await updateShopRow(t, "shop_demo", { plan: "pro" });
    const milestone = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      title: "Orders",
      event: "milestone",
      config: { typeMilestone: "milestone_order", milestones: [{ value: 2, earnPoint: 100 }] },
    });
    expect(milestone.statusCode).toBe(400);
    expect(milestone.json().errors[0].field).toBe("event");
    await updateShopRow(t, "shop_demo", { plan: "advanced" });
  });
});

describe("Google Maps review (G-15, G-16)", () => {
  const submit = (customer: string, url: string) =>
    t.app.inject({
      method: "POST",
      url: signedProxyUrl(t, "/proxy/earn-events/google-review", { customer }),
      payload: { url },
    });

  it("refuses a link that is not from Google Maps, in the spec's words", async () => {
    await createProgram({
      title: "Google review",
      event: "google_maps_review",
      config: { earnPoint: 100, instantPoints: 20, placeUrl: "https://maps.app.goo.gl/laurel" },
    });
    const res = await submit(AVA, "https://example.com/maps");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("You must enter a link from Google Maps");
  });

  it("instant points, then the rest on approval; the same link again is refused", async () => {
    const before = await points(AVA);
    const res = await submit(AVA, "https://maps.app.goo.gl/AvaReview1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "pending", instantPoints: 20 });
    expect(await points(AVA)).toBe(before + 20);
    const again = await submit(BEN, "https://maps.app.goo.gl/AvaReview1/");
    expect(again.statusCode).toBe(409);

    const queue = await adminGet(t.app, "/apiSa/earn-events/google-reviews?status=pending", token);
    const id = queue.json().data.items[0].id as string;
    const ok = await adminSend(t.app, "PUT", `/apiSa/earn-events/google-reviews/${id}`, token, {
      status: "approved",
    });
    expect(ok.json().data).toMatchObject({ status: "approved", pointsPaid: 100 });
    expect(await points(AVA)).toBe(before + 100);
    const final = await adminSend(t.app, "PUT", `/apiSa/earn-events/google-reviews/${id}`, token, {
      status: "rejected",
    });
    expect(final.statusCode).toBe(409);
  });

  it("rejection takes the instant points back (redeem point: Google review)", async () => {
    const before = await points(BEN);
    const res = await submit(BEN, "https://www.google.com/maps/place/Laurel/@1,2,17z");
    expect(await points(BEN)).toBe(before + 20);
    const id = res.json().data.id as string;
    const rej = await adminSend(t.app, "PUT", `/apiSa/earn-events/google-reviews/${id}`, token, {
      status: "rejected",
      reason: "Store location",
    });
    expect(rej.json().data).toMatchObject({ status: "rejected", reason: "Store location" });
    expect(await points(BEN)).toBe(before);
    expect((await entriesOf(BEN, "redeem_google_review")).map((e) => e.available_delta)).toEqual([-20]);
  });

  it("the widget's ways show the state", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/earn-events/ways", { customer: BEN }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ways = res.json().data.ways as { event: string; state: string; link: string | null }[];
    expect(ways.find((w) => w.event === "google_maps_review")).toMatchObject({
      state: "available",
      link: "https://maps.app.goo.gl/laurel",
    });
    expect(ways.find((w) => w.event === "write_review")).toMatchObject({ link: "/collections/all" });
  });
});

describe("fill survey and custom program (C-28, C-29)", () => {
  it("a survey completion through the inbound endpoint earns once", async () => {
    await createProgram({
      title: "Tell us",
      event: "fill_survey",
      config: { earnPoint: 40, surveyUrl: "https://forms.example/s" },
    });
    const before = await points(CAL);
    const body = { type: "survey.completed", id: "resp-1", source: "typeform", customer: { id: CAL } };
    const first = await sendInbound(body);
    expect(first.json().data).toMatchObject({ outcome: "recorded", status: "completed", pointsAwarded: 40 });
    expect((await sendInbound(body)).json().data.outcome).toBe("duplicate");
    const second = await sendInbound({ ...body, id: "resp-2" });
    expect(second.json().data).toMatchObject({ status: "disapproved", pointsAwarded: 0 });
    expect(await points(CAL)).toBe(before + 40);
  });

  it("the merchant awards a custom program", async () => {
    const id = await createProgram({
      title: "Attend a workshop",
      event: "custom_program",
      config: { earnPoint: 15 },
    });
    const cal = await customerOf(CAL);
    const before = cal.available_points;
    const res = await adminSend(t.app, "POST", `/apiSa/earn-events/custom/${id}/award`, token, {
      customerId: cal.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: "custom", status: "completed", pointsPaid: 15 });
    expect(await points(CAL)).toBe(before + 15);
    const list = await adminGet(t.app, "/apiSa/earn-events/activity?kind=custom", token);
    expect(list.json().data.total).toBe(1);
  });
});

describe("review-app connectors (decision 0158)", () => {
  const judgeMe = (id: number, extra: Record<string, unknown> = {}) => ({
    review: {
      id,
      title: "Lovely",
      body: "The oolong is wonderful, would buy again",
      rating: 5,
      product_external_id: 7_000_123,
      verified: "buyer",
      pictures: [{ urls: { original: "https://judge.me/p/1.jpg" } }],
      reviewer: { id: 99, external_id: Number(CAL), email: "cal@example.com", name: "Cal" },
      curated: "not-yet",
      published: true,
      ...extra,
    },
  });
  const sendJudgeMe = (body: unknown, opts: { secret?: string; shop?: string; header?: string } = {}) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: "POST",
      url: `/inbound/vendors/judgeme/${opts.shop ?? DEMO_SHOP_DOMAIN}`,
      payload: raw,
      headers: {
        "content-type": "application/json",
        [opts.header ?? "judgeme-v2-hmac-sha256"]: judgeMeSignature(opts.secret ?? "jm-secret-123456", raw),
      },
    });
  };

  it("refuses Judge.me until connected; the merchant connects with the app's secret", async () => {
    expect((await sendJudgeMe(judgeMe(501))).statusCode).toBe(401);
    const list = await adminGet(t.app, "/apiSa/earn-events/connectors", token);
    expect(list.json().data.connectors).toEqual([
      expect.objectContaining({
        vendor: "judgeme",
        connected: false,
        webhookUrl: expect.stringMatching(/\/inbound\/vendors\/judgeme\/.+myshopify\.com$/),
      }),
    ]);
    const short = await adminSend(t.app, "PUT", "/apiSa/earn-events/connectors/judgeme", token, {
      secret: "x",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe("secret");
    const unknown = await adminSend(t.app, "PUT", "/apiSa/earn-events/connectors/okendo", token, {
      secret: "jm-secret-123456",
    });
    expect(unknown.statusCode).toBe(400);
    const put = await adminSend(t.app, "PUT", "/apiSa/earn-events/connectors/judgeme", token, {
      secret: "jm-secret-123456",
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.connectors[0].connected).toBe(true);
  });

  it("maps Judge.me's review/created to a review, once; a wrong signature or shop is a 401", async () => {
    expect((await sendJudgeMe(judgeMe(502), { secret: "another-secret" })).statusCode).toBe(401);
    expect((await sendJudgeMe(judgeMe(502), { shop: "nobody.myshopify.com" })).statusCode).toBe(401);
    const first = await sendJudgeMe(judgeMe(502), { header: "judgeme-hmac-sha256" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ outcome: "recorded" });
    const again = await sendJudgeMe(judgeMe(502));
    expect(again.json().data).toMatchObject({ outcome: "duplicate", id: first.json().data.id });
    const row = await t.deps.db
      .selectFrom("earn_events")
      .selectAll()
      .where("shop_id", "=", "shop_demo")
      .where("id", "=", first.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: "judgeme",
      external_id: "502",
      customer_id: (await customerOf(CAL)).id,
      rating: 5,
      content: "Lovely\nThe oolong is wonderful, would buy again",
      media_count: 1,
      product_id: "7000123",
      verified_buyer: true,
    });
    const connectors = await adminGet(t.app, "/apiSa/earn-events/connectors", token);
    expect(connectors.json().data.connectors[0].lastEventAt).not.toBeNull();
  });

  it("names the bad field of a Judge.me body; a disconnected app is refused", async () => {
    const bad = await sendJudgeMe(judgeMe(503, { rating: 9 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("review.rating");
    const del = await adminSend(t.app, "DELETE", "/apiSa/earn-events/connectors/judgeme", token);
    expect(del.json().data.connectors[0].connected).toBe(false);
    expect((await sendJudgeMe(judgeMe(504))).statusCode).toBe(401);
  });
});

describe("milestones at the order pipeline (F-01 … F-08)", () => {
  it("F-04 all: crossing 1 then 2 orders grants each once, redelivery changes nothing", async () => {
    await createProgram({
      title: "Loyal buyer",
      event: "milestone",
      config: {
        typeMilestone: "milestone_order",
        progression: "all",
        milestones: [
          { value: 1, earnPoint: 10 },
          { value: 2, earnPoint: 100 },
        ],
      },
    });
    const dan = "8104";
    await member(dan, "dan@example.com");
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9900001", customerId: dan, email: "dan@example.com" }),
    );
    expect((await entriesOf(dan, "earn_milestone")).map((e) => e.available_delta)).toEqual([10]);
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9900002", customerId: dan, email: "dan@example.com" }),
    );
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9900002", customerId: dan, email: "dan@example.com" }),
    );
    const grants = await entriesOf(dan, "earn_milestone");
    expect(grants.map((e) => e.available_delta).sort()).toEqual([10, 100]);
    const rows = await t.deps.db
      .selectFrom("milestone_grants")
      .selectAll()
      .where("customer_id", "=", (await customerOf(dan)).id)
      .execute();
    expect(rows.map((r) => Number(r.value)).sort()).toEqual([1, 2]);
  });
});

describe("growth rewards (F-09)", () => {
  it("reached thresholds are claimable once, times the plan factor", async () => {
    const res = await adminGet(t.app, "/apiSa/growth-rewards", token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.factor).toBe(2);
    expect(data.rewards[0]).toMatchObject({ threshold: 1, freeOrders: 10, state: "claimable" });
    const claim = await adminSend(t.app, "POST", "/apiSa/growth-rewards/1/claim", token);
    expect(claim.json().data.rewards[0].state).toBe("claimed");
    const twice = await adminSend(t.app, "POST", "/apiSa/growth-rewards/1/claim", token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("Failed to claim free order.");
    const locked = await adminSend(t.app, "POST", "/apiSa/growth-rewards/500/claim", token);
    expect(locked.json().error).toBe("Failed to claim free order.");
  });
});

describe("demo seed (issue 15 part 2)", () => {
  it("seeds reviews pending and approved, a milestone program and a claimed growth reward, once", async () => {
    const s = await createTestApp({ clock, env: { SHOP_CACHE_MS: "60000" } });
    try {
      // The lead's pipeline budget: a shop without milestone programs costs the effect no statement.
      // Its programs come from the shop context cache; the transaction must never be touched.
      const { milestoneOrderEffect } = await import("../src/modules/earn-events/milestones");
      const context = await s.deps.shopContexts.byId("shop_demo");
      const untouchable = new Proxy(
        {},
        {
          get: () => {
            throw new Error("the milestone effect queried the database");
          },
        },
      );
      const outcome = { shop: context?.shop, order: { customer_id: "c1", order_id: "o1" } };
      await milestoneOrderEffect.apply(s.deps, untouchable as never, [outcome as never]);
      const { seedDemoMembers } = await import("../src/seed/demo-members");
      const { seedDemoShoppers } = await import("../src/seed/demo-shop");
      const { seedDemoEarnEvents } = await import("../src/seed/demo-earn-events");
      await seedDemoMembers(s.deps);
      await seedDemoShoppers(s.deps);
      expect(await seedDemoEarnEvents(s.deps)).toEqual({ seeded: true });
      expect(await seedDemoEarnEvents(s.deps)).toEqual({ seeded: false });
      const reviews = await s.deps.db
        .selectFrom("earn_events")
        .select(["status", "points_paid"])
        .orderBy("external_id")
        .execute();
      expect(reviews).toEqual([
        { status: "approved", points_paid: 70 },
        { status: "pending", points_paid: 0 },
      ]);
      const programs = await s.deps.db
        .selectFrom("programs")
        .select("event")
        .where("event", "in", ["milestone", "google_maps_review"])
        .execute();
      expect(programs).toHaveLength(2);
      expect(await s.deps.db.selectFrom("growth_claims").select("threshold").execute()).toEqual([
        { threshold: 1 },
      ]);
    } finally {
      await s.close();
    }
  });
});
