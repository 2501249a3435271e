import type { FastifyInstance } from "fastify";
import { findCollection, findProduct } from "../catalogue/catalogue";
import { collectionPage, homePage, productPage } from "../views/catalogue.views";
import { notFoundPage, STORE_PATH } from "../views/layout";
import { PUBLIC, type StoreHttp } from "./store-http";

/** Home, collections, products, and the store's own 404. */
export function registerCatalogueRoutes(scope: FastifyInstance, h: StoreHttp): void {
  const { shopOr503, pageContext, sendPage } = h;
  scope.get(STORE_PATH, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx } = await pageContext(request, shop);
    // A referral link lands here with `?ref=CODE` (the widget keeps the code): say so to a new visitor.
    const ref = (request.query as { ref?: unknown }).ref;
    const invited = typeof ref === "string" && /^[A-Z0-9]{4,24}$/.test(ref) && !ctx.shopper;
    return sendPage(reply, homePage(ctx, { invited }));
  });

  scope.get(`${STORE_PATH}/collections/:handle`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx } = await pageContext(request, shop);
    const { handle } = request.params as { handle: string };
    if (handle === "all") return sendPage(reply, collectionPage(ctx, null));
    const collection = findCollection(handle);
    if (!collection) return sendPage(reply, notFoundPage(ctx, "This collection doesn't exist."), 404);
    return sendPage(reply, collectionPage(ctx, collection));
  });

  scope.get(`${STORE_PATH}/products/:handle`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx } = await pageContext(request, shop);
    const product = findProduct((request.params as { handle: string }).handle);
    if (!product) return sendPage(reply, notFoundPage(ctx, "This product doesn't exist."), 404);
    const result = (request.query as { review?: unknown }).review;
    const review = {
      enabled: (await h.reviewAppSecret()) !== null,
      result: result === "sent" || result === "failed" ? result : null,
    };
    return sendPage(reply, productPage(ctx, product, review));
  });

  // Unknown store paths get the store's 404, not the admin app.
  scope.get(`${STORE_PATH}/*`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx } = await pageContext(request, shop);
    return sendPage(reply, notFoundPage(ctx), 404);
  });
}
