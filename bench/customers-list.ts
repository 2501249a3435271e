/**
 * P8 / J-03 (issue 9): the admin customer list and its search at 1,000,000 customers in one shop,
 * p95 ≤ 150 ms. The customers are loaded with set-based SQL (generate_series), the table analysed,
 * then one client walks what merchants do: the first page of every tab in every sort, a few next
 * pages, and prefix searches on e-mails, names and phones, each request timed at the client on
 * the same machine (the API's own time plus a local round trip).
 *
 * Its customers have balances without ledger entries (a list fixture, not accounting), so in
 * `npm run bench` it runs after the ledger audit. Alone, on a fresh database and API:
 *   node --import tsx bench/customers-list.ts [customers]   (default 50,000; BENCH_KEEP_DB=1 keeps it)
 */

import type pg from "pg";
import { adminToken, httpJson, SHOP_ID } from "./laurel";
import { fmt, ms, type Row } from "./report";
import { runIfEntryPoint, runStandalone } from "./standalone";

const TARGET_P95_MS = 150;
const BATCH = 200_000;
const TABS = ["all", "member", "guest", "left", "b2b", "left_segment"];
const SORTS = ["newest", "oldest", "name", "points"];
const FIRST = ["Anna", "Ben", "Chloe", "David", "Emma", "Felix", "Grace", "Hugo", "Isla", "Jack"];
const SYLLABLES = ["ka", "ro", "vin", "mel", "tor", "sa", "li", "den", "por", "qu"];

/** Loads `size` customers into the bench shop (ids `bench_cus_<n>`), in batches, then ANALYZE. */
export async function loadCustomers(db: pg.Client, size: number): Promise<number> {
  const t0 = Date.now();
  const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;
  for (let from = 1; from <= size; from += BATCH) {
    const to = Math.min(size, from + BATCH - 1);
    // Last names: 1,000 made of three syllables; ~60 % have a phone; 70 % members, 25 % guests,
    // 5 % left (2 % excluded); 0.2 % B2B; created one second apart, newest last.
    await db.query(
      `insert into customers (shop_id, id, platform_customer_id, email, first_name, last_name, type,
         left_reason, phone, available_points, is_b2b, birth_month, birth_day, created_at, updated_at)
       select $1, 'bench_cus_' || g, (9000000000000 + g)::text,
         'user' || g || '@' || (array['gmail.com','yahoo.com','laurel.test','example.org'])[1 + h % 4],
         (${arr(FIRST)})[1 + (h / 7) % 10],
         initcap((${arr(SYLLABLES)})[1 + (h / 70) % 10] || (${arr(SYLLABLES)})[1 + (h / 700) % 10]
           || (${arr(SYLLABLES)})[1 + (h / 7000) % 10]),
         case when t < 5 then 'left' when t < 30 then 'guest' else 'member' end,
         case when t < 2 then 'excluded' when t < 5 then 'deleted' end,
         case when h % 5 < 3 then '+1 ' || (200 + h % 800) || ' 555 ' || lpad((g % 10000)::text, 4, '0') end,
         (h / 11) % 50000,
         h % 500 = 3,
         case when h % 3 = 0 then 1 + h % 12 end,
         case when h % 3 = 0 then 1 + h % 28 end,
         now() - make_interval(secs => $3 - g),
         now()
       from generate_series($2::bigint, $4::bigint) g,
         -- A multiplicative hash of g, so names, types and points are not correlated with each other.
         lateral (select (g * 2654435761) % 4294967296 as h) hash,
         lateral (select ((g * 40503) % 65536) * 100 / 65536 as t) kind`,
      [SHOP_ID, from, size, to],
    );
  }
  await db.query("analyze customers");
  return Date.now() - t0;
}

/** The requests of one round: first pages of every tab × sort, and searches. */
function firstRound(size: number): string[] {
  const paths: string[] = [];
  for (const tab of TABS) for (const sort of SORTS) paths.push(`tab=${tab}&sort=${sort}`);
  const n = (k: number) => 1 + ((k * 7919) % size);
  const searches = [
    `user${n(1)}@`, // one e-mail
    `user${String(n(2)).slice(0, 3)}`, // an e-mail prefix (many)
    "kar", // a last-name prefix
    "karovin",
    "anna", // a first name (100,000 of them at 1M)
    "emma kar", // full name prefix
    "+1 415 555", // a phone prefix
    `+1 ${200 + (n(3) % 800)} 555 ${String(n(3) % 10000).padStart(4, "0")}`, // one phone
    "zz-nobody", // nothing
    String(9000000000000 + n(4)), // a platform id
  ];
  for (const s of searches) {
    paths.push(`search=${encodeURIComponent(s)}`);
    paths.push(`search=${encodeURIComponent(s)}&sort=points&tab=member`);
  }
  return paths;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface CustomersListResult {
  size: number;
  loadMs: number;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  slowest: string;
  row: Row;
}

/** Loads `size` customers, then times the list as a merchant uses it (`rounds` × the request set). */
export async function customersListPhase(
  ctx: { base: string; db: pg.Client },
  size: number,
  rounds = 3,
): Promise<CustomersListResult> {
  const loadMs = await loadCustomers(ctx.db, size);
  const token = await adminToken(ctx.base);
  const headers = { "x-auth-token": token };
  const timings: { path: string; ms: number }[] = [];
  const get = async (path: string) => {
    const t0 = performance.now();
    const res = await httpJson(ctx.base, "GET", `/apiSa/customers?${path}`, { headers });
    const took = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`GET /apiSa/customers?${path}: ${res.status} ${res.text.slice(0, 200)}`);
    return { took, data: (res.json as { data: { nextCursor: string | null } }).data };
  };
  await get("tab=all"); // warm-up (connections, caches), not counted
  for (let r = 0; r < rounds; r++) {
    for (const path of firstRound(size)) timings.push({ path, ms: (await get(path)).took });
    // Next pages of the big lists: keyset, so page 6 costs what page 1 does.
    for (const sort of SORTS) {
      let cursor: string | null = null;
      for (let page = 0; page < 5; page++) {
        const path: string = `sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`;
        const { took, data } = await get(path);
        if (page > 0) timings.push({ path: `sort=${sort} (page ${page + 1})`, ms: took });
        cursor = data.nextCursor;
        if (!cursor) break;
      }
    }
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a), { path: "", ms: 0 });
  const max = slowest.ms;
  return {
    size,
    loadMs,
    samples: timings.length,
    p50,
    p95,
    max,
    slowest: `${slowest.path} ${ms(slowest.ms)}`,
    row: {
      id: "P8",
      what: `J-03 customers list/search p95 at ${fmt(size)} customers`,
      measured: `p95 ${ms(p95)} (p50 ${ms(p50)}, max ${ms(max)}, ${fmt(timings.length)} requests)`,
      baseline: "—",
      ratio: "—",
      target: `p95 ≤ ${TARGET_P95_MS} ms`,
      verdict: p95 <= TARGET_P95_MS ? "PASS" : "FAIL",
    },
  };
}

/** Standalone: a fresh database and API, this phase only, then everything dropped. */
async function main() {
  const size = Number(process.argv[2] ?? 50_000);
  await runStandalone("customers", { workerInProcess: false }, async ({ base, db }) => {
    const r = await customersListPhase({ base, db }, size);
    console.log(
      `loaded ${fmt(r.size)} customers in ${fmt(r.loadMs / 1000, 1)} s; ${r.row.measured}; slowest: ${r.slowest}; ` +
        `${r.row.verdict} (target ${r.row.target})`,
    );
  });
}

runIfEntryPoint(import.meta.url, main);
