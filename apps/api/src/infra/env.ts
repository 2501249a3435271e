import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";

/**
 * Every setting Laurel reads from the environment, with its default. The README's configuration
 * table lists the same names; keep them in step.
 */
const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

export const DEFAULT_BLOCKED_EMAIL_DOMAINS = [
  "smile.io",
  "loyaltylion.com",
  "yotpo.com",
  "rivo.io",
  "joy.so",
  "growave.io",
  "stamped.io",
  "bonloyalty.com",
  "gameball.co",
];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .refine(
      (v) => URL.canParse(v),
      "is not a valid URL: use postgres://user:password@host:5432/database (URL-encode special characters in the password)",
    )
    .optional(),
  /** Issue 13: analytics reports read here (a read replica of DATABASE_URL); unset = DATABASE_URL. */
  ANALYTICS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .refine((v) => URL.canParse(v), "is not a valid URL: use postgres://user:password@host:5432/database")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default("./.data"),
  PLATFORM: z.enum(["demo", "shopify"]).default("demo"),
  SHOPIFY_API_KEY: z.string().min(1).default("laurel-demo-api-key"),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  SHOPIFY_ADMIN_ORIGIN: z.string().optional(),
  SHOPIFY_API_VERSION: z.string().default("2026-07"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BLOCKED_EMAIL_DOMAINS: z.string().optional(),
  WORKER_IN_PROCESS: bool.optional(),
  SEED_DEMO: bool.optional(),
  /** Issue 15: a clock the demo's end-to-end tests may move forward (demo platform only). */
  TEST_CLOCK: bool.optional(),
  /** Decision 0174: the demo store's Shopify plan ('plus' lets B2B partner tiers be tried). */
  DEMO_STORE_PLAN: z.enum(["basic", "plus"]).default("basic"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  PROXY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  SHOP_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  WEBHOOK_PROCESSORS: z.coerce.number().int().min(1).max(16).default(2),
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => /^\d{1,2}$/.test(v) || v.split(",").every((item) => isProxyAddress(item.trim())),
      "must be a hop count, or addresses/CIDRs separated by commas (e.g. 10.0.0.0/8,127.0.0.1), or loopback",
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Laurel <no-reply@laurel.localhost>"),
});

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR (address/prefix) or one of proxy-addr's names. */
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = "", prefix, extra] = item.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Fastify's `trustProxy`: whose X-Forwarded-For to believe (decision 0036). Never everyone's. */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((v) => v.trim());
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  /** Where analytics reports read (a read replica); unset = the main database (decision 0160). */
  analyticsDatabaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  platform: "demo" | "shopify";
  shopifyApiKey: string;
  shopifyApiSecret: string;
  /** Admin API origin; `{shop}` is replaced by the shop's myshopify domain. */
  shopifyAdminOrigin: string;
  shopifyApiVersion: string;
  sessionSecret: string | undefined;
  blockedEmailDomains: string[];
  workerInProcess: boolean;
  seedDemo: boolean;
  /** `TEST_CLOCK=1` on the demo platform: `POST /dev/clock` moves the server's clock (e2e only). */
  testClock: boolean;
  /** The demo store's Shopify plan (demo platform). */
  demoStorePlan: "basic" | "plus";
  logLevel: string;
  secureCookies: boolean;
  /** Storefront calls per minute per shop and shopper. */
  loginRateLimit: number;
  proxyRateLimit: number;
  /** Merchant API (`/api/v1/*`) calls per minute per key. */
  apiRateLimit: number;
  /** How long a process may serve a shop and its programs from memory (0 = always read). */
  shopCacheMs: number;
  /** How long a processor's claim on a batch of deliveries holds (decision 0018). */
  webhookLeaseMs: number;
  /** Processor loops a worker runs side by side on PostgreSQL (PGlite: always 1). */
  webhookProcessors: number;
  /** A worker process's scheduling niceness (decision 0171): acknowledging comes before processing. */
  workerNice: number;
  /** Proxies whose X-Forwarded-For gives the client's address; false = the socket's peer. */
  trustProxy: TrustProxy;
  /** The default e-mail service (decision 0075); unset = the local catch-all mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

export class ConfigError extends Error {}

/** The URL with its password hidden, for messages. */
export function maskDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/, "$1***@");
}

/** The value a bad setting had, for its message; secrets are never shown, a URL's password is hidden. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || /SECRET|PASSWORD|TOKEN|SMTP_URL/.test(name)) return "";
  return ` (${name}=${name.endsWith("DATABASE_URL") ? maskDatabaseUrl(value) : value})`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join(".");
      return `  ${name}: ${i.message}${shownValue(name, present[name])}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.PLATFORM === "shopify" && !e.SHOPIFY_API_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SHOPIFY_API_SECRET: required when PLATFORM=shopify");
  }
  if (e.ANALYTICS_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  ANALYTICS_DATABASE_URL: needs DATABASE_URL (a replica of the embedded database cannot exist)",
    );
  }
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    databaseUrl: e.DATABASE_URL,
    analyticsDatabaseUrl: e.ANALYTICS_DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    // Relative to where `npm …` was typed (npm runs workspace scripts from the workspace folder).
    dataDir: e.DATA_DIR === "memory://" ? e.DATA_DIR : resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    platform: e.PLATFORM,
    shopifyApiKey: e.SHOPIFY_API_KEY,
    shopifyApiSecret: e.SHOPIFY_API_SECRET ?? "laurel-demo-secret",
    shopifyAdminOrigin: e.SHOPIFY_ADMIN_ORIGIN ?? "https://{shop}",
    shopifyApiVersion: e.SHOPIFY_API_VERSION,
    sessionSecret: e.SESSION_SECRET,
    blockedEmailDomains: (e.BLOCKED_EMAIL_DOMAINS?.split(",") ?? DEFAULT_BLOCKED_EMAIL_DOMAINS)
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    // One process does everything by default; scaled deployments set WORKER_IN_PROCESS=0 on api
    // processes and run `npm run worker` (PGlite is single-process, so it always keeps its worker).
    workerInProcess: !e.DATABASE_URL ? true : (e.WORKER_IN_PROCESS ?? true),
    seedDemo: e.SEED_DEMO ?? e.PLATFORM === "demo",
    testClock: (e.TEST_CLOCK ?? false) && e.PLATFORM === "demo",
    demoStorePlan: e.DEMO_STORE_PLAN,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    proxyRateLimit: e.PROXY_RATE_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    shopCacheMs: e.SHOP_CACHE_MS,
    webhookLeaseMs: e.WEBHOOK_LEASE_MS,
    webhookProcessors: e.WEBHOOK_PROCESSORS,
    workerNice: e.WORKER_NICE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secureCookies: appUrl.startsWith("https://"),
  };
}
