import { type Database, type Db, migrate, openDatabase } from "@laurel/db";
import { type Clock, systemClock } from "./infra/clock";
import type { Deps } from "./infra/deps";
import type { Config } from "./infra/env";
import { newId, randomToken } from "./infra/ids";
import { createJobQueue } from "./infra/queue";
import type { SkippedProgram } from "./infra/shop-context";
import { allJobs } from "./jobs";
import { createShopContextCache } from "./modules/shop-context/shop-context.service";
import { createDemoPlatform } from "./platform/demo/demo.adapter";
import type { PlatformPort } from "./platform/port";
import { createShopifyPlatform } from "./platform/shopify/shopify.adapter";

export type PlatformFactory = (clock: Clock, db: Db) => PlatformPort;

export function createPlatform(config: Config, clock: Clock, db: Db): PlatformPort {
  return config.platform === "shopify"
    ? createShopifyPlatform({
        apiKey: config.shopifyApiKey,
        apiSecret: config.shopifyApiSecret,
        adminOrigin: config.shopifyAdminOrigin,
        apiVersion: config.shopifyApiVersion,
      })
    : createDemoPlatform(clock, db);
}

/** SESSION_SECRET, or one generated on first start and shared through the database. */
async function loadSessionSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await database.db
    .insertInto("app_secrets")
    .values({ name: "session_secret", value: randomToken(48) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await database.db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", "session_secret")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A stored program the engine skips is a warning in the process log (pino's JSON shape, level 40). */
function logSkippedProgram(config: Config, shopId: string, skipped: SkippedProgram): void {
  if (["silent", "fatal", "error"].includes(config.logLevel)) return;
  const line = {
    level: 40,
    time: Date.now(),
    shopId,
    ...skipped,
    msg: "stored program skipped: its settings do not parse",
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** Opens the database, applies migrations and wires every dependency: the one composition root. */
export async function createRuntime(
  config: Config,
  overrides: { database?: Database; clock?: Clock; platform?: PlatformFactory } = {},
): Promise<Deps> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  await migrate(database);
  const clock = overrides.clock ?? systemClock;
  const queue = await createJobQueue(database, allJobs);
  return {
    config,
    database,
    db: database.db,
    clock,
    newId,
    platform: (overrides.platform ?? ((c, db) => createPlatform(config, c, db)))(clock, database.db),
    queue,
    shopContexts: createShopContextCache({
      db: database.db,
      clock,
      ttlMs: config.shopCacheMs,
      onSkippedProgram: (shopId, skipped) => logSkippedProgram(config, shopId, skipped),
    }),
    sessionSecret: await loadSessionSecret(database, config.sessionSecret),
  };
}

export async function closeRuntime(deps: Deps): Promise<void> {
  deps.shopContexts.close();
  await deps.queue.stop();
  await deps.database.close();
}
