/**
 * P7 (issue 10): VIP tier recalculation over 1,000,000 members on PostgreSQL in ≤ 120 s, and the
 * launch preview in ≤ 30 s. Members and their paid orders are loaded with set-based SQL
 * (generate_series), the tables analysed; then the merchant's own requests are timed end to end:
 * `POST /apiSa/tiers/preview` (computed, nothing written), then a relaunch (`POST /apiSa/tiers/launch`)
 * until its run reports `done` — the recalculation job in the worker, pages of 2,000 members, each
 * page one measuring statement and a few set-based writes (decision 0070).
 *
 * The demo shop's seeded ladder (Bronze, Silver, Gold, Platinum by amount spent) is used as it is;
 * each bench member has one to three paid orders spread over the last two years, so they land in
 * every tier. Alone, on a fresh database and API (worker in process):
 *   node --import tsx bench/tiers.ts [members]   (default 20,000; BENCH_KEEP_DB=1 keeps it)
 * The row prints the figures at the size run and, below 1,000,000, a linear projection to it (both
 * statements are per page of members, so the time is linear in members).
 */

import { cpus, totalmem } from "node:os";
import type pg from "pg";
import { adminToken, httpJson, SHOP_ID } from "./laurel";
import { serverInfo } from "./postgres";
import { fmt, type Row, table } from "./report";
import { runIfEntryPoint, runStandalone } from "./standalone";

const TARGET_RELAUNCH_S = 120;
const TARGET_PREVIEW_S = 30;
const FULL = 1_000_000;
const BATCH = 100_000;

/** Loads `size` members (ids `bench_tier_<n>`) with 1–3 paid orders each, in batches, then ANALYZE. */
export async function loadTierMembers(db: pg.Client, size: number): Promise<number> {
  const t0 = Date.now();
  for (let from = 1; from <= size; from += BATCH) {
    const to = Math.min(size, from + BATCH - 1);
    await db.query(
      `insert into customers (shop_id, id, platform_customer_id, email, type, created_at, updated_at)
       select $1, 'bench_tier_' || g, (8000000000000 + g)::text, 'tier' || g || '@example.org', 'member',
         now() - interval '800 days', now()
       from generate_series($2::bigint, $3::bigint) g`,
      [SHOP_ID, from, to],
    );
    // 1–3 orders per member; amounts from $1 to $800 by a multiplicative hash, so every tier fills.
    await db.query(
      `insert into orders (shop_id, order_id, customer_id, currency, total_minor, status, paid_at,
         ordered_at, facts)
       select $1, (7000000000000 + g * 4 + k)::text, 'bench_tier_' || g, 'USD',
         100 + ((g * 2654435761 + k * 40503) % 4294967296) % 80000, 'rewarded',
         now() - make_interval(days => ((g * 7 + k * 131) % 700)::int),
         now() - make_interval(days => ((g * 7 + k * 131) % 700)::int), '{}'
       from generate_series($2::bigint, $3::bigint) g, generate_series(0, 2) k
       where k <= g % 3`,
      [SHOP_ID, from, to],
    );
  }
  await db.query("analyze customers");
  await db.query("analyze orders");
  return Date.now() - t0;
}

type Json = { data?: Record<string, unknown> } | null;

export interface TierBenchResult {
  size: number;
  loadMs: number;
  previewMs: number;
  relaunchMs: number;
  recalculated: number;
  rows: Row[];
}

/** Times the preview and a relaunch over the shop's members (after `loadTierMembers`). */
export async function tierPhase(
  ctx: { base: string; db: pg.Client },
  size: number,
): Promise<TierBenchResult> {
  const loadMs = await loadTierMembers(ctx.db, size);
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    // Admin tokens live a minute: each call signs in afresh (outside the timed part is not needed:
    // sign-in is a few ms against minutes).
    const headers = { "x-auth-token": await adminToken(ctx.base) };
    const res = await httpJson(ctx.base, method, path, { headers, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return (res.json as Json)?.data ?? {};
  };
  let t0 = performance.now();
  const preview = await call("POST", "/apiSa/tiers/preview");
  const previewMs = performance.now() - t0;
  if (Number(preview.members) < size) throw new Error(`preview counted ${String(preview.members)} members`);

  t0 = performance.now();
  const run = await call("POST", "/apiSa/tiers/launch", {
    changeNotes: "P7 bench",
    grantEntryRewards: false,
  });
  let state = run;
  while (state.status === "running") {
    await new Promise((r) => setTimeout(r, 250));
    state = await call("GET", `/apiSa/tiers/runs/${String(run.id)}`);
  }
  const relaunchMs = performance.now() - t0;
  if (state.status !== "done")
    throw new Error(`relaunch ended ${String(state.status)}: ${String(state.error)}`);
  const recalculated = Number(state.done);
  const scale = FULL / size;
  const projected = (x: number) => (size < FULL ? ` (→ ${fmt((x * scale) / 1000, 1)} s at 1M, linear)` : "");
  return {
    size,
    loadMs,
    previewMs,
    relaunchMs,
    recalculated,
    rows: [
      {
        id: "P7",
        what: `VIP tier relaunch, ${fmt(recalculated)} members by amount spent`,
        measured: `${fmt(relaunchMs / 1000, 1)} s${projected(relaunchMs)}`,
        baseline: "—",
        ratio: "—",
        target: `≤ ${TARGET_RELAUNCH_S} s at 1M`,
        verdict: (relaunchMs * scale) / 1000 <= TARGET_RELAUNCH_S ? "PASS" : "FAIL",
      },
      {
        id: "P7",
        what: `VIP tier launch preview, ${fmt(Number(preview.members))} members`,
        measured: `${fmt(previewMs / 1000, 1)} s${projected(previewMs)}`,
        baseline: "—",
        ratio: "—",
        target: `≤ ${TARGET_PREVIEW_S} s at 1M`,
        verdict: (previewMs * scale) / 1000 <= TARGET_PREVIEW_S ? "PASS" : "FAIL",
      },
    ],
  };
}

/** Standalone: a fresh database and API (worker in process), this phase only, then everything dropped. */
async function main() {
  const size = Number(process.argv[2] ?? 20_000);
  await runStandalone("tiers", { workerInProcess: true }, async ({ base, db, admin }) => {
    const info = await serverInfo(admin);
    const r = await tierPhase({ base, db }, size);
    console.log(
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${fmt(totalmem() / 2 ** 30, 1)} GiB; ${info.version.split(",")[0]}`,
    );
    console.log(`loaded ${fmt(r.size)} members and their orders in ${fmt(r.loadMs / 1000, 1)} s`);
    console.log(table(r.rows));
  });
}

runIfEntryPoint(import.meta.url, main);
