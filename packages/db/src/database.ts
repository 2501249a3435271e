import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";
import { ConnectionLock, PgliteDialect, runPgliteStatement } from "./pglite-driver";
import type { DB } from "./schema";

export type Engine = "pglite" | "postgres";
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;

/** What pg-boss needs to run its SQL (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  readonly engine: Engine;
  readonly db: Db;
  /** pg-boss's connection: through the same lock as Kysely on PGlite, a pool of its own on PostgreSQL. */
  readonly jobSql: SqlExecutor;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** `postgres://…` selects PostgreSQL; absent selects PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
}

// PostgreSQL `bigint` (int8) arrives as a string by default; our bigints (ids, counters) fit in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.poolSize ?? 10);
  return openPglite(config.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "laurel" });
  const jobPool = new pg.Pool({ connectionString: url, max: 4, application_name: "laurel-jobs" });
  // An idle client can be cut off by the server (restart, failover, drop); the pool replaces it.
  // Without a listener that error would crash the process.
  const onIdleError = (error: Error) => console.warn(`[db] idle connection closed: ${error.message}`);
  pool.on("error", onIdleError);
  jobPool.on("error", onIdleError);
  const qstats = new Map<string, { n: number; ms: number }>();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: process.env.QLOG
      ? (e) => {
          const k = e.query.sql.replace(/\s+/g, " ").slice(0, 90);
          const s = qstats.get(k) ?? { n: 0, ms: 0 };
          s.n++;
          s.ms += e.queryDurationMillis;
          qstats.set(k, s);
        }
      : undefined,
  });
  if (process.env.QLOG)
    setInterval(() => {
      const rows = [...qstats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
      console.log(`QLOG ${JSON.stringify(rows.map(([k, v]) => [Math.round(v.ms), v.n, k]))}`);
    }, 10_000).unref();
  return {
    engine: "postgres",
    db,
    jobSql: {
      async executeSql(text, values) {
        const r = await jobPool.query(text, values);
        // A multi-statement text answers an array of results; pg-boss unwraps it itself.
        return r as unknown as { rows: Record<string, unknown>[] };
      },
    },
    async close() {
      await db.destroy();
      await jobPool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const inMemory = !dataDir || dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const instance = new PGlite(inMemory ? undefined : dataDir);
  await instance.waitReady;
  const lock = new ConnectionLock();
  const db = new Kysely<DB>({ dialect: new PgliteDialect(instance, lock) });
  return {
    engine: "pglite",
    db,
    jobSql: {
      executeSql: (text, values) =>
        lock.run(async () => {
          try {
            return await runPgliteStatement(instance, text, values);
          } catch (error) {
            // One connection: a failed statement inside BEGIN…COMMIT would poison every later query.
            if (instance.isInTransaction?.()) await instance.exec("rollback");
            throw error;
          }
        }),
    },
    async close() {
      await db.destroy();
    },
  };
}
