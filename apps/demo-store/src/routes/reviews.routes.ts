import type { FastifyInstance } from "fastify";
import { findProduct } from "../catalogue/catalogue";
import { randomToken } from "../platform/ids";
import { inboundSignature } from "../platform/signatures";
import { LOGIN_PATH, STORE_PATH } from "../views/layout";
import { field, PUBLIC, type StoreHttp } from "./store-http";

/** What a review may carry; the form's own bounds (Laurel bounds them again). */
const CONTENT_MAX = 2_000;

/**
 * The demo store's review app (Laurel issue 15): a signed-in shopper reviews a product on its page,
 * and the store sends it to Laurel's inbound endpoint exactly as a review-app connector would:
 * JSON, the shop's domain header, and the signature with the secret the merchant connected.
 */
export function registerReviewRoutes(scope: FastifyInstance, h: StoreHttp): void {
  scope.post(`${STORE_PATH}/products/:handle/reviews`, PUBLIC, async (request, reply) => {
    const shop = await h.shopOr503(reply);
    if (!shop) return reply;
    const product = findProduct((request.params as { handle: string }).handle);
    if (!product) return h.seeOther(reply, STORE_PATH);
    const back = `${STORE_PATH}/products/${product.handle}`;
    const shopper = await h.currentShopper(request, shop);
    if (!shopper) return h.seeOther(reply, LOGIN_PATH);
    const secret = await h.reviewAppSecret();
    const rating = Number(field(request.body, "rating", 1));
    const content = field(request.body, "content", CONTENT_MAX);
    if (!secret || !(rating >= 1 && rating <= 5) || content === "")
      return h.seeOther(reply, `${back}?review=failed#reviews`);
    const body = JSON.stringify({
      type: "review.created",
      id: `demo-${randomToken(16)}`,
      source: "laurel",
      customer: { id: shopper.customerId, email: shopper.email },
      review: {
        rating,
        content,
        mediaCount: field(request.body, "media", 3) === "on" ? 1 : 0,
        productId: product.productId,
        verifiedBuyer: false,
      },
    });
    const at = Math.floor(h.deps.clock.now().getTime() / 1000);
    const res = await h.laurel({
      method: "POST",
      url: "/inbound/events",
      headers: {
        "content-type": "application/json",
        "x-laurel-shop-domain": shop.shopDomain,
        "x-laurel-signature": inboundSignature(secret, at, body),
      },
      payload: body,
    });
    if (res.statusCode !== 200)
      h.log(request).warn({ status: res.statusCode, body: res.body }, "review not accepted");
    return h.seeOther(reply, `${back}?review=${res.statusCode === 200 ? "sent" : "failed"}#reviews`);
  });
}
