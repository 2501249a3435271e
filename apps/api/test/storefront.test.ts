import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { signAppProxyQuery } from "../src/infra/shopify-signatures";
import { postEntry } from "../src/modules/ledger/ledger.service";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { createTestApp, signedProxyUrl, type TestApp } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const proxyUrl = (
  path: string,
  opts: { customer?: string; shop?: string; extra?: Record<string, string>; at?: number } = {},
) => signedProxyUrl(t, path, opts);

describe("app proxy guard (reference §4, S2)", () => {
  it("refuses unsigned, tampered, stale and foreign-shop requests", async () => {
    const good = proxyUrl("/proxy/activities", { customer: "1001" });
    const cases: Array<[string, string, number, string]> = [
      [
        "unsigned",
        "/proxy/activities?shop=laurel-demo.myshopify.com&logged_in_customer_id=1001",
        401,
        "proxy_unauthorized",
      ],
      [
        "shopper swapped",
        good.replace("logged_in_customer_id=1001", "logged_in_customer_id=1002"),
        401,
        "proxy_unauthorized",
      ],
      ["parameter added", `${good}&page=2`, 401, "proxy_unauthorized"],
      [
        "signed with another secret",
        `/proxy/activities?${signAppProxyQuery({ shop: DEMO_SHOP_DOMAIN, timestamp: "1" }, "nope")}`,
        401,
        "proxy_unauthorized",
      ],
      [
        "stale (10 minutes old)",
        proxyUrl("/proxy/activities", {
          customer: "1001",
          at: Math.floor(clock.now().getTime() / 1000) - 600,
        }),
        401,
        "proxy_expired",
      ],
      [
        "unknown shop",
        proxyUrl("/proxy/activities", { shop: "ghost.myshopify.com" }),
        404,
        "shop_not_installed",
      ],
    ];
    for (const [label, url, status, code] of cases) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, label).toBe(status);
      expect(res.json().code, label).toBe(code);
    }
  });

  it("anonymous visitors must sign in to join or see activities", async () => {
    const res = await t.app.inject({ method: "POST", url: proxyUrl("/proxy/join") });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: "customer_not_logged_in",
      error: "Please sign in to your store account first.",
    });
  });

  it("rate-limits per shop and shopper, not per IP", async () => {
    let limited = 0;
    for (let i = 0; i < 125; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: proxyUrl("/proxy/activities", { customer: "555" }),
      });
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBe(5);
    // Another shopper behind the same proxy IP is unaffected.
    expect(
      (await t.app.inject({ method: "GET", url: proxyUrl("/proxy/activities", { customer: "556" }) }))
        .statusCode,
    ).toBe(200);
  });
});

describe("anonymous storefront visitors", () => {
  it("are limited per visitor address as Shopify's proxy reports it, not all together", async () => {
    const t2 = await createTestApp({ clock, env: { PROXY_RATE_LIMIT: "3" } });
    try {
      // Every request comes from Shopify's proxy (the same peer); X-Forwarded-For names the visitor.
      const visit = (visitor: string) =>
        t2.app.inject({
          method: "GET",
          url: signedProxyUrl(t2, "/proxy/customer"),
          remoteAddress: "23.227.38.65",
          headers: { "x-forwarded-for": visitor },
        });
      for (let i = 0; i < 3; i++) expect((await visit("203.0.113.5")).statusCode).toBe(200);
      expect((await visit("203.0.113.5")).statusCode).toBe(429);
      // A value the visitor sent itself comes first; Shopify's entry is the last one.
      expect((await visit("198.18.0.1, 203.0.113.5")).statusCode).toBe(429);
      expect((await visit("198.51.100.20")).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe("POST /proxy/join and GET /proxy/activities", () => {
  it("C-25: a signed-in shopper joins once and earns the sign-up points; joining again changes nothing", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: proxyUrl("/proxy/join", { customer: "706405506930370084" }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      type: "member",
      joinedAt: "2026-11-22T12:00:00.000Z",
      availablePoints: 100,
    });
    clock.advance(60_000);
    const again = await t.app.inject({
      method: "POST",
      url: proxyUrl("/proxy/join", { customer: "706405506930370084" }),
    });
    expect(again.json().data).toMatchObject({ joinedAt: "2026-11-22T12:00:00.000Z", availablePoints: 100 });
    const row = await t.deps.db
      .selectFrom("customers")
      .select("platform_customer_id")
      .where("platform_customer_id", "=", "706405506930370084")
      .execute();
    expect(row).toHaveLength(1);
  });

  it("a shopper who left cannot rejoin on their own", async () => {
    await t.app.inject({ method: "POST", url: proxyUrl("/proxy/join", { customer: "777" }) });
    await t.deps.db
      .updateTable("customers")
      .set({ type: "left" })
      .where("platform_customer_id", "=", "777")
      .execute();
    const res = await t.app.inject({ method: "POST", url: proxyUrl("/proxy/join", { customer: "777" }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("customer_left");
  });

  it("pages the shopper's history, newest first, and validates paging", async () => {
    const empty = await t.app.inject({
      method: "GET",
      url: proxyUrl("/proxy/activities", { customer: "424242" }),
    });
    expect(empty.json().data).toEqual({
      activities: [],
      pageInfo: { page: 1, pageSize: 20, total: 0, hasNextPage: false },
    });
    await t.app.inject({ method: "POST", url: proxyUrl("/proxy/join", { customer: "424242" }) });
    const c = await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("platform_customer_id", "=", "424242")
      .executeTakeFirstOrThrow();
    await t.deps.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 3; i++) {
        await postEntry(trx, {
          shopId: "shop_demo",
          customerId: c.id,
          activityType: "earn_place_order",
          available: i * 10,
          idempotencyKey: `o${i}`,
        });
      }
    });
    const page1 = (
      await t.app.inject({
        method: "GET",
        url: proxyUrl("/proxy/activities", { customer: "424242", extra: { pageSize: "2" } }),
      })
    ).json().data;
    expect(page1.activities.map((a: { points: number }) => a.points)).toEqual([30, 20]);
    // Three orders and the sign-up points of joining.
    expect(page1.pageInfo).toEqual({ page: 1, pageSize: 2, total: 4, hasNextPage: true });
    const page2 = (
      await t.app.inject({
        method: "GET",
        url: proxyUrl("/proxy/activities", { customer: "424242", extra: { pageSize: "2", page: "2" } }),
      })
    ).json().data;
    expect(page2.activities.map((a: { points: number }) => a.points)).toEqual([10, 100]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const bad = await t.app.inject({
      method: "GET",
      url: proxyUrl("/proxy/activities", { customer: "424242", extra: { page: "0" } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: "page", message: "page must be 1 or more" });
  });
});

describe("GET /proxy/customer reads arriving together (decision 0055)", () => {
  it("share statements, and each shopper still gets exactly their own view", async () => {
    const shoppers = ["5550001", "5550002", "5550003"];
    for (const customer of shoppers) {
      expect(
        (await t.app.inject({ method: "POST", url: proxyUrl("/proxy/join", { customer }) })).statusCode,
      ).toBe(200);
    }
    const view = async (customer: string) => {
      const res = await t.app.inject({ method: "GET", url: proxyUrl("/proxy/customer", { customer }) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // One at a time first: the reference answers.
    const alone = new Map<string, unknown>();
    for (const customer of [...shoppers, "5559999", ""]) alone.set(customer, await view(customer));
    expect(alone.get("5559999")).toMatchObject({ customer: null });
    // Then 60 at once, interleaved with guests and an unknown shopper.
    const asked = Array.from({ length: 60 }, (_, i) => [...shoppers, "5559999", ""][i % 5] as string);
    const together = await Promise.all(asked.map(view));
    together.forEach((answer, i) => {
      expect(answer, asked[i]).toEqual(alone.get(asked[i] as string));
    });
  });
});
