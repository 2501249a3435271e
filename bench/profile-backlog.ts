/**
 * `npx node --import tsx bench/profile-backlog.ts`: where P11's time goes. On a fresh bench
 * database: the API migrates and seeds, 1,000 members join, the API stops; then a backlog of
 * BENCH_BACKLOG (default 50,000) recorded `orders/paid` deliveries is drained by BENCH_WORKERS
 * (default 1) worker processes under `node --cpu-prof`, and the worker's profile is summarised
 * by area, beside the CPU the workers and PostgreSQL used. Profiles stay in `.tmp/cpu-prof/`.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { summarizeProfile } from "./cpu-profile";
import { joinMembers, SHOP_ID } from "./laurel";
import { backlogPhase } from "./pipeline";
import {
  connectAdmin,
  DEFAULT_BENCH_DATABASE_URL,
  dropDatabase,
  parseTarget,
  recreateDatabase,
} from "./postgres";
import { type Child, freePort, ROOT, startNode, stopChild, waitForHttp } from "./processes";
import { fmt, observedLines } from "./report";

const target = parseTarget(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
const admin = await connectAdmin(target);
const profDir = join(ROOT, ".tmp", "cpu-prof");
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });
process.env.BENCH_CPU_PROF = "1";
await recreateDatabase(admin, target.name);
const port = await freePort();
const secret = `bench-${randomBytes(12).toString("hex")}`;
const env = {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: target.url,
  SHOPIFY_API_SECRET: secret,
  LOG_LEVEL: "warn",
  WORKER_IN_PROCESS: "0",
  PLATFORM: "demo",
  SEED_DEMO: "1",
};
const api = startNode("api", ["--import", "tsx", "apps/api/src/main.ts"], env);
const workers: Child[] = [];
const db = new pg.Client({ connectionString: target.url, application_name: "laurel-bench" });
const sampler = new pg.Client({ connectionString: target.url, application_name: "laurel-bench-sampler" });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health`, api, 120_000);
  await db.connect();
  await sampler.connect();
  await db.query("update shops set plan = 'enterprise_2025' where id = $1", [SHOP_ID]);
  const members = Array.from({ length: 1_000 }, (_, i) => String(8_100_000_000_000 + i));
  await joinMembers(base, secret, members);
  await stopChild(api, 15_000);
  const ctx = {
    base,
    secret,
    db,
    sampler,
    dbName: target.name,
    apiPid: undefined,
    workerPids: () => workers.flatMap((w) => (w.proc.pid ? [w.proc.pid] : [])),
    members,
  };
  const before = await tableWrites(db);
  const r = await backlogPhase(
    ctx,
    {
      size: Number(process.env.BENCH_BACKLOG ?? 50_000),
      workers: Number(process.env.BENCH_WORKERS ?? 1),
      workerEnv: { ...env, SEED_DEMO: "0" },
      timeoutMs: 20 * 60_000,
    },
    (w) => workers.push(w),
  );
  console.log(
    `backlog of ${fmt(r.size)}: inserted in ${fmt(r.insertSeconds, 1)} s, workers up after ${fmt(r.bootSeconds, 1)} s, ` +
      `drained in ${r.drainSeconds === null ? "—" : fmt(r.drainSeconds, 1)} s → ${fmt(r.drainedPerSecond)} /s; ` +
      `${fmt(r.walBytesPerDelivery)} bytes of WAL per delivery; ledger ${r.ledger.exact && r.failed === 0 ? "EXACT" : "MISMATCH"}`,
  );
  for (const line of observedLines(null, r.cpu)) console.log(line);
  console.log(`WAL of the drain: ${r.walRange.join(" … ")} (pg_waldump --stats=record -s … -e …)`);
  // Row writes per delivery by table (the backlog's own inserts included): what the WAL is made of.
  await new Promise((done) => setTimeout(done, 1_500)); // statistics reach the views within a second
  const after = await tableWrites(db);
  console.log("row writes per delivery (inserts / updates, of which HOT / deletes; indexes):");
  for (const [table, a] of [...after].sort((x, y) => y[1].total - x[1].total)) {
    const b = before.get(table) ?? { ins: 0, upd: 0, hot: 0, del: 0, total: 0, indexes: a.indexes };
    const per = (n: number) => fmt(n / r.size, 2);
    if (a.total - b.total === 0) continue;
    console.log(
      `  ${table.padEnd(28)} ${per(a.ins - b.ins)} / ${per(a.upd - b.upd)}, HOT ${per(a.hot - b.hot)} / ${per(a.del - b.del)}; ${a.indexes} indexes`,
    );
  }
  // QLOG=1 (a local aid in packages/db): the workers' last statement-time summary.
  for (const w of workers) {
    const last = w
      .tail()
      .split("\n")
      .findLast((l) => l.startsWith("QLOG "));
    if (last) for (const [ms, n, q] of JSON.parse(last.slice(5))) console.log(`${ms} ms ${n}× ${q}`);
  }
} finally {
  await Promise.all(workers.map((w) => stopChild(w, 60_000))); // pg-boss drains before exit; the profile is written then
  if (!api.hasExited()) await stopChild(api, 15_000);
  await db.end();
  await sampler.end();
  await dropDatabase(admin, target.name);
  await admin.end();
}
/** Cumulative row writes per table of the bench database, and each table's index count. */
async function tableWrites(client: pg.Client) {
  await client.query("select pg_stat_clear_snapshot()");
  const rows = await client.query<{
    relname: string;
    ins: string;
    upd: string;
    hot: string;
    del: string;
    indexes: string;
  }>(
    `select t.relname, t.n_tup_ins as ins, t.n_tup_upd as upd, t.n_tup_hot_upd as hot, t.n_tup_del as del,
       (select count(*) from pg_index i where i.indrelid = t.relid) as indexes
     from pg_stat_user_tables t`,
  );
  return new Map(
    rows.rows.map((x) => {
      const [ins, upd, hot, del] = [x.ins, x.upd, x.hot, x.del].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      return [x.relname, { ins, upd, hot, del, total: ins + upd + del, indexes: Number(x.indexes) }];
    }),
  );
}

for (const file of readdirSync(profDir).filter((f) => f.endsWith(".cpuprofile"))) {
  console.log(`\n── ${file}`);
  summarizeProfile(join(profDir, file));
}
