/**
 * P10 (issue 13): analytics requests over a large ledger, p95 ≤ 200 ms, and the rollups rebuilt
 * from scratch in ≤ 120 s. Loads `entries` ledger entries (default 200,000; the target is
 * 10,000,000) over 400 days for `customers` customers (default entries ÷ 10) and an order per
 * five entries into the bench shop with set-based SQL, then:
 *   1. rebuild: the first analytics request finds no rollups and builds them from the whole ledger
 *      (decision 0090), timed at the client;
 *   2. requests: every analytics page × every K-09 range, and the dashboard, `rounds` times,
 *      each timed at the client (API time plus a local round trip).
 *
 * Alone, on a fresh database and API (PostgreSQL):
 *   node --import tsx bench/analytics.ts [entries] [customers]   (BENCH_KEEP_DB=1 keeps it)
 */

import type pg from "pg";
import { adminToken, httpJson, SHOP_ID } from "./laurel";
import { fmt, ms, type Row } from "./report";
import { runIfEntryPoint, runStandalone } from "./standalone";

const TARGET_P95_MS = 200;
const TARGET_REBUILD_S = 120;
const BATCH = 1_000_000;
const REPORTS = ["overview", "loyalty-programs", "point", "member", "referral"];
const RANGES = [
  "today",
  "yesterday",
  "last_7_days",
  "last_30_days",
  "last_60_days",
  "last_90_days",
  "last_month",
  "last_year",
  "week_to_date",
  "month_to_date",
  "year_to_date",
];
/** Activity mix of the loaded ledger: mostly order points, some sign-ups, redemptions, expiry, refunds. */
const TYPES = [
  "earn_place_order",
  "earn_place_order",
  "earn_place_order",
  "earn_place_order",
  "earn_sign_up",
  "redeem_point",
  "expire_point",
  "remove_refund",
  "adjust_point",
  "log_place_order",
];

/** Loads customers, entries and orders into the bench shop, then ANALYZE. */
export async function loadLedger(db: pg.Client, entries: number, customers: number): Promise<number> {
  const t0 = Date.now();
  const arr = `array[${TYPES.map((x) => `'${x}'`).join(",")}]`;
  await db.query(
    `insert into customers (shop_id, id, platform_customer_id, email, type, joined_at, created_at, updated_at)
     select $1, 'bench_an_' || g, (8000000000000 + g)::text, 'an' || g || '@laurel.test',
       case when g % 10 < 7 then 'member' else 'guest' end,
       case when g % 10 < 7 then now() - make_interval(days => (g % 400)::int) end,
       now() - make_interval(days => (g % 400)::int), now()
     from generate_series(1, $2::bigint) g
     on conflict do nothing`,
    [SHOP_ID, customers],
  );
  for (let from = 1; from <= entries; from += BATCH) {
    const to = Math.min(entries, from + BATCH - 1);
    await db.query(
      `insert into ledger_entries (shop_id, customer_id, activity_type, available_delta, idempotency_key,
         input_hash, program_id, source_ref, created_at)
       select $1, 'bench_an_' || (1 + h % $4), t,
         case when t like 'earn%' then 1 + h % 50 when t = 'log_place_order' then 0
              when t = 'adjust_point' then (h % 21) - 10 else -(1 + h % 40) end,
         'bench_an:' || g, 'x', null, 'bench_an_o' || (g / 5),
         now() - make_interval(secs => ((h % (400 * 86400)))::double precision)
       from generate_series($2::bigint, $3::bigint) g,
         lateral (select (g * 2654435761) % 4294967296 as h) hash,
         lateral (select (${arr})[1 + (h / 13) % ${TYPES.length}] as t) kind`,
      [SHOP_ID, from, to, customers],
    );
    await db.query(
      `insert into orders (shop_id, order_id, customer_id, currency, total_minor, refunded_minor, status, ordered_at, rewarded_at)
       select $1, 'bench_an_o' || g, case when h % 4 = 0 then null else 'bench_an_' || (1 + h % $4) end, 'USD',
         1000 + h % 20000, case when h % 20 = 0 then 500 else 0 end,
         case when h % 50 = 0 then 'cancelled' else 'rewarded' end,
         now() - make_interval(secs => ((h % (400 * 86400)))::double precision), now()
       from generate_series(($2::bigint + 4) / 5, $3::bigint / 5) g,
         lateral (select (g * 2654435761) % 4294967296 as h) hash
       on conflict do nothing`,
      [SHOP_ID, from, to, customers],
    );
  }
  await db.query("analyze customers; analyze ledger_entries; analyze orders");
  return Date.now() - t0;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface AnalyticsBenchResult {
  rows: Row[];
  summary: string;
}

/** Loads the ledger, times the rebuild (first request) and then every page × range. */
export async function analyticsPhase(
  ctx: { base: string; db: pg.Client },
  entries: number,
  customers: number,
  rounds = 3,
): Promise<AnalyticsBenchResult> {
  const loadMs = await loadLedger(ctx.db, entries, customers);
  const headers = { "x-auth-token": await adminToken(ctx.base) };
  const get = async (path: string) => {
    const t0 = performance.now();
    const res = await httpJson(ctx.base, "GET", path, { headers });
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`);
    return took;
  };
  // The shop has no rollups yet: the first request builds them from the whole ledger.
  await ctx.db.query("delete from analytics_state where shop_id = $1", [SHOP_ID]);
  const rebuildMs = await get("/apiSa/analytics?report=overview&range=today");
  const timings: { path: string; ms: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const report of REPORTS)
      for (const range of RANGES) {
        const path = `/apiSa/analytics?report=${report}&range=${range}`;
        timings.push({ path, ms: await get(path) });
      }
    timings.push({ path: "/apiSa/dashboard", ms: await get("/apiSa/dashboard") });
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a), { path: "", ms: 0 });
  const scale = `${fmt(entries)} entries, ${fmt(customers)} customers`;
  return {
    summary: `loaded ${scale} in ${fmt(loadMs / 1000, 1)} s; rebuild ${fmt(rebuildMs / 1000, 2)} s; p95 ${ms(p95)}; slowest ${slowest.path} ${ms(slowest.ms)}`,
    rows: [
      {
        id: "P10",
        what: `analytics requests p95 at ${scale}`,
        measured: `p95 ${ms(p95)} (p50 ${ms(p50)}, max ${ms(slowest.ms)}, ${fmt(timings.length)} requests)`,
        baseline: "—",
        ratio: "—",
        target: `p95 ≤ ${TARGET_P95_MS} ms`,
        verdict: p95 <= TARGET_P95_MS ? "PASS" : "FAIL",
      },
      {
        id: "P10",
        what: `analytics rollups rebuilt from scratch at ${scale}`,
        measured: `${fmt(rebuildMs / 1000, 2)} s`,
        baseline: "—",
        ratio: "—",
        target: `≤ ${TARGET_REBUILD_S} s`,
        verdict: rebuildMs / 1000 <= TARGET_REBUILD_S ? "PASS" : "FAIL",
      },
    ],
  };
}

/** Standalone: a fresh database and API, this phase only, then everything dropped. */
async function main() {
  const entries = Number(process.argv[2] ?? 200_000);
  const customers = Number(process.argv[3] ?? Math.max(1, Math.floor(entries / 10)));
  await runStandalone("analytics", { workerInProcess: false }, async ({ base, db }) => {
    const r = await analyticsPhase({ base, db }, entries, customers);
    console.log(r.summary);
    for (const row of r.rows)
      console.log(`${row.id} ${row.what}: ${row.measured} — ${row.verdict} (target ${row.target})`);
  });
}

runIfEntryPoint(import.meta.url, main);
