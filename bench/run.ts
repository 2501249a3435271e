/**
 * `npm run bench`: DESIGN §9's P1, P2, P3 and P5 on PostgreSQL, each printed beside the
 * same-machine baseline it is compared with (pgbench TPC-B, Fastify hello world), in one run.
 *
 * The API runs as a child process (`apps/api/src/main.ts`, its own event loop); autocannon drives
 * it from this process. Databases are created fresh and dropped at the end, whatever happens.
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/laurel_bench),
 * PGBENCH (path to pgbench), BENCH_QUICK=1 (3-second phases: a smoke test, not a measurement),
 * BENCH_WAIT_IDLE=<seconds> (on a shared machine, first wait up to that long for 5 quiet seconds),
 * BENCH_KEEP_DB=1 (keep the API's database afterwards, to inspect it), BENCH_BACKLOG (P11's size),
 * BENCH_WORKERS (P11's worker processes), BENCH_CPU_PROF=1 (CPU profiles of the API and workers),
 * BENCH_BACKTEST_ORDERS (P12's stored orders, default 100,000).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@laurel/db";
import pg from "pg";
import { loadConfig } from "../apps/api/src/infra/env";
import { auditLedger } from "../apps/api/src/modules/ledger/ledger.service";
import { analyticsPhase } from "./analytics";
import { type CpuProfile, startCpuMeter } from "./cpu";
import { customersListPhase } from "./customers-list";
import { joinMembers, SHOP_ID } from "./laurel";
import { runLoad } from "./load";
import { startWorkerProcess } from "./pipeline";
import {
  connectAdmin,
  DEFAULT_BENCH_DATABASE_URL,
  dropDatabase,
  findPgbench,
  type PgbenchResult,
  parseTarget,
  recreateDatabase,
  runPgbench,
  serverInfo,
  type WaitProfile,
  withDatabase,
} from "./postgres";
import { type Child, freePort, ROOT, serverNodeFlags, startNode, stopChild, waitForHttp } from "./processes";
import { backtestPhase } from "./program-backtest";
import { HOT_GRANT, hotCustomerPhase, PROXY_LIMIT_PER_MINUTE, proxyCustomerPhase } from "./proxy";
import { counts, fmt, loadLine, ms, observedLines, type Row, table, type Verdict } from "./report";
import { runBacklogPhase, runWebhookPhases, WEBHOOK_TARGETS, webhookRows } from "./webhook-run";
import type { BenchContext } from "./webhooks";

const QUICK = process.env.BENCH_QUICK === "1";
const secs = (s: number) => (QUICK ? Math.min(s, 3) : s);

const PLAN = {
  pgbench: { scale: 8, clients: 8, threads: 2, seconds: secs(15) },
  hello: { connections: 50, seconds: secs(10) },
  members: 1_000,
  p1: { connections: 50, seconds: secs(15), pregenerate: QUICK ? 4_000 : 24_000 },
  p2: { connections: 50, seconds: secs(15), rate: 1_000, pregenerate: QUICK ? 4_000 : 16_000 },
  p11: {
    size: Number(process.env.BENCH_BACKLOG ?? (QUICK ? 20_000 : 1_000_000)),
    workers: Number(process.env.BENCH_WORKERS ?? 1),
    timeoutMs: 20 * 60_000,
  },
  p3: { connections: 16, seconds: secs(10) },
  p5: { connections: 50, seconds: secs(10), rate: 2_000 },
};

const TARGETS = {
  ...WEBHOOK_TARGETS,
  p3Ratio: 0.5,
  p5Ratio: 0.3,
  p5P99Ms: 10,
};

/** Shoppers: digits only (Shopify customer ids). The hot customer is not one of the members. */
const memberId = (i: number) => String(8_100_000_000_000 + i);
const HOT_SHOPPER = "8200000000001";

const cleanups: { name: string; run: () => Promise<void> }[] = [];
let cleaned = false;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const c of cleanups.reverse()) {
    try {
      await c.run();
    } catch (error) {
      console.error(`cleanup "${c.name}" failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping children and dropping the benchmark databases…`);
    void cleanup().finally(() => process.exit(130));
  });
}

const log = (s = "") => console.log(s);
const step = (s: string) => console.log(`\n── ${s}`);
const observed = (w: WaitProfile, cpu: CpuProfile | null) => {
  for (const line of observedLines(w, cpu)) log(line);
};

/** One second of machine CPU, and sessions of other databases: is anyone else using the machine? */
async function machineIdleCheck(admin: pg.Client) {
  const stop = await startCpuMeter(undefined, null);
  await new Promise((r) => setTimeout(r, 1_000));
  const cpu = await stop();
  const r = await admin.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity
      where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return { busyCores: cpu?.machineCores ?? 0, foreignSessions: Number(r.rows[0]?.n ?? 0) };
}

const isIdle = (i: { busyCores: number; foreignSessions: number }, cpuCount: number) =>
  i.busyCores <= 0.25 * cpuCount && i.foreignSessions === 0;

async function main(): Promise<void> {
  const startedAt = Date.now();
  const target = parseTarget(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const scratch = withDatabase(target, `${target.name}_pgbench`);

  const admin = await connectAdmin(target);
  cleanups.push({ name: "close admin connection", run: () => admin.end() });
  const pgInfo = await serverInfo(admin);
  const cpuList = cpus();
  const machine = {
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? "?",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: pgInfo.version,
    postgresSettings: pgInfo.settings,
    apiPoolSize: 0,
  };
  log(
    `Laurel benchmarks${QUICK ? " — BENCH_QUICK=1: 3-second phases, a smoke test, NOT a measurement" : ""}`,
  );
  log(`machine:  ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, node ${machine.node}`);
  log(`postgres: ${machine.postgres}`);
  log(
    `          ${Object.entries(machine.postgresSettings)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ")}`,
  );
  log(`database: ${target.url.replace(/:[^:@/]*@/, ":***@")} (created fresh, dropped at the end)`);
  log("load:     autocannon in this process; the API and the baselines each in their own process");
  const waitIdle = Number(process.env.BENCH_WAIT_IDLE ?? 0);
  let idle = await machineIdleCheck(admin);
  if (waitIdle > 0 && !isIdle(idle, machine.cpus)) {
    log(`waiting up to ${waitIdle} s for the machine to go quiet (BENCH_WAIT_IDLE)…`);
    const until = Date.now() + waitIdle * 1000;
    let quietInARow = 0;
    while (Date.now() < until && quietInARow < 5) {
      idle = await machineIdleCheck(admin);
      quietInARow = isIdle(idle, machine.cpus) ? quietInARow + 1 : 0;
    }
  }
  log(
    `idle?:    ${fmt(idle.busyCores, 2)} of ${machine.cpus} cores busy over 1 s before starting, load average ` +
      `${loadavg()
        .map((x) => fmt(x, 2))
        .join(" ")}, ${idle.foreignSessions} active PostgreSQL sessions`,
  );
  if (!isIdle(idle, machine.cpus)) {
    log("!!! THE MACHINE IS NOT IDLE: something else is using the CPUs or PostgreSQL. Every figure below is");
    log(
      "!!! depressed by it (see each phase's `everything else` CPU); rerun on a quiet machine for a verdict.",
    );
  }

  // ── Baseline 1: pgbench TPC-B, before anything else runs.
  step(
    `Baseline: pgbench TPC-B (-i -s ${PLAN.pgbench.scale}; -c ${PLAN.pgbench.clients} -j ${PLAN.pgbench.threads} -T ${PLAN.pgbench.seconds})`,
  );
  const pgbenchBin = findPgbench();
  const stopPgbenchCpu = await startCpuMeter(undefined, null);
  let pgbench: PgbenchResult | null = null;
  if (!pgbenchBin) {
    log("!!! pgbench NOT FOUND (PATH, PGBENCH, /usr/lib/postgresql/*/bin): P1 and P3 have NO BASELINE and");
    log("!!! are reported as N/A. Install postgresql-client (pgbench) to measure them.");
  } else {
    await recreateDatabase(admin, scratch.name);
    cleanups.push({ name: `drop ${scratch.name}`, run: () => dropDatabase(admin, scratch.name) });
    pgbench = await runPgbench(pgbenchBin, scratch, PLAN.pgbench);
    await dropDatabase(admin, scratch.name);
    const cpu = await stopPgbenchCpu();
    log(
      `${pgbenchBin}: tps = ${fmt(pgbench.tps, 1)} (${fmt(pgbench.transactions ?? 0)} transactions, ` +
        `latency average ${ms(pgbench.latencyMs ?? Number.NaN)})`,
    );
    if (cpu)
      log(
        `  cpu: ${fmt(cpu.machineCores, 2)} of ${machine.cpus} cores busy (pgbench, PostgreSQL, anything else)`,
      );
  }

  // ── Baseline 2: Fastify hello world.
  step(
    `Baseline: Fastify hello world (GET / → {"hello":"world"}), ${PLAN.hello.connections} connections, ${PLAN.hello.seconds} s`,
  );
  const helloPort = await freePort();
  const hello = startNode("hello-world", ["--import", "tsx", "bench/hello-world.ts"], {
    PORT: String(helloPort),
  });
  cleanups.push({ name: "stop hello world", run: () => stopChild(hello) });
  await waitForHttp(`http://127.0.0.1:${helloPort}/`, hello);
  const stopHelloCpu = await startCpuMeter(hello.proc.pid, null);
  const helloLoad = await runLoad({
    url: `http://127.0.0.1:${helloPort}/`,
    connections: PLAN.hello.connections,
    duration: PLAN.hello.seconds,
  });
  const helloCpu = await stopHelloCpu();
  await stopChild(hello);
  log(loadLine(helloLoad));
  if (helloCpu) {
    log(
      `  cpu: ${fmt(helloCpu.machineCores, 2)} of ${machine.cpus} cores busy = server ${fmt(helloCpu.apiCores, 2)} + ` +
        `load generator ${fmt(helloCpu.benchCores, 2)} + everything else ${fmt(helloCpu.otherCores, 2)}`,
    );
  }

  // ── The API on a fresh database.
  step("Starting the API (node --import tsx apps/api/src/main.ts) on a fresh PostgreSQL database");
  await recreateDatabase(admin, target.name);
  const keep = process.env.BENCH_KEEP_DB === "1";
  cleanups.push({
    name: `drop ${target.name}`,
    run: async () => {
      if (keep) log(`BENCH_KEEP_DB=1: kept ${target.name} for inspection (drop it yourself).`);
      else await dropDatabase(admin, target.name);
    },
  });
  const apiPort = await freePort();
  const secret = `bench-${randomBytes(12).toString("hex")}`;
  const apiEnv = {
    PORT: String(apiPort),
    HOST: "127.0.0.1",
    DATABASE_URL: target.url,
    SHOPIFY_API_SECRET: secret,
    LOG_LEVEL: "warn",
    // Intake alone in the API; webhooks are applied by worker processes the bench starts.
    WORKER_IN_PROCESS: "0",
    PLATFORM: "demo",
    SEED_DEMO: "1",
    // The storefront limit guards shoppers, not capacity: raised so one hot customer (P3) and
    // the P5 load measure the server, not the limiter.
    PROXY_RATE_LIMIT: String(PROXY_LIMIT_PER_MINUTE),
  };
  // What the API will make of this environment (its pool size, for the report).
  machine.apiPoolSize = loadConfig({ ...process.env, ...apiEnv }).databasePoolSize;
  const api: Child = startNode(
    "api",
    [...serverNodeFlags(), "--import", "tsx", "apps/api/src/main.ts"],
    apiEnv,
  );
  cleanups.push({ name: "stop api", run: () => stopChild(api) });
  const base = `http://127.0.0.1:${apiPort}`;
  const t0 = Date.now();
  await waitForHttp(`${base}/health`, api, 120_000);
  log(
    `healthy after ${fmt((Date.now() - t0) / 1000, 1)} s on ${base} (pool ${machine.apiPoolSize}, WORKER_IN_PROCESS=0: no worker yet)`,
  );

  const db = new pg.Client({ connectionString: target.url, application_name: "laurel-bench" });
  await db.connect();
  cleanups.push({ name: "close bench connection", run: () => db.end() });
  const sampler = new pg.Client({ connectionString: target.url, application_name: "laurel-bench-sampler" });
  await sampler.connect();
  cleanups.push({ name: "close sampler connection", run: () => sampler.end() });

  // The seeded demo shop is on the free (Starter) plan, which stops rewarding after 150 orders a
  // cycle (X-05) and would turn P1 into "log only" after the first 150. No API changes a plan, so
  // the fixture puts the shop on a paid plan directly.
  await db.query("update shops set plan = 'enterprise_2025' where id = $1", [SHOP_ID]);

  const members = Array.from({ length: PLAN.members }, (_, i) => memberId(i));
  const tj = Date.now();
  await joinMembers(base, secret, [...members, HOT_SHOPPER]);
  log(
    `${fmt(members.length + 1)} members joined through POST /proxy/join in ${fmt((Date.now() - tj) / 1000, 1)} s; ` +
      "shop plan set to enterprise_2025 (fixture)",
  );
  const running: Child[] = [];
  const ctx: BenchContext = {
    base,
    secret,
    db,
    sampler,
    dbName: target.name,
    apiPid: api.proc.pid,
    workerPids: () => running.filter((w) => !w.hasExited()).flatMap((w) => (w.proc.pid ? [w.proc.pid] : [])),
    members,
  };

  // ── P1 intake, then a worker; P1 end to end and P2 with it.
  const workerEnv = { ...apiEnv, SEED_DEMO: "0" };
  const track = (w: Child) => {
    running.push(w);
    cleanups.push({ name: `stop ${w.name}`, run: () => stopChild(w) });
  };
  const startWorker = async () => {
    const w = await startWorkerProcess(`worker-${running.length + 1}`, workerEnv);
    track(w);
    return w;
  };
  const hooks = await runWebhookPhases(ctx, PLAN, startWorker);

  // ── P3: one hot customer.
  step(`P3: POST /proxy/redeem for ONE customer, ${PLAN.p3.connections} connections, ${PLAN.p3.seconds} s`);
  const p3 = await hotCustomerPhase(ctx, {
    shopper: HOT_SHOPPER,
    connections: PLAN.p3.connections,
    seconds: PLAN.p3.seconds,
  });
  const p3Limited = p3.rateLimited > 0;
  log(loadLine(p3.load));
  log(
    `redeemed ${fmt(p3.redeemed)} (${fmt(p3.redeemedPerSecond)} /s over the run), 429 ${fmt(p3.rateLimited)}, ` +
      `other: ${counts(p3.otherAnswers)}${p3.stoppedByLimiter ? "; stopped early: the limiter answered" : ""}`,
  );
  if (p3Limited) {
    log(
      `!!! P3 NOT MEASURABLE: the storefront limit (${PROXY_LIMIT_PER_MINUTE} calls a minute per shop and shopper, ` +
        "storefront.routes.ts) has no setting, and a hot customer is one shopper.",
    );
    log(
      `!!! Before it engaged: ${fmt(p3.burst?.redeemed ?? 0)} redemptions in ${fmt(p3.burst?.seconds ?? 0, 2)} s ` +
        `= ${fmt(p3.burst?.perSecond ?? 0)} /s with ${PLAN.p3.connections} clients (too few samples for a verdict).`,
    );
  }
  log(
    `check: granted ${fmt(HOT_GRANT)} via POST /apiSa/customers/:id/points; balance ${fmt(p3.check.balanceBefore)} → ` +
      `${fmt(p3.check.balanceAfter)}; spent ${fmt(p3.check.spent)} = ${fmt(p3.check.pointsPerCoupon ?? Number.NaN)} × ` +
      `${fmt(p3.check.coupons)} coupons; holds ${counts(p3.check.holds)}; lowest running balance ` +
      `${fmt(p3.check.minRunningBalance)} → ${p3.check.intact ? "INTACT" : `BROKEN: ${p3.check.problems.join("; ")}`}`,
  );
  observed(p3.waits, p3.cpu);

  // ── P5: storefront read, on its own: the worker stops first. Left running, it would be sending the
  // e-mails of P1's and P2's tens of thousands of orders during P5 (PostgreSQL 0.8–1.0 cores busy in
  // the run that found it), which is a measure of the mail queue, not of the storefront read.
  await Promise.all(running.map((w) => stopChild(w)));
  step(
    `P5: GET /proxy/customer, ${fmt(members.length)} members round-robin, ${PLAN.p5.connections} connections`,
  );
  log(
    `PROXY_RATE_LIMIT=${fmt(PROXY_LIMIT_PER_MINUTE)} for this run; the load is spread over ` +
      `${fmt(members.length)} signed-in members, as a real storefront's is.`,
  );
  const p5 = await proxyCustomerPhase(ctx, { connections: PLAN.p5.connections, seconds: PLAN.p5.seconds });
  log(
    `max rate, ${PLAN.p5.seconds} s: ${loadLine(p5.load)}; 429 ${p5.rateLimited}; other ${counts(p5.otherAnswers)}`,
  );
  observed(p5.waits, p5.cpu);
  const p5fixed = await proxyCustomerPhase(ctx, {
    connections: PLAN.p5.connections,
    seconds: PLAN.p5.seconds,
    overallRate: PLAN.p5.rate,
  });
  log(
    `fixed ${fmt(PLAN.p5.rate)}/s, ${PLAN.p5.seconds} s: ${loadLine(p5fixed.load)}; 429 ${p5fixed.rateLimited}; ` +
      `other ${counts(p5fixed.otherAnswers)}`,
  );
  observed(p5fixed.waits, p5fixed.cpu);

  // ── P11: (the worker stopped before P5) a recorded backlog; fresh workers drain it.
  const p11 = await runBacklogPhase(ctx, PLAN.p11, workerEnv, track);

  // ── The whole ledger after everything.
  step("Ledger audit (auditLedger: every cached balance = sum of its entries, every hold consistent)");
  const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
  let audit: { balanceMismatches: number; holdMismatches: number };
  try {
    const report = await auditLedger(database.db);
    audit = {
      balanceMismatches: report.balanceMismatches.length,
      holdMismatches: report.holdMismatches.length,
    };
  } finally {
    await database.close();
  }
  const totals = (
    await db.query<{ c: string; e: string }>(
      "select (select count(*) from customers) as c, (select count(*) from ledger_entries) as e",
    )
  ).rows[0];
  log(
    `${fmt(Number(totals?.c ?? 0))} customers, ${fmt(Number(totals?.e ?? 0))} ledger entries: ` +
      `${audit.balanceMismatches} balance mismatches, ${audit.holdMismatches} hold mismatches`,
  );
  const apiProblems = api.problemLines();
  log(
    `API warnings/errors logged during the run: ${apiProblems.length}` +
      (apiProblems.length ? `, e.g.\n  ${apiProblems.slice(0, 3).join("\n  ")}` : ""),
  );

  // ── Summary.
  const verdict = (ok: boolean, measurable = true): Verdict => (!measurable ? "N/A" : ok ? "PASS" : "FAIL");
  // After the ledger audit: P8's customers carry balances without entries (a list fixture).
  step("P8: J-03 customers list and search (one client, first pages, next pages, prefix searches)");
  const p8 = await customersListPhase(
    ctx,
    Number(process.env.BENCH_CUSTOMERS ?? (QUICK ? 50_000 : 1_000_000)),
  );
  log(
    `${fmt(p8.size)} customers loaded in ${fmt(p8.loadMs / 1000, 1)} s; ${p8.row.measured}; slowest ${p8.slowest}`,
  );
  // ── P12: a program backtest over 100,000 stored orders (issue 14, decision 0123), run by a worker
  // process of its own (P11 stops its workers, and the API runs none: without one the job waits).
  const p12Worker = await startWorker();
  const p12 = await backtestPhase(
    ctx,
    Number(process.env.BENCH_BACKTEST_ORDERS ?? (QUICK ? 20_000 : 100_000)),
  );
  await stopChild(p12Worker);
  log(`${fmt(p12.size)} orders loaded in ${fmt(p12.loadMs / 1000, 1)} s; ${p12.row.measured}`);

  // P10 (issue 13): its entries are a fixture too (no balances), so it also runs after the audit.
  step("P10: analytics over a large ledger (rollups rebuilt from scratch, then every page × range)");
  const p10 = await analyticsPhase(
    ctx,
    Number(process.env.BENCH_LEDGER_ENTRIES ?? (QUICK ? 200_000 : 10_000_000)),
    Number(process.env.BENCH_ANALYTICS_CUSTOMERS ?? (QUICK ? 20_000 : 1_000_000)),
  );
  log(p10.summary);
  const tps = pgbench?.tps ?? Number.NaN;
  const p3Ratio = p3.redeemedPerSecond / tps;
  const p5Ratio = p5.load.okPerSecond / helloLoad.okPerSecond;
  const p5Reached = p5fixed.load.okPerSecond >= 0.95 * PLAN.p5.rate;
  const rows: Row[] = [
    ...webhookRows(hooks, p11, PLAN, pgbench ? tps : null),
    {
      id: "P3",
      what: `redemptions, one hot customer, ${PLAN.p3.connections} clients`,
      measured: p3Limited
        ? `rate-limited (${PROXY_LIMIT_PER_MINUTE}/min/shopper); ${fmt(p3.redeemed)} ok, invariant ${p3.check.intact ? "intact" : "BROKEN"}`
        : `${fmt(p3.redeemedPerSecond)} redemptions/s (p99 ${ms(p3.load.latencyMs.p99)})`,
      baseline: pgbench ? `pgbench TPC-B ${fmt(tps)} TPS` : "pgbench missing",
      ratio: pgbench && !p3Limited ? `${fmt(p3Ratio, 2)} ×` : "n/a",
      target: `≥ ${TARGETS.p3Ratio} × TPS, invariant intact`,
      // A broken invariant fails whatever the rate; an unmeasurable rate is N/A, never a pass.
      verdict: !p3.check.intact
        ? "FAIL"
        : verdict(p3Ratio >= TARGETS.p3Ratio, pgbench !== null && !p3Limited),
    },
    {
      id: "P5",
      what: "GET /proxy/customer throughput",
      measured: `${fmt(p5.load.okPerSecond)} req/s (p99 ${ms(p5.load.latencyMs.p99)})`,
      baseline: `hello world ${fmt(helloLoad.okPerSecond)} req/s (p99 ${ms(helloLoad.latencyMs.p99)})`,
      ratio: `${fmt(p5Ratio, 2)} ×`,
      target: `≥ ${TARGETS.p5Ratio} × hello world`,
      verdict: verdict(p5Ratio >= TARGETS.p5Ratio && p5.rateLimited === 0),
    },
    {
      id: "P5",
      what: `GET /proxy/customer latency at ${fmt(PLAN.p5.rate)} req/s`,
      measured: `p99 ${ms(p5fixed.load.latencyMs.p99)} (p50 ${ms(p5fixed.load.latencyMs.p50)}) at ${fmt(p5fixed.load.okPerSecond)}/s`,
      baseline: "—",
      ratio: "—",
      target: `p99 ≤ ${TARGETS.p5P99Ms} ms, rate held`,
      verdict: verdict(
        p5fixed.load.latencyMs.p99 <= TARGETS.p5P99Ms && p5Reached && p5fixed.rateLimited === 0,
      ),
    },
  ];
  rows.push(p8.row, p12.row, ...p10.rows);
  step(
    `Summary (${QUICK ? "BENCH_QUICK: not a measurement" : "one run"}, ${fmt((Date.now() - startedAt) / 1000)} s)`,
  );
  log(table(rows));
  log(
    `correctness: P1 intake ${hooks.intake.durable.exact ? "durable" : "MISMATCH"}, ledger ${hooks.intakeLedger.exact ? "exact" : "MISMATCH"}; ` +
      `P1 end to end ledger ${hooks.e2e.ledger.exact ? "exact" : "MISMATCH"} (${fmt(hooks.e2e.ledger.earned)} earn entries, ` +
      `${hooks.e2e.ledger.doubleCredits} double credits); P2 ledger ${hooks.p2.ledger.exact ? "exact" : "MISMATCH"}; ` +
      `P11 ledger ${p11.ledger.exact ? "exact" : "MISMATCH"}; P3 invariant ` +
      `${p3.check.intact ? "intact" : "BROKEN"}; ledger audit ${audit.balanceMismatches + audit.holdMismatches} mismatches`,
  );
  const phaseCpu: [string, CpuProfile | null][] = [
    ["hello world", helloCpu],
    ["P1 intake", hooks.intake.cpu],
    ["P1 end to end", hooks.e2e.intake.cpu],
    ["P2", hooks.p2.intake.cpu],
    ["P11", p11.cpu],
    ["P3", p3.cpu],
    ["P5", p5.cpu],
    ["P5 fixed", p5fixed.cpu],
  ];
  const shared = phaseCpu.filter(
    (x): x is [string, CpuProfile] => x[1] !== null && x[1].otherCores > 0.25 * machine.cpus,
  );
  if (shared.length > 0) {
    log(
      `!!! NOT A CLEAN RUN: other work took over ${0.25 * machine.cpus} cores during ` +
        `${shared.map(([name, c]) => `${name} (${fmt(c.otherCores, 2)})`).join(", ")}; ` +
        "those figures are depressed. Rerun on a quiet machine (BENCH_WAIT_IDLE helps).",
    );
  }
  log(
    `machine: ${machine.cpus} CPUs, node ${machine.node}, ${machine.postgres.split(" on ")[0]}; load generator, API ` +
      "and PostgreSQL share these CPUs (as pgbench and its server do).",
  );

  const outDir = join(ROOT, ".tmp");
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, "bench-results.json");
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        quick: QUICK,
        machine,
        plan: PLAN,
        targets: TARGETS,
        idleCheck: idle,
        baselines: { pgbench, helloWorld: helloLoad, helloWorldCpu: helloCpu },
        p1: { intake: hooks.intake, intakeDrainSeconds: hooks.intakeDrainSeconds, endToEnd: hooks.e2e },
        p2: hooks.p2,
        p11,
        p3,
        p5: { max: p5, fixed: p5fixed },
        audit,
        apiProblemLines: apiProblems.slice(0, 50),
        summary: rows,
        sharedMachine: shared.map(([name, c]) => ({ phase: name, otherCores: c.otherCores })),
      },
      // The phases' order id lists are for the checks, not the record.
      (key, value) => (key === "orderIds" ? undefined : value),
      2,
    )}\n`,
  );
  log(`results: ${outFile}`);
  if (audit.balanceMismatches + audit.holdMismatches > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  // After SIGINT the cleanup closes what main() was using; its errors are not news.
  if (!cleaned) console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
