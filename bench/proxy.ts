/** P3 (redemptions on one hot customer) and P5 (`GET /proxy/customer`). */

import type { CpuProfile } from "./cpu";
import { adminToken, httpJson, SHOP_ID, signedProxyPath } from "./laurel";
import { type LoadSummary, runLoad } from "./load";
import { observe } from "./observe";
import type { WaitProfile } from "./postgres";
import type { BenchContext } from "./webhooks";

/** The API's storefront limit (storefront.routes.ts): 120 calls a minute per shop and shopper. */
/** PROXY_RATE_LIMIT given to the API under test (the product default is 120 a minute). */
export const PROXY_LIMIT_PER_MINUTE = 1_000_000;

export const HOT_GRANT = 10_000_000;

export interface HotCustomerResult {
  load: LoadSummary;
  /** 200 answers (a coupon each). */
  redeemed: number;
  redeemedPerSecond: number;
  rateLimited: number;
  /** The load stopped early: the limiter answered 429 to most calls, nothing more to learn. */
  stoppedByLimiter: boolean;
  /**
   * Redemptions per second until the limiter engaged (first call → last 200), from few samples:
   * an indication only, when the limiter made the run unmeasurable.
   */
  burst: { redeemed: number; seconds: number; perSecond: number } | null;
  otherAnswers: Record<string, number>;
  check: {
    balanceBefore: number;
    balanceAfter: number;
    coupons: number;
    pointsPerCoupon: number | null;
    spent: number;
    holds: Record<string, number>;
    minRunningBalance: number;
    /** spent = points × coupons, balance ≥ 0 throughout, every 200 has its coupon, no hold left open. */
    intact: boolean;
    problems: string[];
  };
  waits: WaitProfile;
  cpu: CpuProfile | null;
}

async function customerRow(ctx: BenchContext, shopper: string) {
  const r = await ctx.db.query<{ id: string; available_points: number }>(
    "select id, available_points from customers where shop_id = $1 and platform_customer_id = $2",
    [SHOP_ID, shopper],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`customer ${shopper} not found`);
  return row;
}

export async function hotCustomerPhase(
  ctx: BenchContext,
  opts: { shopper: string; connections: number; seconds: number },
): Promise<HotCustomerResult> {
  const customer = await customerRow(ctx, opts.shopper);
  // Points through the admin API, as a merchant would grant them.
  const token = await adminToken(ctx.base);
  const grant = await httpJson(
    ctx.base,
    "POST",
    `/apiSa/customers/${encodeURIComponent(customer.id)}/points`,
    {
      body: { points: HOT_GRANT, note: "benchmark: hot customer" },
      headers: { "x-auth-token": token, "idempotency-key": `bench-hot-${opts.shopper}` },
    },
  );
  if (grant.status !== 200) throw new Error(`point grant failed: ${grant.status} ${grant.text}`);
  const program = (
    await ctx.db.query<{ id: string }>(
      "select id from programs where shop_id = $1 and event = 'amount_discount' and status = 'active' order by created_at limit 1",
      [SHOP_ID],
    )
  ).rows[0];
  if (!program) throw new Error("the demo shop has no active amount_discount program");
  const before = await customerRow(ctx, opts.shopper);
  const maxEntryId = Number(
    (await ctx.db.query<{ m: string | null }>("select max(id) as m from ledger_entries")).rows[0]?.m ?? 0,
  );

  // Signed just before the run: the shopper's own calls, as the widget makes them.
  const path = signedProxyPath(ctx.secret, "/proxy/redeem", opts.shopper);
  let k = 0;
  let redeemed = 0;
  let rateLimited = 0;
  let stoppedByLimiter = false;
  let firstSent = 0;
  let last200 = 0;
  const otherAnswers: Record<string, number> = {};
  const control: { stop?: () => void } = {};
  const {
    result: load,
    waits,
    cpu,
  } = await observe(ctx, () =>
    runLoad(
      {
        url: ctx.base,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [
          {
            method: "POST",
            setupRequest: (req) => {
              const n = k++;
              if (firstSent === 0) firstSent = performance.now();
              return {
                ...req,
                method: "POST",
                path,
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ programId: program.id, requestId: `bench-p3-${n}` }),
              };
            },
            onResponse: (status, body) => {
              if (status === 200) {
                redeemed += 1;
                last200 = performance.now();
              } else if (status === 429) {
                rateLimited += 1;
                // Nothing more to learn once the limiter answers; do not hammer it for the rest.
                if (rateLimited >= 500 && rateLimited > 4 * redeemed && !stoppedByLimiter) {
                  stoppedByLimiter = true;
                  control.stop?.();
                }
              } else {
                const code = /"code":"(\w+)"/.exec(body)?.[1] ?? body.slice(0, 80);
                otherAnswers[`${status} ${code}`] = (otherAnswers[`${status} ${code}`] ?? 0) + 1;
              }
            },
          },
        ],
      },
      control,
    ),
  );
  const burstSeconds = (last200 - firstSent) / 1000;
  await new Promise((r) => setTimeout(r, 1_500));

  const after = await customerRow(ctx, opts.shopper);
  const coupons = (
    await ctx.db.query<{ n: string; pts: string | null; mn: number | null; mx: number | null }>(
      `select count(*) as n, sum(points) as pts, min(points) as mn, max(points) as mx from coupons
        where shop_id = $1 and customer_id = $2 and status <> 'revoked'`,
      [SHOP_ID, customer.id],
    )
  ).rows[0];
  const holds = Object.fromEntries(
    (
      await ctx.db.query<{ state: string; n: string }>(
        "select state, count(*) as n from holds where shop_id = $1 and customer_id = $2 group by 1",
        [SHOP_ID, customer.id],
      )
    ).rows.map((r) => [r.state, Number(r.n)]),
  );
  const spentRow = (
    await ctx.db.query<{ spent: string | null }>(
      `select -sum(available_delta) as spent from ledger_entries
        where shop_id = $1 and customer_id = $2 and id > $3`,
      [SHOP_ID, customer.id, maxEntryId],
    )
  ).rows[0];
  // The running balance in entry order, over the customer's whole history.
  const minRow = (
    await ctx.db.query<{ m: string | null }>(
      `select min(s) as m from (
         select sum(available_delta) over (order by id) as s from ledger_entries
          where shop_id = $1 and customer_id = $2) x`,
      [SHOP_ID, customer.id],
    )
  ).rows[0];

  const couponCount = Number(coupons?.n ?? 0);
  const couponPoints = Number(coupons?.pts ?? 0);
  const pointsPerCoupon = coupons?.mn != null && coupons.mn === coupons.mx ? Number(coupons.mn) : null;
  const spent = Number(spentRow?.spent ?? 0);
  const minRunningBalance = Number(minRow?.m ?? 0);
  const problems: string[] = [];
  if (spent !== couponPoints)
    problems.push(`points spent ${spent} ≠ points of coupons ${couponPoints} (${couponCount} coupons)`);
  if (before.available_points - after.available_points !== spent)
    problems.push(
      `balance moved by ${before.available_points - after.available_points}, entries say ${spent}`,
    );
  if (after.available_points < 0 || minRunningBalance < 0)
    problems.push(`balance went below 0 (now ${after.available_points}, min ${minRunningBalance})`);
  if (couponCount < redeemed)
    problems.push(`${redeemed} redemptions answered 200 but only ${couponCount} coupons`);
  if ((holds.posted ?? 0) !== couponCount)
    problems.push(`${holds.posted ?? 0} posted holds ≠ ${couponCount} coupons`);
  if ((holds.reserved ?? 0) > 0) problems.push(`${holds.reserved} holds still reserved`);
  return {
    load,
    redeemed,
    redeemedPerSecond: load.seconds > 0 ? redeemed / load.seconds : 0,
    rateLimited,
    stoppedByLimiter,
    burst:
      rateLimited > 0 && redeemed > 0 && burstSeconds > 0
        ? { redeemed, seconds: burstSeconds, perSecond: redeemed / burstSeconds }
        : null,
    otherAnswers,
    check: {
      balanceBefore: before.available_points,
      balanceAfter: after.available_points,
      coupons: couponCount,
      pointsPerCoupon,
      spent,
      holds,
      minRunningBalance,
      intact: problems.length === 0,
      problems,
    },
    waits,
    cpu,
  };
}

export interface ProxyReadResult {
  load: LoadSummary;
  rateLimited: number;
  otherAnswers: Record<string, number>;
  shoppers: number;
  waits: WaitProfile;
  cpu: CpuProfile | null;
}

/** `GET /proxy/customer` for members round-robin, each signed just before the run. */
export async function proxyCustomerPhase(
  ctx: BenchContext,
  opts: { connections: number; seconds: number; overallRate?: number },
): Promise<ProxyReadResult> {
  const paths = ctx.members.map((m) => signedProxyPath(ctx.secret, "/proxy/customer", m));
  // One call first: a member, signed in, answered 200 (so the load measures the real read).
  const probe = await httpJson(ctx.base, "GET", paths[0] as string);
  const signedIn = (probe.json as { data?: { signedIn?: boolean } } | null)?.data?.signedIn;
  if (probe.status !== 200 || signedIn !== true) {
    throw new Error(`GET /proxy/customer probe: ${probe.status} ${probe.text.slice(0, 300)}`);
  }
  let k = 0;
  let rateLimited = 0;
  const otherAnswers: Record<string, number> = {};
  const {
    result: load,
    waits,
    cpu,
  } = await observe(ctx, () =>
    runLoad({
      url: ctx.base,
      connections: opts.connections,
      duration: opts.seconds,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({ ...req, method: "GET", path: paths[k++ % paths.length] as string }),
          onResponse: (status, body) => {
            if (status === 200) return;
            if (status === 429) rateLimited += 1;
            else {
              const key = `${status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? body.slice(0, 80)}`;
              otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
            }
          },
        },
      ],
    }),
  );
  return { load, rateLimited, otherAnswers, shoppers: paths.length, waits, cpu };
}
