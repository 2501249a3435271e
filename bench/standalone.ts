/**
 * A phase of `npm run bench` run on its own (`node --import tsx bench/<phase>.ts [size]`): a fresh
 * database, the API on it with the demo shop seeded, the phase, then everything stopped and dropped
 * (BENCH_KEEP_DB=1 keeps the database to inspect it). One place for what every standalone run does.
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import {
  connectAdmin,
  DEFAULT_BENCH_DATABASE_URL,
  dropDatabase,
  parseTarget,
  recreateDatabase,
  withDatabase,
} from "./postgres";
import { type Child, freePort, startNode, stopChild, waitForHttp } from "./processes";

export interface StandaloneContext {
  /** The API's base URL. */
  base: string;
  /** A client on the API's database. */
  db: pg.Client;
  api: Child;
  /** A client on the server's maintenance database. */
  admin: pg.Client;
}

export async function runStandalone(
  /** Appended to the bench database's name, so standalone runs never share a database. */
  databaseSuffix: string,
  /** The job worker in the API process (jobs the phase waits for), or none. */
  opts: { workerInProcess: boolean },
  phase: (ctx: StandaloneContext) => Promise<void>,
): Promise<void> {
  const target = parseTarget(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const admin = await connectAdmin(target);
  const dbTarget = withDatabase(target, `${target.name}_${databaseSuffix}`);
  await recreateDatabase(admin, dbTarget.name);
  const port = await freePort();
  const api = startNode("api", ["--import", "tsx", "apps/api/src/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: dbTarget.url,
    SHOPIFY_API_SECRET: `bench-${randomBytes(12).toString("hex")}`,
    LOG_LEVEL: "warn",
    WORKER_IN_PROCESS: opts.workerInProcess ? "1" : "0",
    PLATFORM: "demo",
    SEED_DEMO: "1",
  });
  const db = new pg.Client({ connectionString: dbTarget.url });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health`, api, 120_000);
    await db.connect();
    await phase({ base, db, api, admin });
  } finally {
    await db.end().catch(() => undefined);
    await stopChild(api);
    if (process.env.BENCH_KEEP_DB === "1") console.log(`BENCH_KEEP_DB=1: kept ${dbTarget.name}`);
    else await dropDatabase(admin, dbTarget.name);
    await admin.end();
  }
}

/** Runs `main` when the module whose `import.meta.url` is given is the entry point, not an import. */
export function runIfEntryPoint(moduleUrl: string, main: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
