/**
 * P9 / J-07 … J-12 (issue 9): a customer-points CSV imported end to end on PostgreSQL — uploaded
 * over HTTP (streamed, staged, checked, matched set-based), then applied by the import job — with
 * the API's peak memory above idle, and the same file imported again (it must add nothing).
 *
 * Baseline, same run, same machine: the same rows written by the plainest possible client path, a
 * multi-row INSERT of 1,000 rows per statement into an unlogged table (what moving N rows into
 * PostgreSQL costs at the least); the ratio says how many times that the whole import takes.
 *
 * Alone, on a fresh database and API (worker in process):
 *   node --import tsx bench/customers-import.ts [rows]   (default 20,000; 250,000 ≈ 25 MB is P9)
 */

import { readFileSync } from "node:fs";
import type pg from "pg";
import { loadCustomers } from "./customers-list";
import { adminToken, httpJson } from "./laurel";
import type { Child } from "./processes";
import { fmt, type Row } from "./report";
import { runIfEntryPoint, runStandalone } from "./standalone";

const TARGET_SECONDS = 30;
const TARGET_MEMORY_MB = 256;
const P9_ROWS = 250_000;

/** The process's resident memory now and its peak (high-water mark), in MB (Linux /proc). */
function memoryOf(child: Child): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.proc.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** A points file naming `rows` of the bench customers by e-mail (as customers-list loads them). */
function pointsFile(rows: number): Buffer {
  const domains = ["gmail.com", "yahoo.com", "laurel.test", "example.org"];
  const lines = ["Email,Points,Create Date"];
  for (let g = 1; g <= rows; g++) {
    const h = (g * 2654435761) % 4294967296;
    lines.push(`user${g}@${domains[h % 4]},${1 + (g % 5000)},2025-0${1 + (g % 9)}-1${g % 10}`);
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

/** Session tokens live a minute and a 25 MB import outlasts one: sign in again every 30 s. */
function tokenSource(base: string): () => Promise<string> {
  let token: Promise<string> | undefined;
  let at = 0;
  return () => {
    if (!token || performance.now() - at > 30_000) {
      token = adminToken(base);
      at = performance.now();
    }
    return token;
  };
}

async function importOnce(base: string, file: Buffer, name: string) {
  const token = tokenSource(base);
  const headers = { "x-auth-token": await token() };
  const t0 = performance.now();
  const up = await fetch(`${base}/apiSa/customers/imports?kind=points&mode=add&fileName=${name}`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body: file,
  });
  const uploaded = (await up.json()) as {
    data?: { import: { id: string; errorRows: number } };
    error?: string;
  };
  if (up.status !== 200 || !uploaded.data) throw new Error(`upload: ${up.status} ${uploaded.error}`);
  const checkedMs = performance.now() - t0;
  const id = uploaded.data.import.id;
  const refused = uploaded.data.import.errorRows;
  const start = await httpJson(base, "POST", `/apiSa/customers/imports/${id}/start`, {
    headers: { "x-auth-token": await token() },
  });
  if (start.status !== 200) throw new Error(`start: ${start.status} ${start.text.slice(0, 200)}`);
  for (;;) {
    const res = await httpJson(base, "GET", `/apiSa/customers/imports/${id}`, {
      headers: { "x-auth-token": await token() },
    });
    const imp = (
      res.json as { data: { status: string; changedRows: number; doneRows: number; error: string } }
    ).data;
    if (imp.status === "done" || imp.status === "failed") {
      if (imp.status === "failed") throw new Error(`import failed: ${imp.error}`);
      return { ms: performance.now() - t0, checkedMs, changed: imp.changedRows, done: imp.doneRows, refused };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The baseline: the same rows as multi-row INSERTs of 1,000 into an unlogged table. */
async function baselineInsert(db: pg.Client, rows: number): Promise<number> {
  await db.query("create unlogged table bench_import_baseline (line int, email text, points int, at text)");
  const t0 = performance.now();
  for (let from = 1; from <= rows; from += 1_000) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let g = from; g < Math.min(rows + 1, from + 1_000); g++) {
      const i = values.length;
      tuples.push(`($${i + 1}, $${i + 2}, $${i + 3}, $${i + 4})`);
      values.push(g, `user${g}@example.org`, 1 + (g % 5000), "2025-01-10");
    }
    await db.query(`insert into bench_import_baseline values ${tuples.join(",")}`, values);
  }
  const took = performance.now() - t0;
  await db.query("drop table bench_import_baseline");
  return took;
}

export interface CustomersImportResult {
  rows: number;
  bytes: number;
  row: Row;
  rerunChanged: number;
  checkedMs: number;
}

/** Loads `rows` customers, imports a file naming each of them, then the same file again. */
export async function customersImportPhase(
  ctx: { base: string; db: pg.Client; api: Child },
  rows: number,
): Promise<CustomersImportResult> {
  await loadCustomers(ctx.db, rows);
  const file = pointsFile(rows);
  const idle = memoryOf(ctx.api).rss;
  const first = await importOnce(ctx.base, file, "p9.csv");
  const peakAbove = memoryOf(ctx.api).peak - idle;
  // The bench shop's left customers (5 %) are refused, as they must be; every other row changes.
  if (first.changed !== rows - first.refused) {
    throw new Error(`changed ${first.changed} of ${rows - first.refused} good rows`);
  }
  const again = await importOnce(ctx.base, file, "p9-again.csv");
  const baselineMs = await baselineInsert(ctx.db, rows);
  const seconds = first.ms / 1000;
  const ok = seconds <= TARGET_SECONDS && peakAbove <= TARGET_MEMORY_MB && again.changed === 0;
  // P9's target is for a 25 MB file (~250,000 rows); a smaller run prints its linear projection.
  const full = file.length >= 25 * 1_000_000;
  const projected = full ? "" : `, ≈ ${fmt((seconds * P9_ROWS) / rows)} s at ${fmt(P9_ROWS)} rows (linear)`;
  return {
    rows,
    bytes: file.length,
    rerunChanged: again.changed,
    checkedMs: first.checkedMs,
    row: {
      id: "P9",
      what: `customer import, ${fmt(rows)} rows (${fmt(file.length / 1_048_576, 1)} MB), re-run adds nothing`,
      measured: `${fmt(seconds, 1)} s (checked in ${fmt(first.checkedMs / 1000, 1)} s; ${fmt(first.refused)} left customers refused), peak +${fmt(peakAbove)} MB, re-run changed ${again.changed}${projected}`,
      baseline: `plain INSERT of the rows ${fmt(baselineMs / 1000, 2)} s`,
      ratio: `${fmt(first.ms / baselineMs, 1)} ×`,
      target: `≤ ${TARGET_SECONDS} s, ≤ ${TARGET_MEMORY_MB} MB, re-run 0`,
      verdict: !full ? "N/A" : ok ? "PASS" : "FAIL",
    },
  };
}

/** Standalone: a fresh database and API (worker in process), this phase only, then dropped. */
async function main() {
  const rows = Number(process.argv[2] ?? 20_000);
  await runStandalone("import", { workerInProcess: true }, async ({ base, db, api }) => {
    const r = await customersImportPhase({ base, db, api }, rows);
    console.log(
      `${r.row.id} ${r.row.what}: ${r.row.measured}; baseline ${r.row.baseline}; ratio ${r.row.ratio}; ` +
        `${r.row.verdict} (target ${r.row.target})`,
    );
  });
}

runIfEntryPoint(import.meta.url, main);
