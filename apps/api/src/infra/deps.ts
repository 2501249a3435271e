import type { Database, Db } from "@laurel/db";
import type { PlatformPort } from "../platform/port";
import type { Clock } from "./clock";
import type { DnsResolverPort } from "./dns";
import type { Config } from "./env";
import type { IdGenerator } from "./ids";
import type { JobQueue } from "./queue";
import type { ShopContextCache } from "./shop-context";

/** What services, routes and jobs are given; built once in the composition root (app.ts / main.ts). */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  /** ANALYTICS_DATABASE_URL: a read replica analytics reports read from (decision 0160); unset = `db`. */
  analyticsDatabase?: Database;
  clock: Clock;
  newId: IdGenerator;
  platform: PlatformPort;
  queue: JobQueue;
  /** Shops and their programs as the hot paths read them (SHOP_CACHE_MS). */
  shopContexts: ShopContextCache;
  /** This process's webhook intake and processor (decision 0018). */
  webhooks: WebhookPipeline;
  /** Signs Laurel's own admin tokens; from SESSION_SECRET or generated once and kept in the database. */
  sessionSecret: string;
  /** DNS lookups (custom sending domains, decision 0110); unset = the system resolver. */
  dns?: DnsResolverPort;
}

/** The webhook pipeline as the rest of the app sees it (implemented in modules/webhooks). */
export interface WebhookPipeline {
  /** Records a verified delivery (group commit); answers once it is durable. */
  record(
    shop: { id: string },
    delivery: { topic: string; webhookId: string; body: string },
  ): Promise<"recorded" | "duplicate" | "unusable">;
  /** Runs the processor loop in this process (a worker, or the single process on PGlite). */
  startProcessor(): void;
  /** Applies everything due now, here (tests and the bench wait on it). */
  drain(): Promise<void>;
  /** Stops the loop after its batch in hand and waits for pending intake writes. */
  close(): Promise<void>;
}
