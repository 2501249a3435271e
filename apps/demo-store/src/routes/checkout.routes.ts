import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CART_COOKIE } from "../accounts/session";
import { addToCart, setQuantity } from "../cart/cart";
import { findProduct } from "../catalogue/catalogue";
import { DEFAULT_ADDRESS, placeOrder, viewCart } from "../checkout/checkout.service";
import { randomToken } from "../platform/ids";
import { cartPage, checkoutPage } from "../views/cart.views";
import { STORE_PATH } from "../views/layout";
import { EMAIL, field, PUBLIC, type StoreHttp, safeReturnPath } from "./store-http";

/** The cart (a cookie), discount codes and `/discount/CODE` links, checkout. */
export function registerCheckoutRoutes(scope: FastifyInstance, h: StoreHttp): void {
  const { deps, shopOr503, pageContext, sendPage, seeOther, cartOf, saveCart, transport, log } = h;
  scope.get(`${STORE_PATH}/cart`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx, shopper, cart } = await pageContext(request, shop);
    const view = await viewCart(deps, shop, cart, {
      customerId: shopper?.customerId ?? null,
      email: shopper?.email ?? null,
    });
    return sendPage(reply, cartPage(ctx, view, cart.code));
  });

  scope.post(`${STORE_PATH}/cart/add`, PUBLIC, async (request, reply) => {
    const product = findProduct(field(request.body, "handle"));
    const quantity = Number.parseInt(field(request.body, "quantity") || "1", 10);
    if (product)
      saveCart(reply, addToCart(cartOf(request), product.handle, Number.isFinite(quantity) ? quantity : 1));
    return seeOther(reply, `${STORE_PATH}/cart`);
  });

  scope.post(`${STORE_PATH}/cart/update`, PUBLIC, async (request, reply) => {
    const handle = field(request.body, "handle");
    const quantity = Number.parseInt(field(request.body, "quantity") || "0", 10);
    if (findProduct(handle))
      saveCart(reply, setQuantity(cartOf(request), handle, Number.isFinite(quantity) ? quantity : 0));
    return seeOther(reply, `${STORE_PATH}/cart`);
  });

  const applyCode = (back: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const code = field(request.body, "code", 255);
    const remove = field(request.body, "remove") === "1";
    saveCart(reply, { ...cartOf(request), code: remove || !code ? null : code });
    return seeOther(reply, back);
  };
  scope.post(`${STORE_PATH}/cart/discount`, PUBLIC, applyCode(`${STORE_PATH}/cart`));
  scope.post(`${STORE_PATH}/checkout/discount`, PUBLIC, applyCode(`${STORE_PATH}/checkout`));

  scope.get(`${STORE_PATH}/checkout`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx, shopper, cart } = await pageContext(request, shop);
    const view = await viewCart(deps, shop, cart, {
      customerId: shopper?.customerId ?? null,
      email: shopper?.email ?? null,
    });
    // The cart's token must be in the cookie before the form is posted (double-submit safety).
    if (!request.cookies[CART_COOKIE]) saveCart(reply, cart);
    const values = {
      email: shopper?.email ?? "",
      name: shopper ? [shopper.firstName, shopper.lastName].filter(Boolean).join(" ") : "",
      address1: DEFAULT_ADDRESS.address1,
      city: DEFAULT_ADDRESS.city,
      zip: DEFAULT_ADDRESS.zip,
    };
    return sendPage(reply, checkoutPage(ctx, view, cart.code, cart.token, values, null));
  });

  scope.post(`${STORE_PATH}/checkout`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx, shopper, cart } = await pageContext(request, shop);
    const form = {
      email: shopper?.email ?? field(request.body, "email", 254),
      name: field(request.body, "name"),
      address1: field(request.body, "address1"),
      city: field(request.body, "city"),
      zip: field(request.body, "zip", 20),
    };
    const token = field(request.body, "token", 64);
    const checkoutCart = token && /^[A-Za-z0-9_-]{8,64}$/.test(token) ? { ...cart, token } : cart;
    const who = { customerId: shopper?.customerId ?? null, email: form.email || null };
    const problem = !EMAIL.test(form.email)
      ? "Enter a valid e-mail address."
      : !form.name || !form.address1 || !form.city || !form.zip
        ? "Enter your name and shipping address."
        : null;
    const result = problem
      ? ({ ok: false, message: problem } as const)
      : await placeOrder(deps, shop, checkoutCart, shopper, form, transport, log(request));
    if (!result.ok) {
      const view = await viewCart(deps, shop, cart, who);
      const status = "reason" in result && result.reason === "empty_cart" ? 400 : 422;
      return sendPage(
        reply,
        checkoutPage(ctx, view, cart.code, checkoutCart.token, form, result.message),
        status,
      );
    }
    // A new cart (new token) for whatever the shopper buys next.
    saveCart(reply, { token: randomToken(12), lines: [], code: null });
    const key = shopper ? "" : `&key=${encodeURIComponent(result.order.token)}`;
    return seeOther(reply, `${STORE_PATH}/orders/${result.order.orderId}?placed=1${key}`);
  });

  // Shopify's shareable discount link: the code goes into the cart, then on to `redirect`.
  scope.get("/discount/:code", PUBLIC, async (request, reply) => {
    const code = decodeURIComponent((request.params as { code: string }).code)
      .trim()
      .slice(0, 255);
    const to = safeReturnPath((request.query as { redirect?: string }).redirect, STORE_PATH);
    if (code) saveCart(reply, { ...cartOf(request), code });
    return reply.redirect(to, 302);
  });
}
