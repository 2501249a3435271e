/**
 * `npx node --import tsx bench/profile-proxy.ts` (the repository's Node): where P5's time goes.
 * Runs the API under `node --cpu-prof` on a fresh bench database, joins members, drives
 * `GET /proxy/customer` at a fixed rate (BENCH_P5_RATE, default 2,000/s, for BENCH_P5_SECONDS,
 * default 10), stops the API and prints the self time of the profile by area (signature check,
 * shop context, query and driver, JSON, logging, HTTP, GC, …) and the top functions. The profile
 * is kept in `.tmp/cpu-prof/` for a closer look (Chrome DevTools, speedscope).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { summarizeProfile } from "./cpu-profile";
import { joinMembers } from "./laurel";
import {
  connectAdmin,
  DEFAULT_BENCH_DATABASE_URL,
  dropDatabase,
  parseTarget,
  recreateDatabase,
} from "./postgres";
import { freePort, ROOT, startNode, stopChild, waitForHttp } from "./processes";
import { PROXY_LIMIT_PER_MINUTE, proxyCustomerPhase } from "./proxy";
import { fmt, loadLine } from "./report";

const target = parseTarget(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
const admin = await connectAdmin(target);
const profDir = join(ROOT, ".tmp", "cpu-prof");
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });
await recreateDatabase(admin, target.name);
const port = await freePort();
const secret = `bench-${randomBytes(12).toString("hex")}`;
const api = startNode(
  "api",
  ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "--import", "tsx", "apps/api/src/main.ts"],
  {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: target.url,
    SHOPIFY_API_SECRET: secret,
    LOG_LEVEL: "warn",
    WORKER_IN_PROCESS: "0",
    PLATFORM: "demo",
    SEED_DEMO: "1",
    PROXY_RATE_LIMIT: String(PROXY_LIMIT_PER_MINUTE),
  },
);
let db: pg.Client | null = null;
let sampler: pg.Client | null = null;
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health`, api, 120_000);
  db = new pg.Client({ connectionString: target.url, application_name: "laurel-bench" });
  sampler = new pg.Client({ connectionString: target.url, application_name: "laurel-bench-sampler" });
  await db.connect();
  await sampler.connect();
  const members = Array.from({ length: 1_000 }, (_, i) => String(8_100_000_000_000 + i));
  await joinMembers(base, secret, members);
  const ctx = {
    base,
    secret,
    db,
    sampler,
    dbName: target.name,
    apiPid: api.proc.pid,
    workerPids: () => [],
    members,
  };
  // Warm up (JIT, caches), then the measured load.
  await proxyCustomerPhase(ctx, { connections: 50, seconds: 3, overallRate: 500 });
  const rate = Number(process.env.BENCH_P5_RATE ?? 2_000);
  const seconds = Number(process.env.BENCH_P5_SECONDS ?? 10);
  const r = await proxyCustomerPhase(ctx, { connections: 50, seconds, overallRate: rate });
  console.log(`GET /proxy/customer at ${fmt(rate)}/s: ${loadLine(r.load)}`);
} finally {
  await db?.end();
  await sampler?.end();
  await stopChild(api, 15_000);
  await dropDatabase(admin, target.name);
  await admin.end();
}
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile in ${profDir} (did the API exit cleanly?)`);
summarizeProfile(join(profDir, file));
console.log(
  `\nprofile: ${join(profDir, file)} (includes start-up and the joins; the areas are dominated by the load)`,
);
