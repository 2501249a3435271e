import {
  checkoutDiscountSchema,
  customerLoginSchema,
  faqsBody,
  loyaltyPageSchema,
  pointCalculatorSchema,
  popupKindParams,
  popupSchema,
  signupBlockSchema,
  uploadBody,
  widgetDesignSchema,
} from "@laurel/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import { type AdminAuth, ok, requireAdmin, requireProxy } from "../../infra/http";
import { renderLoyaltyPage } from "./loyalty-page";
import {
  APP_PROXY_PREFIX,
  formerLoyaltyPageSlugsOf,
  getLoyaltyPage,
  getPointCalculator,
  loyaltyPageOf,
  saveLoyaltyPage,
  savePointCalculator,
} from "./loyalty-page-settings";
import {
  getCheckoutDiscount,
  getCustomerLogin,
  getFaqs,
  getPopup,
  getSignupBlock,
  getStorefrontOnsite,
  saveCheckoutDiscount,
  saveCustomerLogin,
  saveFaqs,
  savePopup,
  saveSignupBlock,
} from "./onsite-content";
import { proxyRateLimitKey } from "./proxy.guard";
import { findUpload, saveUpload } from "./uploads";
import { getWidgetDesign, saveWidgetDesign } from "./widget-design";
import { sendCacheable } from "./widget-settings";

const admin = { config: { guard: "admin" as const } };
const loyaltyPageQuery = z.object({
  amount: z
    .string()
    .max(20)
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "amount must be an amount of money such as 49.90")
    .optional(),
});
const pageParams = z.object({ slug: z.string().min(1).max(100) });
const uploadParams = z.object({ shopId: z.string().min(1).max(100), file: z.string().min(1).max(100) });

/**
 * Registers `GET` and `PUT /apiSa/storefront/<path>` for one designer section: read it, or parse the
 * body with its contract and save it. Every section is read and saved alike, so one helper.
 */
function registerSection<S extends z.ZodType>(
  app: FastifyInstance,
  deps: Deps,
  path: string,
  schema: S,
  get: (deps: Deps, shopId: string) => Promise<unknown>,
  save: (deps: Deps, shopId: string, actor: AdminAuth, body: z.infer<S>) => Promise<unknown>,
): void {
  app.get(`/apiSa/storefront/${path}`, admin, async (request) =>
    ok(await get(deps, requireAdmin(request).shopId)),
  );
  app.put(`/apiSa/storefront/${path}`, admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(schema, request.body);
    return ok(await save(deps, auth.shopId, auth, body), "Saved successfully");
  });
}

/** The designer's admin API (issue 12) and the uploaded images it links to. */
/** The app proxy's own parameters: Shopify adds them to each request, a redirect must not repeat them. */
const PROXY_PARAMS = new Set(["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"]);

/** The query the shopper asked with (e.g. the calculator's `amount`), without the proxy's parameters. */
function shopperQueryOf(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return "";
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of PROXY_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

export function registerOnsiteRoutes(app: FastifyInstance, deps: Deps): void {
  // The storefront's answers: app-proxy signature, rate-limited per shop.
  const proxyPage = {
    config: {
      guard: "proxy" as const,
      rateLimit: {
        max: deps.config.proxyRateLimit,
        timeWindow: "1 minute",
        keyGenerator: proxyRateLimitKey,
      },
    },
  };

  registerSection(app, deps, "widget-design", widgetDesignSchema, getWidgetDesign, saveWidgetDesign);
  registerSection(app, deps, "faqs", faqsBody, getFaqs, (d, shopId, actor, { faqs }) =>
    saveFaqs(d, shopId, actor, faqs),
  );

  app.get("/apiSa/storefront/popups/:kind", admin, async (request) => {
    const { kind } = parseInput(popupKindParams, request.params);
    return ok(await getPopup(deps, requireAdmin(request).shopId, kind));
  });

  app.put("/apiSa/storefront/popups/:kind", admin, async (request) => {
    const auth = requireAdmin(request);
    const { kind } = parseInput(popupKindParams, request.params);
    const popup = parseInput(popupSchema, request.body);
    return ok(await savePopup(deps, auth.shopId, auth, kind, popup), "Saved successfully");
  });

  registerSection(
    app,
    deps,
    "checkout-discount",
    checkoutDiscountSchema,
    getCheckoutDiscount,
    saveCheckoutDiscount,
  );
  registerSection(app, deps, "signup-block", signupBlockSchema, getSignupBlock, saveSignupBlock);
  registerSection(app, deps, "customer-login", customerLoginSchema, getCustomerLogin, saveCustomerLogin);
  registerSection(app, deps, "loyalty-page", loyaltyPageSchema, getLoyaltyPage, saveLoyaltyPage);
  registerSection(
    app,
    deps,
    "point-calculator",
    pointCalculatorSchema,
    getPointCalculator,
    savePointCalculator,
  );

  // The popups are the same for every shopper of a shop: cacheable like `/proxy/widget`.
  app.get("/proxy/onsite", proxyPage, async (request, reply) =>
    sendCacheable(request, reply, ok(await getStorefrontOnsite(deps, requireProxy(request).shopId))),
  );

  // base64 of a 2 MB image, with room for the JSON around it.
  app.post("/apiSa/storefront/uploads", { ...admin, bodyLimit: 3 * 1024 * 1024 }, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(uploadBody, request.body);
    return ok(await saveUpload(deps, auth.shopId, body), "Image uploaded");
  });

  const sendLoyaltyPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = requireProxy(request);
    const { amount } = parseInput(loyaltyPageQuery, request.query);
    const context = await deps.shopContexts.byId(auth.shopId);
    const currency = context?.shop.platform_info.currency ?? "USD";
    const amountMinor = amount === undefined ? null : Math.round(Number(amount) * 100);
    const page = await renderLoyaltyPage(deps, auth, amountMinor, currency);
    return reply.type("application/liquid; charset=utf-8").header("cache-control", "no-store").send(page);
  };

  // N-10: the loyalty page, as Liquid for the theme's layout (Shopify renders application/liquid
  // app-proxy answers inside the theme). The same for a shop's guests; per shopper for members.
  // `/apps/laurel/pages/<slug>` is its address (the slug the merchant chose, decision 0168);
  // `/apps/laurel/loyalty-page` answers whatever the slug, so a link to it never breaks, and an
  // earlier slug redirects permanently to the current one (its old links keep working).
  app.get("/proxy/pages/:slug", proxyPage, async (request, reply) => {
    const auth = requireProxy(request);
    const { slug } = parseInput(pageParams, request.params);
    const context = await deps.shopContexts.byId(auth.shopId);
    if (!context) throw new AppError("not_found", 404);
    const current = loyaltyPageOf(context.shop.settings).slug;
    if (current === slug) return sendLoyaltyPage(request, reply);
    if (!formerLoyaltyPageSlugsOf(context.shop.settings).includes(slug)) throw new AppError("not_found", 404);
    return reply.redirect(`${APP_PROXY_PREFIX}/pages/${current}${shopperQueryOf(request.url)}`, 301);
  });

  app.get("/proxy/loyalty-page", proxyPage, sendLoyaltyPage);

  // Public, as a CDN: the id is 128 random bits, the bytes never change (decision 0086).
  app.get("/uploads/:shopId/:file", { config: { guard: "public" as const } }, async (request, reply) => {
    const { shopId, file } = parseInput(uploadParams, request.params);
    const upload = await findUpload(deps, shopId, file);
    if (!upload) return reply.code(404).type("text/plain").send("Not found");
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type(upload.contentType)
      .send(Buffer.from(upload.bytes));
  });
}
