import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import pg from "pg";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/laurel_bench";

export interface DbTarget {
  /** The benchmark database's URL. */
  url: string;
  name: string;
  /** The same server's `postgres` database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  host: string;
  port: string;
  user: string;
  password: string;
}

/** Database names we create and drop ourselves: refuse anything that does not say "bench". */
const SAFE_NAME = /^[a-z_][a-z0-9_]*bench[a-z0-9_]*$/;

export function parseTarget(url: string): DbTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`BENCH_DATABASE_URL is not a URL: ${url}`);
  }
  if (!/^postgres(ql)?:$/.test(u.protocol))
    throw new Error(`BENCH_DATABASE_URL must be postgres://…, got ${url}`);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!SAFE_NAME.test(name)) {
    throw new Error(
      `Refusing to use database "${name}": the benchmark drops and recreates it, so its name must be ` +
        `lower-case and contain "bench" (e.g. laurel_bench).`,
    );
  }
  const admin = new URL(u.href);
  admin.pathname = "/postgres";
  return {
    url: u.href,
    name,
    adminUrl: admin.href,
    host: u.hostname || "127.0.0.1",
    port: u.port || "5432",
    user: decodeURIComponent(u.username) || "postgres",
    password: decodeURIComponent(u.password),
  };
}

export function withDatabase(target: DbTarget, name: string): DbTarget {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe scratch database name ${name}`);
  const u = new URL(target.url);
  u.pathname = `/${name}`;
  return { ...target, url: u.href, name };
}

/** A client on the server's maintenance database; a clear error when PostgreSQL is not there. */
export async function connectAdmin(target: DbTarget): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: target.adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${target.host}:${target.port} as "${target.user}" (${why}).\n` +
        "Start PostgreSQL, or point BENCH_DATABASE_URL at a server where this user may CREATE DATABASE.",
    );
  }
  client.on("error", () => {});
  return client;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function recreateDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  await admin.query(`create database ${quoteIdent(name)}`);
}

export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}

export interface ServerInfo {
  version: string;
  settings: Record<string, string>;
}

export async function serverInfo(admin: pg.Client): Promise<ServerInfo> {
  const version = (await admin.query<{ v: string }>("select version() as v")).rows[0]?.v ?? "?";
  const names = ["max_connections", "shared_buffers", "synchronous_commit", "fsync", "wal_level"];
  const rows = (
    await admin.query<{ name: string; setting: string; unit: string | null }>(
      "select name, setting, unit from pg_settings where name = any($1)",
      [names],
    )
  ).rows;
  const settings: Record<string, string> = {};
  for (const r of rows) {
    settings[r.name] =
      r.name === "shared_buffers" && r.unit === "8kB" ? `${(Number(r.setting) * 8) / 1024}MB` : r.setting;
  }
  return { version, settings };
}

/** `PGBENCH`, then `pgbench` on PATH, then the Debian layout /usr/lib/postgresql/<v>/bin/pgbench. */
export function findPgbench(): string | null {
  if (process.env.PGBENCH && existsSync(process.env.PGBENCH)) return process.env.PGBENCH;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, "pgbench");
    if (dir && existsSync(candidate)) return candidate;
  }
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, "bin", "pgbench")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], "bin", "pgbench");
  }
  return null;
}

function run(
  bin: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolveRun({ code: code ?? -1, out }));
  });
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number | null;
  transactions: number | null;
  clients: number;
  threads: number;
  seconds: number;
  scale: number;
}

/** TPC-B (pgbench's default script): `pgbench -i -s <scale>` then `pgbench -c -j -T`. */
export async function runPgbench(
  bin: string,
  target: DbTarget,
  opts: { scale: number; clients: number; threads: number; seconds: number },
): Promise<PgbenchResult> {
  const conn = ["-h", target.host, "-p", target.port, "-U", target.user];
  const env: Record<string, string> = target.password ? { PGPASSWORD: target.password } : {};
  const init = await run(bin, [...conn, "-i", "-q", "-s", String(opts.scale), target.name], env);
  if (init.code !== 0) throw new Error(`pgbench -i failed (exit ${init.code}):\n${init.out}`);
  const bench = await run(
    bin,
    [
      ...conn,
      "-c",
      String(opts.clients),
      "-j",
      String(opts.threads),
      "-T",
      String(opts.seconds),
      target.name,
    ],
    env,
  );
  if (bench.code !== 0) throw new Error(`pgbench failed (exit ${bench.code}):\n${bench.out}`);
  const tps = /tps = ([\d.]+)/.exec(bench.out)?.[1];
  if (!tps) throw new Error(`could not read tps from pgbench output:\n${bench.out}`);
  const latency = /latency average = ([\d.]+) ms/.exec(bench.out)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(bench.out)?.[1];
  return {
    tps: Number(tps),
    latencyMs: latency ? Number(latency) : null,
    transactions: transactions ? Number(transactions) : null,
    ...opts,
  };
}

/**
 * Samples what the API's connections wait on while a load runs (pg_stat_activity), to show where
 * time goes: e.g. `Lock:transactionid` means transactions queue behind a row another one updates.
 * Also counts active sessions of other databases: someone else's load on the same server.
 */
export function startWaitSampler(client: pg.Client, dbName: string, everyMs = 200) {
  const counts = new Map<string, number>();
  const blocked = new Map<string, number>();
  let samples = 0;
  let busySum = 0;
  let foreignSum = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const rows = (
          await client.query<{ ours: boolean; w: string; q: string | null; n: string }>(
            `select datname = $1 and application_name = 'laurel' as ours,
                    coalesce(wait_event_type || ':' || wait_event, 'CPU/running') as w,
                    case when wait_event_type = 'Lock' then left(regexp_replace(query, '\\s+', ' ', 'g'), 70) end as q,
                    count(*) as n
               from pg_stat_activity
              where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'
                and (datname <> $1 or application_name = 'laurel')
              group by 1, 2, 3`,
            [dbName],
          )
        ).rows;
        samples += 1;
        for (const r of rows) {
          const n = Number(r.n);
          if (!r.ours) {
            foreignSum += n;
            continue;
          }
          counts.set(r.w, (counts.get(r.w) ?? 0) + n);
          busySum += n;
          if (r.q) blocked.set(r.q, (blocked.get(r.q) ?? 0) + n);
        }
      } catch {
        // The sampler is advisory; a failed sample is skipped.
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const avg = (n: number) => (samples ? n / samples : 0);
    const ranked = (m: Map<string, number>) =>
      [...m.entries()]
        .map(([k, n]) => ({ k, avgSessions: avg(n) }))
        .sort((a, b) => b.avgSessions - a.avgSessions);
    return {
      samples,
      avgActive: avg(busySum),
      /** Active sessions of other databases on this server, on average (should be ~0). */
      avgForeignActive: avg(foreignSum),
      waits: ranked(counts).map(({ k, avgSessions }) => ({ event: k, avgSessions })),
      blockedStatements: ranked(blocked)
        .slice(0, 5)
        .map(({ k, avgSessions }) => ({ statement: k, avgSessions })),
    };
  };
}

export type WaitProfile = Awaited<ReturnType<ReturnType<typeof startWaitSampler>>>;
