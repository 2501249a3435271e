import { type Database, type Db, migrate, openDatabase } from "@laurel/db";
import { type Clock, offsetClock, systemClock } from "./infra/clock";
import type { Deps } from "./infra/deps";
import type { Config } from "./infra/env";
import { newId, randomToken } from "./infra/ids";
import { createJobQueue } from "./infra/queue";
import type { SkippedProgram } from "./infra/shop-context";
import { checkDataDir, explainDatabaseError } from "./infra/startup-errors";
import { allJobs } from "./jobs";
import { createShopContextCache } from "./modules/shop-context/shop-context.service";
import { createWebhookPipeline } from "./modules/webhooks/webhooks.service";
import { createDemoPlatform } from "./platform/demo/demo.adapter";
import type { PlatformPort } from "./platform/port";
import { createShopifyPlatform } from "./platform/shopify/shopify.adapter";
import { webhookHandlers } from "./webhook-topics";

export type PlatformFactory = (clock: Clock, db: Db) => PlatformPort;

export function createPlatform(config: Config, clock: Clock, db: Db): PlatformPort {
  return config.platform === "shopify"
    ? createShopifyPlatform({
        apiKey: config.shopifyApiKey,
        apiSecret: config.shopifyApiSecret,
        adminOrigin: config.shopifyAdminOrigin,
        apiVersion: config.shopifyApiVersion,
      })
    : createDemoPlatform(clock, db, { storePlan: config.demoStorePlan });
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

/** Opens and migrates the configured database; a wrong setting fails with a plain message (decision 0038). */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) checkDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
    await migrate(database);
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    throw explainDatabaseError(error, config) ?? error;
  }
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
  const given = overrides.database;
  if (given) await migrate(given);
  const database = given ?? (await openConfiguredDatabase(config));
  const clock = overrides.clock ?? (config.testClock ? offsetClock() : systemClock);
  const queue = await createJobQueue(database, allJobs);
  // A replica is never migrated: it follows the primary. Opening is lazy (pg connects on first use).
  const analyticsDatabase = config.analyticsDatabaseUrl
    ? await openDatabase({ databaseUrl: config.analyticsDatabaseUrl, poolSize: config.databasePoolSize })
    : undefined;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    ...(analyticsDatabase ? { analyticsDatabase } : {}),
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
    // Set just below: the pipeline is given the finished deps.
    webhooks: undefined as unknown as Deps["webhooks"],
  };
  deps.webhooks = createWebhookPipeline(deps, webhookHandlers);
  return deps;
}

/** The background work of a worker (or of the single process): jobs and the webhook processor. */
export async function startWorker(deps: Deps): Promise<void> {
  await deps.queue.work(deps);
  deps.webhooks.startProcessor();
}

export async function closeRuntime(deps: Deps): Promise<void> {
  await deps.webhooks.close();
  deps.shopContexts.close();
  await deps.queue.stop();
  await deps.database.close();
  await deps.analyticsDatabase?.close();
}
