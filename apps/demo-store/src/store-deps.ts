import type { Db } from "@laurel/db";

/**
 * What the demo store needs, and all it gets from the process that hosts it: what a Shopify store
 * has towards an app (the app's secret and API version, a way to send HTTP to the app) and its
 * own tables. Nothing of Laurel's code or tables (decision 0045).
 */
export interface StoreDeps {
  /** The demo store's tables (`demo_*`); never Laurel's. */
  db: Db;
  clock: { now(): Date };
  /** The app's client secret: webhook HMAC and app-proxy signatures are computed with it. */
  appSecret: string;
  /** Sent as X-Shopify-Api-Version on every webhook. */
  apiVersion: string;
}

/** The shop the store is, keyed as its tables are. */
export interface StoreShop {
  shopId: string;
  shopDomain: string;
}

export interface Logger {
  warn(obj: object, msg: string): void;
}

/** One HTTP request to Laurel and its answer (in-process inject when hosted by the api). */
export type LaurelHttp = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string; rawPayload: Buffer }>;
