import cookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import { registerAccountRoutes } from "./routes/accounts.routes";
import { registerAppProxyRoutes } from "./routes/app-proxy.routes";
import { registerCatalogueRoutes } from "./routes/catalogue.routes";
import { registerCheckoutRoutes } from "./routes/checkout.routes";
import { registerOrderRoutes } from "./routes/orders.routes";
import { registerReviewRoutes } from "./routes/reviews.routes";
import { createStoreHttp, FORM_LIMIT, type StoreHttpOptions } from "./routes/store-http";

export type DemoStoreOptions = StoreHttpOptions;

/**
 * The demo store (decisions 0015, 0045) as a Fastify plugin: its pages under `/demo-store`,
 * Shopify's `/discount/CODE` link and the app-proxy emulation under `/apps/laurel`. The host
 * registers it on the demo platform only: it signs with the app's secret.
 *
 * Not wrapped in fastify-plugin on purpose: its content-type parsers (forms; raw bytes for the
 * proxy) stay inside its own scopes.
 */
export async function demoStorePlugin(app: FastifyInstance, options: DemoStoreOptions): Promise<void> {
  const h = createStoreHttp(options);
  // Sessions and carts are cookies; the host may already parse them.
  if (!app.hasRequestDecorator("cookies")) await app.register(cookie);
  await app.register(async (scope) => {
    // Form posts are parsed here only.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    registerCatalogueRoutes(scope, h);
    registerCheckoutRoutes(scope, h);
    registerOrderRoutes(scope, h);
    registerAccountRoutes(scope, h);
    registerReviewRoutes(scope, h);
  });
  await app.register(async (scope) => registerAppProxyRoutes(scope, h));
}
