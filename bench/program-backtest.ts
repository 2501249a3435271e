/**
 * P12 (issue 14, decision 0123): a place order program's backtest over 100,000 stored orders in
 * ≤ 10 s. The orders are loaded with set-based SQL (generate_series) as the order pipeline stores
 * them (decided, with their facts and awards), then the admin API is asked what doubling the rate
 * would have given: `POST /apiSa/lp/programs/backtests`, polled until the job is done. Measured
 * from the request to the answer, at the client, on the same machine (the API, a worker and
 * PostgreSQL share its cores).
 *
 * In `npm run bench` it runs after P8 with the run's workers. Alone, on a fresh database and an API
 * with its worker in process:
 *   node --import tsx bench/program-backtest.ts [orders]   (default 20,000; BENCH_KEEP_DB=1 keeps it;
 *   in `npm run bench`, BENCH_BACKTEST_ORDERS sets the size)
 */

import type pg from "pg";
import { adminToken, httpJson, SHOP_ID } from "./laurel";
import { fmt, ms, type Row } from "./report";
import { runIfEntryPoint, runStandalone } from "./standalone";

const TARGET_MS = 10_000;
const CUSTOMERS = 2_000;
const BATCH = 50_000;

/** Loads `size` decided orders (and their customers) into the bench shop, within the last 30 days. */
export async function loadBacktestOrders(db: pg.Client, size: number, programId: string): Promise<number> {
  const t0 = Date.now();
  await db.query(
    `insert into customers (shop_id, id, platform_customer_id, email, type, created_at, updated_at)
     select $1, 'bench_bt_cus_' || g, (9100000000000 + g)::text, 'bt' || g || '@laurel.test', 'member',
       now() - interval '60 days', now()
     from generate_series(1, $2::int) g
     on conflict do nothing`,
    [SHOP_ID, CUSTOMERS],
  );
  // Orders of 20.00 to 219.00, one to three lines, 10 points per 100.00 awarded by `programId`;
  // spread over the last 29 days, oldest first.
  const span = 29 * 86_400;
  for (let from = 1; from <= size; from += BATCH) {
    const to = Math.min(size, from + BATCH - 1);
    await db.query(
      `with o as (
         select g, (9200000000000000 + g)::text as order_id, 1 + (g * 7919) % $3 as cus,
           2000 + ((g * 104729) % 200) * 100 as subtotal,
           1 + (g % 3) as lines,
           now() - make_interval(secs => $4::float8 * ($5::float8 - g) / $5::float8) as at
         from generate_series($6::bigint, $7::bigint) g)
       insert into orders (shop_id, order_id, customer_id, name, currency, total_minor, status, facts,
         earnable_minor, points_awarded, paid_at, rewarded_at, ordered_at, created_at, updated_at)
       select $1, order_id, 'bench_bt_cus_' || cus, '#B' || g, 'USD', subtotal, 'rewarded',
         jsonb_build_object(
           'orderId', order_id, 'name', '#B' || g, 'customerPlatformId', (9100000000000 + cus)::text,
           'email', 'bt' || cus || '@laurel.test', 'customerTags', '[]'::jsonb, 'currency', 'USD',
           'createdAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'cancelledAt', null, 'financialStatus', 'paid', 'source', 'web', 'tags', '[]'::jsonb,
           'test', false, 'taxesIncluded', false, 'paymentGateways', '[]'::jsonb,
           'discountCodes', '[]'::jsonb, 'storeCreditPaid', 0, 'subtotal', subtotal, 'total', subtotal,
           'shipping', 0, 'fees', 0, 'taxes', '[]'::jsonb,
           'lines', (select jsonb_agg(jsonb_build_object(
               'lineId', order_id || '-' || l, 'productId', (8012345678900000000 + l)::text,
               'variantId', (4512345678900000000 + l)::text, 'quantity', 1,
               'unitPrice', case when l = lines then subtotal - (lines - 1) * 1000 else 1000 end,
               'discount', 0, 'isGiftCard', false, 'isFreeGift', false, 'requiresShipping', true))
             from generate_series(1, lines) l),
           'awards', jsonb_build_array(jsonb_build_object('programId', $2::text,
             'points', (subtotal / 10000) * 10, 'earnableAmount', subtotal, 'autoRemovePoints', true))),
         subtotal, (subtotal / 10000) * 10, at, at, at, at, at
       from o
       on conflict do nothing`,
      [SHOP_ID, programId, CUSTOMERS, span, size, from, to],
    );
  }
  await db.query("analyze orders");
  return Date.now() - t0;
}

export interface BacktestPhaseResult {
  size: number;
  loadMs: number;
  runMs: number;
  polls: number;
  result: { orders: number; awardedPoints: number; wouldPoints: number; changedOrders: number } | null;
  row: Row;
}

/** P12: loads the orders, then one backtest job over the last 30 days, timed from request to answer. */
export async function backtestPhase(
  ctx: { base: string; db: pg.Client },
  size: number,
): Promise<BacktestPhaseResult> {
  // Admin tokens live a minute (DESIGN §1): one fresh token for each step.
  const headers = async () => ({ "x-auth-token": await adminToken(ctx.base) });
  const earning = await httpJson(ctx.base, "GET", "/apiSa/lp/programs/earning", { headers: await headers() });
  const programs = (
    earning.json as { data: { id: string; event: string; status: string; config: Record<string, unknown> }[] }
  ).data;
  const program = programs.find((p) => p.event === "place_order" && p.status === "active");
  if (!program) throw new Error("the bench shop has no place order program");
  const loadMs = await loadBacktestOrders(ctx.db, size, program.id);
  const body = {
    programId: program.id,
    days: 30,
    program: { ...program, config: { ...program.config, earnPoint: 20 } },
  };
  const auth = await headers();
  const t0 = Date.now();
  const started = await httpJson(ctx.base, "POST", "/apiSa/lp/programs/backtests", { body, headers: auth });
  const id = (started.json as { data?: { id?: string } } | null)?.data?.id;
  if (started.status !== 200 || !id) throw new Error(`backtest refused: ${started.status} ${started.text}`);
  let polls = 0;
  type Run = { status: string; result: BacktestPhaseResult["result"]; error: string | null };
  let run = null as Run | null;
  while (Date.now() - t0 < 10 * TARGET_MS) {
    await new Promise((r) => setTimeout(r, 100));
    polls += 1;
    const res = await httpJson(ctx.base, "GET", `/apiSa/lp/programs/backtests/${id}`, { headers: auth });
    run = (res.json as { data?: Run } | null)?.data ?? null;
    if (run?.status === "done" || run?.status === "failed") break;
  }
  const runMs = Date.now() - t0;
  const result = run?.status === "done" ? run.result : null;
  // The demo shop's own few orders are read too.
  const complete = result !== null && result.orders >= size;
  return {
    size,
    loadMs,
    runMs,
    polls,
    result,
    row: {
      id: "P12",
      what: `program backtest over ${fmt(size)} stored orders (job, request → answer)`,
      measured: result
        ? `${ms(runMs)} (${fmt(result.orders)} orders, ${fmt(result.changedOrders)} change)`
        : `not finished: ${run?.status ?? "no answer"} ${run?.error ?? ""}`.trim(),
      baseline: "—",
      ratio: "—",
      target: `≤ ${fmt(TARGET_MS / 1000)} s${size === 100_000 ? "" : " (at 100,000)"}`,
      verdict: !complete ? "FAIL" : size < 100_000 ? "N/A" : runMs <= TARGET_MS ? "PASS" : "FAIL",
    },
  };
}

/** Standalone: a fresh database and API (worker in process), this phase only, then everything dropped. */
async function main() {
  const size = Number(process.argv[2] ?? 20_000);
  await runStandalone("backtest", { workerInProcess: true }, async ({ base, db }) => {
    const r = await backtestPhase({ base, db }, size);
    console.log(
      `loaded ${fmt(r.size)} orders in ${fmt(r.loadMs / 1000, 1)} s; ${r.row.measured}; ${r.polls} polls; ` +
        `${r.row.verdict} (target ${r.row.target})`,
    );
    if (r.result) console.log(JSON.stringify(r.result));
  });
}

runIfEntryPoint(import.meta.url, main);
