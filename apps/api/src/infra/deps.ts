import type { Database, Db } from "@laurel/db";
import type { PlatformPort } from "../platform/port";
import type { Clock } from "./clock";
import type { Config } from "./env";
import type { IdGenerator } from "./ids";
import type { JobQueue } from "./queue";
import type { ShopContextCache } from "./shop-context";

/** What services, routes and jobs are given; built once in the composition root (app.ts / main.ts). */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  newId: IdGenerator;
  platform: PlatformPort;
  queue: JobQueue;
  /** Shops and their programs as the hot paths read them (SHOP_CACHE_MS). */
  shopContexts: ShopContextCache;
  /** Signs Laurel's own admin tokens; from SESSION_SECRET or generated once and kept in the database. */
  sessionSecret: string;
}
