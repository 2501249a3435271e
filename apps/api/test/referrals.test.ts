import { referralEligibilityValues, referralStatusValues } from "@laurel/contracts";
import { referralEligibilityModes, referralStatuses } from "@laurel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
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
import { orderBody, refundBody } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;

const SETTINGS = {
  enabled: true,
  title: "Give 10%, get 500 points",
  description: "Share your link.",
  friendReward: { kind: "percentage", percentage: 10 },
  referrerReward: { kind: "points", points: 500 },
  redirectUrl: "/",
  linkPrefix: "REF",
  eligibility: "members_only",
  orderTags: [],
  customerTags: [],
  perCustomerLimit: { limit: null, perTier: {} },
  antiCheat: {
    similarEmail: true,
    sameBrowser: true,
    sameIp: false,
    previousPurchases: true,
    paidOrdersOnly: true,
  },
  cancelWindowDays: 30,
};

const AVA = "7001";
const BEN = "7002";
const DEV_AVA = "device-ava-0123456789";
const DEV_BEN = "device-ben-0123456789";

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
const proxyGet = (path: string, customer: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: signedProxyUrl(t, path, { customer, extra }) });
const claim = (customer: string, payload: object) =>
  t.app.inject({ method: "POST", url: signedProxyUrl(t, "/proxy/referral/claim", { customer }), payload });
const points = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("available_points")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).available_points;
const referralOf = (id: string) =>
  t.deps.db.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = (await signIn(t.app)).token;
  await member(AVA, "ava.green@gmail.com");
});
afterAll(async () => {
  await t.close();
});

describe("vocabularies", () => {
  it("contracts and domain agree", () => {
    expect([...referralStatusValues]).toEqual([...referralStatuses]);
    expect([...referralEligibilityValues]).toEqual([...referralEligibilityModes]);
  });
});

describe("referral settings (E-02, E-04, E-06)", () => {
  it("answers the defaults (off) and the plan's cap", async () => {
    const res = await adminGet(t.app, "/apiSa/referral/settings", token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.settings.enabled).toBe(false);
    expect(data.usage).toMatchObject({ used: 0, status: "ok" });
  });

  it.each([
    [
      "friendReward",
      { friendReward: { kind: "points", points: 0 } },
      "Friend reward amount must be greater than 0.",
    ],
    [
      "referrerReward",
      { referrerReward: { kind: "amount", amount: -1 } },
      "Referrer reward amount must be greater than 0.",
    ],
    ["redirectUrl", { redirectUrl: "javascript:alert(1)" }, "Redirect URL is not valid."],
    ["title", { title: "  " }, "Title is required."],
    ["description", { description: "x".repeat(501) }, "Description must be at most 500 characters."],
    [
      "eligibility",
      { eligibility: "everyone" },
      "Eligibility must be all_customers, members_only or whitelist_only.",
    ],
  ])("refuses a bad %s with its message and writes nothing", async (field, patch, message) => {
    const res = await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, { ...SETTINGS, ...patch });
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(
      errors.some((e) => e.field.startsWith(field) && e.message === message),
      res.body,
    ).toBe(true);
    const row = await t.deps.db.selectFrom("referral_settings").selectAll().executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("refuses unknown fields and needs an admin", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, { ...SETTINGS, bonus: 1 });
    expect(res.statusCode).toBe(400);
    const anon = await t.app.inject({ method: "GET", url: "/apiSa/referral/settings" });
    expect(anon.statusCode).toBe(401);
  });

  it("saves valid settings", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toEqual(SETTINGS);
  });
});

describe("links, claims and completion (E-03, E-05, E-09)", () => {
  let code: string;
  let referralId: string;

  it("a member gets a stable link and code; an anonymous visitor gets none", async () => {
    const first = await proxyGet("/proxy/referral", AVA, { deviceId: DEV_AVA });
    expect(first.statusCode, first.body).toBe(200);
    code = first.json().data.code;
    expect(code).toMatch(/^REF[A-Z0-9]{6}$/);
    expect(first.json().data.link).toContain(`ref=${code}`);
    const again = await proxyGet("/proxy/referral", AVA);
    expect(again.json().data.code).toBe(code);
    const anon = await proxyGet("/proxy/referral", "");
    expect(anon.json().data.code).toBeNull();
  });

  it("refuses self-referral and an unknown code", async () => {
    const self = await claim(AVA, { code, deviceId: DEV_BEN });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0].message).toBe("self_referral");
    const unknown = await claim(BEN, { code: "NOPE1234" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Account not found");
  });

  it("refuses the same browser, recording the reason", async () => {
    const res = await claim("7009", { code, deviceId: DEV_AVA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({ field: "code", message: "same_browser" });
    const list = await adminGet(t.app, "/apiSa/referrals?status=canceled", token);
    const reasons = list.json().data.referrals.map((r: { reason: string }) => r.reason);
    expect(reasons.sort()).toEqual(["same_browser", "self_referral"]);
  });

  it("accepts a new friend: pending, with a customer-only discount code; a retry answers the same", async () => {
    const res = await claim(BEN, { code, deviceId: DEV_BEN, email: "ben.walker@example.com" });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe("pending");
    expect(data.reward.kind).toBe("discount");
    referralId = data.referralId;
    const again = await claim(BEN, { code, deviceId: DEV_BEN });
    expect(again.json().data).toEqual(data);
  });

  it("the friend's paid order completes it and rewards the referrer once, whatever the redeliveries", async () => {
    const before = await points(AVA);
    const body = orderBody({ id: "880001", customerId: BEN, email: "ben.walker@example.com" });
    for (const topic of ["orders/create", "orders/paid", "orders/paid", "orders/updated"]) {
      expect((await deliverWebhook(t, topic, body)).statusCode).toBe(200);
    }
    const row = await referralOf(referralId);
    expect(row.status).toBe("completed");
    expect(row.order_id).toBe("880001");
    expect(row.device_id).toBeNull();
    expect(await points(AVA)).toBe(before + 500);
    const view = await proxyGet("/proxy/referral", AVA);
    expect(view.json().data).toMatchObject({ completed: 1, pending: 0 });
  });

  it("a full refund within the window cancels it and takes the points back once", async () => {
    const before = await points(AVA);
    const refund = refundBody({ id: "990001", orderId: "880001", amount: "100.00", lineId: "8800011" });
    await deliverWebhook(t, "refunds/create", refund);
    await deliverWebhook(t, "refunds/create", refund);
    const row = await referralOf(referralId);
    expect(row).toMatchObject({ status: "canceled", reason: "order_refunded" });
    expect(await points(AVA)).toBe(before - 500);
  });

  it("the same friend cannot be referred back by someone else in Ava's browser", async () => {
    await member("7003", "carla@example.com");
    const carla = await proxyGet("/proxy/referral", "7003", { deviceId: DEV_AVA });
    const res = await claim(AVA, { code: carla.json().data.code, deviceId: DEV_AVA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe("same_browser");
  });
});

describe("the demo store lands a referral link", () => {
  it("greets a visitor who came with ?ref=, and only them", async () => {
    const invited = await t.app.inject({ method: "GET", url: "/demo-store?ref=REFAB12CD" });
    expect(invited.statusCode).toBe(200);
    expect(invited.body).toContain('data-testid="referral-invite"');
    const plain = await t.app.inject({ method: "GET", url: "/demo-store" });
    expect(plain.body).not.toContain('data-testid="referral-invite"');
    const junk = await t.app.inject({ method: "GET", url: "/demo-store?ref=%3Cscript%3E" });
    expect(junk.body).not.toContain('data-testid="referral-invite"');
  });
});

describe("caps (E-06, E-07) and the list (E-12)", () => {
  it("refuses claims past the Starter cap with the storefront's words", async () => {
    await updateShopRow(t, "shop_demo", {
      plan: "free",
      sub_start_at: null,
      installed_at: "2026-06-01T00:00:00Z",
    });
    const ava = await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("platform_customer_id", "=", AVA)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto("referrals")
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          shop_id: "shop_demo",
          id: `ref_cap_${i}`,
          code: "CAP",
          referrer_id: ava.id,
          status: "completed" as const,
          completed_at: clock.now(),
        })),
      )
      .execute();
    const settings = await adminGet(t.app, "/apiSa/referral/settings", token);
    expect(settings.json().data.usage).toMatchObject({ cap: 30, used: 30, status: "reached" });
    const code = (await proxyGet("/proxy/referral", AVA)).json().data.code;
    const res = await claim("7010", { code, deviceId: "device-dora-012345678" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("You have reached the referral limit");
  });

  it("lists with counts and exports CSV", async () => {
    const res = await adminGet(t.app, "/apiSa/referrals?status=completed&pageSize=5", token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.referrals).toHaveLength(5);
    expect(res.json().data.counts.completed).toBe(30);
    const csv = await adminGet(t.app, "/apiSa/referrals/export", token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("referrals.csv");
    expect(csv.body.split("\n")[0]).toContain("Referrer");
    const bad = await adminGet(t.app, "/apiSa/referrals?status=done", token);
    expect(bad.statusCode).toBe(400);
  });
});

describe("whitelist (E-10)", () => {
  it("adds by e-mail, reports unknown entries, and gates a whitelist-only program", async () => {
    await member("7020", "wendy@example.com");
    await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, {
      ...SETTINGS,
      eligibility: "whitelist_only",
    });
    expect((await proxyGet("/proxy/referral", "7020")).json().data.code).toBeNull();
    const res = await adminSend(t.app, "POST", "/apiSa/referral/whitelist", token, {
      customers: ["Wendy@Example.com", "nobody@example.com"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notFound).toEqual(["nobody@example.com"]);
    expect(res.json().data.customers.map((c: { email: string }) => c.email)).toEqual(["wendy@example.com"]);
    expect((await proxyGet("/proxy/referral", "7020")).json().data.code).toMatch(/^REF/);
    const removed = await adminSend(t.app, "POST", "/apiSa/referral/whitelist/remove", token, {
      customers: ["wendy@example.com"],
    });
    expect(removed.json().data.customers).toEqual([]);
    const empty = await adminSend(t.app, "POST", "/apiSa/referral/whitelist", token, { customers: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe("demo seed", () => {
  it("turns referral on; Ava referred two friends, one completed (her points posted), one pending; a rerun adds nothing", async () => {
    const s = await createTestApp();
    try {
      const { seedDemoMembers } = await import("../src/seed/demo-members");
      const { seedDemoReferrals } = await import("../src/seed/demo-referrals");
      await seedDemoMembers(s.deps);
      expect(await seedDemoReferrals(s.deps)).toEqual({ seeded: true });
      expect(await seedDemoReferrals(s.deps)).toEqual({ seeded: false });
      const rows = await s.deps.db.selectFrom("referrals").select(["status", "friend_reward"]).execute();
      expect(rows.map((r) => r.status).sort()).toEqual(["completed", "pending"]);
      expect(rows.every((r) => (r.friend_reward as { kind: string }).kind === "discount")).toBe(true);
      const earned = await s.deps.db
        .selectFrom("ledger_entries")
        .select("available_delta")
        .where("activity_type", "=", "earn_referral")
        .execute();
      expect(earned.map((e) => e.available_delta)).toEqual([500]);
      // The customer profile's referral tab (E-12): one referrer's referrals and counts only.
      const demoToken = (await signIn(s.app)).token;
      const ava = await s.deps.db
        .selectFrom("customers")
        .select("id")
        .where("email", "=", "ava@laurel.test")
        .executeTakeFirstOrThrow();
      // E-13: the referral pages come designed.
      const design = await adminGet(s.app, "/apiSa/referral/branding", demoToken);
      expect(design.json().data.branding.popup).toMatchObject({
        layout: "modal",
        buttonText: "Create my account",
      });
      const mine = await adminGet(s.app, `/apiSa/referrals?referrerId=${ava.id}`, demoToken);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().data.counts).toEqual({ pending: 1, completed: 1, canceled: 0 });
      expect(mine.json().data.referrals.map((r: { referrer: { id: string } }) => r.referrer.id)).toEqual([
        ava.id,
        ava.id,
      ]);
      const nobody = await adminGet(s.app, "/apiSa/referrals?referrerId=cus_nobody", demoToken);
      expect(nobody.json().data).toMatchObject({ referrals: [], counts: { pending: 0, completed: 0 } });
      expect(
        (await adminGet(s.app, `/apiSa/referrals?referrerId=${"x".repeat(101)}`, demoToken)).statusCode,
      ).toBe(400);
    } finally {
      await s.close();
    }
  });
});

describe("referrer's discount reward (outbox job)", () => {
  it("completion enqueues the job in the batch; the job makes one customer-only code, once", async () => {
    const s = await createTestApp();
    try {
      const { token: tk } = await signIn(s.app);
      const put = await adminSend(s.app, "PUT", "/apiSa/referral/settings", tk, {
        ...SETTINGS,
        referrerReward: { kind: "amount", amount: 1_000 },
      });
      expect(put.statusCode, put.body).toBe(200);
      await s.deps.db.transaction().execute(async (trx) => {
        const { ensureCustomer } = await import("../src/modules/customers/customers.service");
        const shopper = {
          platformCustomerId: "7101",
          email: "rita@example.com",
          firstName: "Rita",
          lastName: null,
        };
        await ensureCustomer(s.deps, trx, "shop_demo", shopper, "member", new Date());
      });
      const view = await s.app.inject({
        method: "GET",
        url: signedProxyUrl(s, "/proxy/referral", { customer: "7101" }),
      });
      const claimed = await s.app.inject({
        method: "POST",
        url: signedProxyUrl(s, "/proxy/referral/claim", { customer: "7102" }),
        payload: { code: view.json().data.code },
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      const id = claimed.json().data.referralId as string;
      await deliverWebhook(s, "orders/paid", orderBody({ id: "880777", customerId: "7102" }));
      const row = await s.deps.db
        .selectFrom("referrals")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("completed");
      expect(row.referrer_reward).toMatchObject({ kind: "discount", status: "to_issue" });
      const queued = await s.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [
        "issue-referral-reward",
      ]);
      expect(queued.rows).toEqual([{ data: { shopId: "shop_demo", referralId: id } }]);
      const { issueReferrerDiscount } = await import("../src/modules/referrals/referrals.service");
      await issueReferrerDiscount(s.deps, "shop_demo", id);
      await issueReferrerDiscount(s.deps, "shop_demo", id);
      const issued = await s.deps.db
        .selectFrom("referrals")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const reward = issued.referrer_reward as { status: string; code: string };
      expect(reward.status).toBe("issued");
      const discounts = await s.deps.db
        .selectFrom("demo_discounts")
        .selectAll()
        .where("code", "=", reward.code)
        .execute();
      expect(discounts).toHaveLength(1);
      expect(discounts[0]?.active).toBe(true);

      // The friend's order is cancelled within the window: the referral is canceled and the
      // referrer's code deactivated on the platform, once.
      const cancel = orderBody({
        id: "880777",
        customerId: "7102",
        cancelledAt: "2026-06-16T10:00:00-04:00",
      });
      await deliverWebhook(s, "orders/cancelled", cancel);
      const canceled = await s.deps.db
        .selectFrom("referrals")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(canceled.status).toBe("canceled");
      const revokes = await s.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [
        "revoke-referral-reward",
      ]);
      expect(revokes.rows).toEqual([{ data: { shopId: "shop_demo", referralId: id } }]);
      const { revokeReferrerDiscount } = await import("../src/modules/referrals/referrals.service");
      await revokeReferrerDiscount(s.deps, "shop_demo", id);
      await revokeReferrerDiscount(s.deps, "shop_demo", id);
      const after = await s.deps.db
        .selectFrom("demo_discounts")
        .selectAll()
        .where("code", "=", reward.code)
        .execute();
      expect(after.map((d) => d.active)).toEqual([false]);
      const revoked = await s.deps.db
        .selectFrom("referrals")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(revoked.referrer_reward).toMatchObject({ status: "revoked", code: reward.code });
    } finally {
      await s.close();
    }
  });
});

describe("referrer eligibility by the platform's customer tags and the VIP tier in force (E-02, E-05)", () => {
  it("a tag told by customers/update opens referral; a tier's limit stops the second friend", async () => {
    const s = await createTestApp({ worker: true });
    try {
      const { token: tk } = await signIn(s.app);
      const base = await adminSend(s.app, "POST", "/apiSa/tiers", tk, { name: "Base", milestone: 0 });
      expect(base.statusCode, base.body).toBe(200);
      const tierId = base.json().data.id as string;
      expect(
        (await adminSend(s.app, "POST", "/apiSa/tiers/launch", tk, { grantEntryRewards: false })).statusCode,
      ).toBe(200);
      await s.deps.queue.drain();
      const put = await adminSend(s.app, "PUT", "/apiSa/referral/settings", tk, {
        ...SETTINGS,
        customerTags: ["vip"],
        perCustomerLimit: { limit: null, perTier: { [tierId]: 1 } },
      });
      expect(put.statusCode, put.body).toBe(200);
      const customerBody = (tags: string) =>
        JSON.stringify({ id: 7201, email: "tess@example.com", first_name: "Tess", last_name: null, tags });
      expect((await deliverWebhook(s, "customers/create", customerBody(""))).statusCode).toBe(200);
      await s.app.inject({ method: "POST", url: signedProxyUrl(s, "/proxy/join", { customer: "7201" }) });
      const view = () =>
        s.app.inject({ method: "GET", url: signedProxyUrl(s, "/proxy/referral", { customer: "7201" }) });
      expect((await view()).json().data.code).toBeNull();

      expect((await deliverWebhook(s, "customers/update", customerBody("wholesale, vip "))).statusCode).toBe(
        200,
      );
      const code = (await view()).json().data.code as string;
      expect(code).toMatch(/^REF/);
      const tags = await s.deps.db
        .selectFrom("customers")
        .select("tags")
        .where("platform_customer_id", "=", "7201")
        .executeTakeFirstOrThrow();
      expect(tags.tags).toEqual(["wholesale", "vip"]);

      // The Base tier allows one completed referral: the first friend completes, the second is refused.
      const friendClaim = (customer: string, email: string) =>
        s.app.inject({
          method: "POST",
          url: signedProxyUrl(s, "/proxy/referral/claim", { customer }),
          payload: { code, email },
        });
      expect((await friendClaim("7202", "uma@example.com")).statusCode).toBe(200);
      await deliverWebhook(
        s,
        "orders/paid",
        orderBody({ id: "881001", customerId: "7202", email: "uma@example.com" }),
      );
      const second = await friendClaim("7203", "vic@example.com");
      expect(second.statusCode, second.body).toBe(422);
      expect(second.json().errors[0].message).toBe("referrer_limit");
    } finally {
      await s.close();
    }
  });
});
