import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { DEMO_PARTNER_SHOPPER, DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import {
  demoStorePlugin,
  type StoreDeps,
  type StoreShop,
  seedStoreCatalogue,
  seedStoreShoppers,
} from "@laurel/demo-store";
import Fastify, { type FastifyInstance, type HTTPMethods } from "fastify";
import type { Deps } from "./infra/deps";
import type { TrustProxy } from "./infra/env";
import { AppError } from "./infra/errors";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, sendFail } from "./infra/http";
import { installInputGuard, MAX_PARAM_LENGTH } from "./infra/input-guard";
import { serializeRequest } from "./infra/log-redaction";
import { installSecurityHeaders } from "./infra/security-headers";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes";
import { registerApiKeyRoutes } from "./modules/api-keys/api-keys.routes";
import { installGuards } from "./modules/auth/auth.guard";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { registerCatalogueRoutes } from "./modules/catalogue/catalogue.routes";
import { registerComplianceRoutes } from "./modules/compliance/compliance.routes";
import { registerCustomerImportRoutes } from "./modules/customer-imports/customer-imports.routes";
import { registerCustomerRoutes } from "./modules/customers/customers.routes";
import { registerEarnDatesRoutes } from "./modules/earn-dates/earn-dates.routes";
import { registerEarnEventRoutes } from "./modules/earn-events/earn-events.routes";
import { findConnectedReviewSecret } from "./modules/earn-events/earn-events.service";
import { registerExtensionRoutes } from "./modules/extensions/extensions.routes";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { registerMailRoutes } from "./modules/mail/mail.routes";
import { registerMembershipRoutes } from "./modules/membership/membership.routes";
import { registerOpenApiRoutes } from "./modules/openapi/openapi.routes";
import { registerProgramRoutes } from "./modules/programs/programs.routes";
import { registerReferralRoutes } from "./modules/referrals/referrals.routes";
import { registerSettingsRoutes } from "./modules/settings/settings.routes";
import { registerShopRoutes } from "./modules/shops/shops.routes";
import { findShopByDomain } from "./modules/shops/shops.service";
import { registerStaffRoutes } from "./modules/staff/staff.routes";
import { registerOnsiteRoutes } from "./modules/storefront/onsite.routes";
import { registerStorefrontRoutes } from "./modules/storefront/storefront.routes";
import { registerB2bTierRoutes } from "./modules/tiers/b2b-tiers.routes";
import { registerTierRoutes } from "./modules/tiers/tiers.routes";
import { registerTranslationRoutes } from "./modules/translations/translations.routes";
import { registerWebRoutes } from "./modules/web/web.routes";
import { registerWebhookLogRoutes } from "./modules/webhook-log/webhook-log.routes";
import { registerWebhookRoutes } from "./modules/webhooks/webhooks.routes";
import { webhookHandlers } from "./webhook-topics";

export interface BuildAppOptions {
  logger?: boolean;
  /** Where the log goes when `logger` is on (tests read it); stdout otherwise. */
  logStream?: { write(line: string): void };
  webDirs?: { admin: string; widget: string };
  /** Extra routes (tests only: proves an unguarded route stops the app from starting). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Called with every registered route (method, url, guard), e.g. to list them in a test. */
  onRouteRegistered?: (route: { method: string; url: string; guard: string | undefined }) => void;
}

/** 1 MiB: far above any admin payload; imports stream through their own endpoint. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify's types take a hop count only as a function (its runtime would take the number). */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Builds the HTTP app without listening, so tests call it in-process (DESIGN §2). */
export async function buildApp(deps: Deps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: deps.config.logLevel,
          serializers: { req: serializeRequest },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  // Every route must say who may call it (DESIGN §3); refuse to start otherwise.
  const unguarded: string[] = [];
  app.addHook("onRoute", (route) => {
    const guard = route.config?.guard;
    for (const method of [route.method].flat()) {
      options.onRouteRegistered?.({ method, url: route.url, guard });
      if (!guard) unguarded.push(`${method} ${route.url}`);
    }
  });

  installErrorHandling(app);
  installSecurityHeaders(app);
  installInputGuard(app);
  app.setNotFoundHandler((_request, reply) => sendFail(reply, new AppError("route_not_found", 404)));
  await app.register(cookie);
  // preHandler, not onRequest: limits count only requests that passed their guard, so forged
  // traffic cannot use up a real shopper's allowance (S2); it is refused before it counts.
  await app.register(rateLimit, { global: false, hook: "preHandler" });
  installGuards(app, deps);

  registerHealthRoutes(app, deps);
  registerOpenApiRoutes(app);
  registerAuthRoutes(app, deps);
  registerShopRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerProgramRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerWebhookLogRoutes(app, deps);
  registerComplianceRoutes(app, deps);
  registerStorefrontRoutes(app, deps);
  registerExtensionRoutes(app, deps);
  registerReferralRoutes(app, deps);
  registerTierRoutes(app, deps);
  registerB2bTierRoutes(app, deps);
  registerMailRoutes(app, deps);
  registerTranslationRoutes(app, deps);
  registerCatalogueRoutes(app, deps);
  registerOnsiteRoutes(app, deps);
  registerEarnDatesRoutes(app, deps);
  await registerEarnEventRoutes(app, deps);
  registerMembershipRoutes(app, deps);
  await registerCustomerImportRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  await registerWebhookRoutes(app, deps, new Set(Object.keys(webhookHandlers)));
  if (deps.config.platform === "demo") await mountDemoStore(app, deps);
  await registerWebRoutes(app, options.webDirs);
  options.extraRoutes?.(app);

  await app.ready();
  const missing = unguarded.filter((r) => !r.startsWith("HEAD "));
  if (missing.length > 0) throw new Error(`Routes without a guard: ${missing.join(", ")}`);
  return app;
}

/**
 * The demo store (decision 0045) gets from Laurel only what a Shopify store has: the app's secret
 * and API version, HTTP to Laurel (in-process), and its own tables. Its tables are keyed by the
 * shop's id, so it is told which id the demo shop has.
 */
function demoStoreDeps(deps: Deps): StoreDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    appSecret: deps.config.shopifyApiSecret,
    apiVersion: deps.config.shopifyApiVersion,
  };
}

async function findDemoStoreShop(deps: Deps, domain: string): Promise<StoreShop | null> {
  const shop = await findShopByDomain(deps.db, domain);
  return shop && !shop.uninstalled_at ? { shopId: shop.id, shopDomain: shop.shopify_domain } : null;
}

async function mountDemoStore(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(demoStorePlugin, {
    deps: demoStoreDeps(deps),
    shopDomain: DEMO_SHOP_DOMAIN,
    findShop: (domain) => findDemoStoreShop(deps, domain),
    sessionSecret: deps.sessionSecret,
    secureCookies: deps.config.secureCookies,
    shoppers: [...DEMO_SHOPPERS, DEMO_PARTNER_SHOPPER],
    laurel: async (r) => {
      const res = await app.inject({ ...r, method: r.method as HTTPMethods });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body, rawPayload: res.rawPayload };
    },
    // Issue 15: the store's review app is connected with the shop's inbound secret, as a merchant
    // pastes it into a review app; only once the shop has a review program.
    reviewAppSecret: () => demoReviewAppSecret(deps),
  });
}

async function demoReviewAppSecret(deps: Deps): Promise<string | null> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  return shop && !shop.uninstalled_at ? findConnectedReviewSecret(deps, shop) : null;
}

/** The demo store's accounts for the seeded shoppers (Laurel's side: `seedDemoShoppers`). */
export async function seedDemoStore(deps: Deps): Promise<number> {
  const shop = await findDemoStoreShop(deps, DEMO_SHOP_DOMAIN);
  if (!shop) return 0;
  await seedStoreCatalogue(demoStoreDeps(deps), shop);
  return seedStoreShoppers(demoStoreDeps(deps), shop, DEMO_SHOPPERS);
}

/**
 * Decision 0177: the store account of Northwind Trading, the demo's company member (Laurel's side:
 * `seedDemoCustomers`), so the partner tier card can be seen on the store. Runs once.
 */
export async function seedDemoPartnerAccount(deps: Deps): Promise<number> {
  const shop = await findDemoStoreShop(deps, DEMO_SHOP_DOMAIN);
  if (!shop) return 0;
  return seedStoreShoppers(demoStoreDeps(deps), shop, [DEMO_PARTNER_SHOPPER]);
}
