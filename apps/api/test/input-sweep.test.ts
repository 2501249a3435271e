import { apiRoutes, type RouteContract } from "@laurel/contracts";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { DEMO_SHOPPERS } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  extensionToken,
  shopifyToken,
  signedProxyUrl,
  signIn,
  signInStaff,
  type TestApp,
} from "./helpers";
import {
  bodyText,
  encodeComponent,
  hostileString,
  hostileValue,
  keysOf,
  MEGABYTE,
  toJsonText,
  unmark,
} from "./sweep-arbitraries";

/**
 * Issue 17's proof: every route of `apiRoutes` (but `/webhooks`, whose bodies the webhook intake
 * owns) called with random and hostile bodies, query strings and path ids answers 2xx, or a 4xx
 * with a message, never a 5xx; and a 4xx writes nothing (a fingerprint of the tenant tables is
 * unchanged). `FC_SEED` replays a run; `FC_RUNS` sets the runs per route.
 */

const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FC_RUNS ?? 25);
console.log(`input sweep: FC_SEED=${seed} FC_RUNS=${runs}`);

let t: TestApp;
const auth = { admin: "", staff: "", cookie: "", logoutCookie: "", apiKey: "", extension: "" };
/** Real ids per path parameter, so hostile bodies also reach the services and the database. */
const ids = { customer: "", program: "", earningProgram: "", otherShop: "" };

beforeAll(async () => {
  t = await createTestApp({ env: { PROXY_RATE_LIMIT: "1000000", API_RATE_LIMIT: "1000000" } });
  auth.admin = (await signIn(t.app)).token;
  auth.staff = (await signInStaff(t.app)).token;
  auth.cookie = (await signIn(t.app)).cookie;
  auth.logoutCookie = (await signIn(t.app)).cookie;
  // The merchant API's key (decision 0170); rotate and revoke run last, after the routes it opens.
  auth.apiKey = (await adminSend(t.app, "POST", "/apiSa/developers/api-key", auth.admin)).json().data.secret;
  // A UI extension's token (decision 0180), long-lived so the whole sweep can use it.
  auth.extension = await extensionToken(t, { customer: DEMO_SHOPPERS[0]?.customerId, lifetimeSeconds: 3600 });
  const customer = await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "sweep-1", email: "sweep@example.com", firstName: null, lastName: null },
        "member",
      ),
    );
  const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", auth.admin)).json().data;
  const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", auth.admin)).json().data;
  const other = await shopifyToken(t.config, "sweep-other.myshopify.com");
  ids.otherShop = (await adminGet(t.app, "/apiSa/shops", other)).json().data.shop.id;
  ids.customer = customer.id;
  ids.program = spending[0].id;
  ids.earningProgram = earning[0].id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Row counts, balance sums and last changes of every tenant table: equal before and after = nothing written. */
async function fingerprint(): Promise<string> {
  const row = await sql<Record<string, unknown>>`
    select
      (select count(*) from shops) as shops,
      (select max(updated_at) from shops) as shops_changed,
      (select count(*) from customers) as customers,
      (select max(updated_at) from customers) as customers_changed,
      (select coalesce(sum(available_points), 0) || '/' || coalesce(sum(pending_points), 0) || '/' ||
              coalesce(sum(tier_points), 0) from customers) as balances,
      (select count(*) from ledger_entries) as entries,
      (select count(*) from holds) as holds,
      (select count(*) from programs) as programs,
      (select max(updated_at) from programs) as programs_changed,
      (select count(*) from coupons) as coupons,
      (select count(*) from orders) as orders,
      (select count(*) from audit_log) as audit,
      (select count(*) || '/' || count(revoked_at) from api_keys) as api_keys,
      (select count(*) from compliance_exports) as exports`.execute(t.deps.db);
  return JSON.stringify(row.rows[0]);
}

type Route = { key: string; method: string; path: string; contract: RouteContract };

// Routes that change who may call the rest run last, so they do not starve the others' coverage.
const lastOrder = [
  "POST /apiSa/developers/api-key/rotate",
  "DELETE /apiSa/developers/api-key",
  "PUT /apiSa/dev_zone/shops/:shopId",
  "POST /auth/logout",
];
const routes: Route[] = (Object.entries(apiRoutes) as Array<[string, RouteContract]>)
  .filter(([key]) => key !== "POST /webhooks")
  .map(([key, contract]) => {
    const [method, path] = key.split(" ") as [string, string];
    return { key, method, path, contract };
  })
  .sort((a, b) => lastOrder.indexOf(a.key) - lastOrder.indexOf(b.key));

/** The real id a path parameter takes, by the route it is in. */
function realIdFor(route: Route, param: string): string {
  if (param === "shopId") return ids.otherShop;
  if (route.path.includes("/customers/")) return param === "id" ? ids.customer : "cpn_none";
  if (route.path.includes("/programs/")) return route.method === "DELETE" ? ids.earningProgram : ids.program;
  return "x";
}

const pathValueFor = (route: Route, param: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => realIdFor(route, param)) },
    { weight: 4, arbitrary: hostileString.map(encodeComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%E0%A4%A", "%", "%zz", "..", "%2F") },
  );

/** A valid body of each route that takes one; the sweep breaks one field of it at a time. */
function exampleBody(route: Route): unknown {
  const examples: Record<string, unknown> = {
    "POST /auth/login": { email: "nobody@laurel.test", password: "wrong" },
    "POST /apiSa/shop": { isFirstLogin: false },
    "PUT /apiSa/shop": { setupDone: true, customCSS: "a{}" },
    "POST /apiSa/lp/settings": { primaryLanguageInApp: "fr" },
    "PUT /apiSa/lp/settings": { exchangeRate: 100, orderEarningTrigger: "paid" },
    "PUT /apiSa/lp/programs": [{ id: ids.program, title: "Renamed" }],
    "POST /apiSa/lp/programs/earning": {
      title: "Shop",
      event: "place_order",
      priority: 42,
      config: { earnBy: "price", earnPoint: 2, rateMoney: 100 },
    },
    "POST /apiSa/lp/programs/spending": {
      title: "$10 off",
      event: "amount_discount",
      config: { pointsCost: 1000, rewardValue: 1000 },
    },
    "PUT /apiSa/lp/programs/:id": { title: "Renamed", config: { pointsCost: 500, rewardValue: 500 } },
    "PUT /apiSa/lp/programs/:id/status": { status: "inactive" },
    "POST /apiSa/lp/programs/syncs": { kind: "sign_up" },
    "POST /apiSa/customers/:id/points": { points: 10, note: "sweep" },
    "POST /apiSa/activities/exports": { action: "adjust_point", from: "2026-01-01", to: "2026-12-31" },
    "POST /apiSa/customers/:id/coupons/:couponId/revoke": { note: "sweep" },
    "POST /apiSa/dev_zone/impersonate": { shopId: "shop_demo" },
    "PUT /apiSa/dev_zone/shops/:shopId": { transactionLimit: 10 },
    "POST /apiSa/dev_zone/shops/:shopId/prior-order-sync/unlock": { reason: "Merchant imported old orders" },
    "POST /apiSa/tiers/stuck-coupons/retry": { ids: ["VIPSWEEP0001"] },
    "POST /proxy/redeem": { programId: ids.program, points: 500 },
    "PUT /apiSa/storefront/loyalty-page": {
      slug: "rewards-club",
      hero: { title: "Rewards", subtitle: "Earn on every order", buttonText: null },
      sections: [
        "hero",
        "ways_to_earn",
        "ways_to_redeem",
        "vip_benefits",
        "referral",
        "faqs",
        "calculator",
      ].map((section) => ({ section, visible: true })),
    },
    "PUT /apiSa/storefront/signup-block": { enabled: true, text: "Join and get {{points}}" },
    "PUT /apiSa/storefront/customer-login": { enabled: true, title: "Welcome back", description: "" },
    "PUT /apiSa/storefront/point-calculator": {
      enabled: true,
      title: "Point calculator",
      description: "",
      defaultAmount: 5000,
      programIds: null,
    },
  };
  return examples[route.key] ?? {};
}

/** The example body with one field (or one setting) broken: set to a hostile value, removed, or misspelt. */
function brokenExample(route: Route): fc.Arbitrary<string> {
  return fc.constant(null).chain(() => {
    const example = exampleBody(route);
    const target = Array.isArray(example)
      ? (example[0] as Record<string, unknown>)
      : (example as Record<string, unknown>);
    const config = target.config as Record<string, unknown> | undefined;
    const fields = [...Object.keys(target), ...Object.keys(config ?? {}).map((k) => `config.${k}`), "extra"];
    return fc
      .tuple(fc.constantFrom(...fields), hostileValue, fc.constantFrom("set", "set", "set", "delete"))
      .map(([field, value, how]) => {
        const copy = structuredClone(example) as Record<string, unknown> | Record<string, unknown>[];
        const root = (Array.isArray(copy) ? copy[0] : copy) as Record<string, unknown>;
        const [head, tail] = field.split(".") as [string, string | undefined];
        const holder = tail ? (root[head] as Record<string, unknown>) : root;
        const key = tail ?? head;
        if (how === "delete") delete holder[key];
        else holder[key] = value;
        return toJsonText(copy);
      });
  });
}

function requestFor(route: Route): fc.Arbitrary<SweepRequest> {
  const params = (route.path.match(/:\w+/g) ?? []).map((p) => p.slice(1));
  const queryKeys = [...keysOf(route.contract.query), "x", "__proto__"];
  return fc.record({
    params: fc.tuple(...params.map((p) => pathValueFor(route, p))).map((xs) => [...xs]),
    query: fc.array(
      fc.tuple(fc.constantFrom(...queryKeys), fc.oneof(hostileString, hostileValue.map(unmark))),
      {
        maxLength: 4,
      },
    ),
    body: fc.option(
      fc.oneof(
        { weight: 1, arbitrary: bodyText(keysOf(route.contract.body)) },
        { weight: route.contract.body ? 2 : 0, arbitrary: brokenExample(route) },
      ),
      { freq: 6 },
    ),
    contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain"),
  });
}

type SweepRequest = {
  params: string[];
  query: Array<[string, string]>;
  body: string | null;
  contentType: string;
};

async function send(route: Route, req: SweepRequest) {
  let i = 0;
  const path = route.path.replace(/:\w+/g, () => req.params[i++] ?? "x");
  const query = req.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join("&");
  const headers: Record<string, string> = {};
  const guard = route.contract.guard;
  if (guard === "admin") headers["x-auth-token"] = auth.admin;
  if (guard === "staff") headers["x-auth-token"] = auth.staff;
  if (guard === "apiKey") headers.authorization = `Bearer ${auth.apiKey}`;
  if (guard === "extension") headers.authorization = `Bearer ${auth.extension}`;
  let url = query ? `${path}?${query}` : path;
  if (guard === "proxy") {
    const extra = Object.fromEntries(req.query.filter(([k]) => k !== "__proto__").map(([k, v]) => [k, v]));
    url = signedProxyUrl(t, path, { customer: DEMO_SHOPPERS[0]?.customerId ?? "", extra });
  }
  const cookie = route.key === "POST /auth/logout" ? auth.logoutCookie : auth.cookie;
  const withBody = req.body !== null && route.method !== "GET";
  return t.app.inject({
    method: route.method as "GET",
    url,
    headers: { ...headers, ...(withBody ? { "content-type": req.contentType } : {}) },
    cookies: guard === "session" ? { laurel_session: cookie } : {},
    ...(withBody ? { payload: req.body as string } : {}),
  });
}

describe("input sweep over every route (issue 17)", () => {
  it("covers every route but /webhooks, and hostile input is in the mix", () => {
    expect(routes.length).toBe(Object.keys(apiRoutes).length - 1);
    expect(MEGABYTE.length).toBe(1_000_000);
  });

  it.each(routes.map((r, index) => [r.key, r, index] as const))(
    "%s: never 5xx, a 4xx says why and writes nothing",
    async (_key, route, index) => {
      const seen = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (req) => {
          const before = await fingerprint();
          const res = await send(route, req);
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(body.success, res.body.slice(0, 300)).toBe(false);
            expect(typeof body.error === "string" && body.error.length > 0, res.body.slice(0, 300)).toBe(
              true,
            );
            expect(await fingerprint(), `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(before);
          }
        }),
        { seed: seed + index, numRuns: runs, endOnFailure: true },
      );
      console.log(`${route.key}: ${[...seen].map(([status, n]) => `${status}×${n}`).join(" ")}`);
      expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(runs);
    },
    120_000,
  );
});
