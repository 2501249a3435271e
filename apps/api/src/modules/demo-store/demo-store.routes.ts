import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { Deps } from "../../infra/deps";
import { randomToken } from "../../infra/ids";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "../../seed/demo-shop";
import { addToCart, type Cart, itemCount, parseCart, serializeCart, setQuantity } from "./cart";
import { findCollection, findProduct } from "./catalogue";
import {
  appProxyQuery,
  authenticateShopper,
  cancelOrder,
  DEFAULT_ADDRESS,
  findDelivery,
  findShopper,
  getOrder,
  listCustomerDeliveries,
  listShopperOrders,
  mayAccessOrder,
  placeOrder,
  refundOrder,
  registerShopper,
  resolveStoreShop,
  retryDelivery,
  type Shopper,
  type StoreShop,
  viewCart,
  type WebhookTransport,
} from "./demo-store.service";
import { CART_COOKIE, createSessionSigner, SESSION_COOKIE, SESSION_DAYS } from "./session";
import {
  accountPage,
  cartPage,
  checkoutPage,
  collectionPage,
  homePage,
  LOGIN_PATH,
  loginPage,
  notFoundPage,
  orderPage,
  type PageContext,
  PROXY_PREFIX,
  productPage,
  REGISTER_PATH,
  registerPage,
  STORE_PATH,
  unavailablePage,
} from "./views";

const FORM_LIMIT = 64 * 1024;
const CART_DAYS = 14;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PUBLIC = { config: { guard: "public" as const } };

type Form = Record<string, string>;
const isControl = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127;
const field = (form: unknown, name: string, max = 200): string => {
  const value = (form as Form | undefined)?.[name];
  if (typeof value !== "string") return "";
  // Control characters never reach a payload or a page.
  return [...value]
    .filter((c) => !isControl(c))
    .join("")
    .trim()
    .slice(0, max);
};

/** A path on this site to go back to (never another origin). */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > 500) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if ([...value].some((c) => isControl(c) || c === "\\")) return fallback;
  return value;
}

/**
 * The demo store of the embedded default (decision 0015), its app-proxy emulation and Shopify's
 * `/discount/CODE` link. Registered on the demo platform only: it signs with the app's secret.
 */
export async function registerDemoStoreRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  if (deps.config.platform !== "demo") return;
  const signer = createSessionSigner(deps.sessionSecret);
  const cookieOptions = (days: number) => ({
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: deps.config.secureCookies,
    maxAge: days * 86_400,
  });

  /** Webhooks go to the real `POST /webhooks`, in-process: the same route, HMAC check and handlers. */
  const transport: WebhookTransport = async ({ headers, body }) => {
    const res = await app.inject({ method: "POST", url: "/webhooks", headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };

  async function shopOr503(reply: FastifyReply): Promise<StoreShop | null> {
    const shop = await resolveStoreShop(deps, DEMO_SHOP_DOMAIN);
    if (!shop) void reply.code(503).type("text/html; charset=utf-8").send(unavailablePage());
    return shop;
  }

  async function currentShopper(request: FastifyRequest, shop: StoreShop): Promise<Shopper | null> {
    const session = signer.verify(request.cookies[SESSION_COOKIE], deps.clock.now());
    return session ? findShopper(deps, shop, session.customerId) : null;
  }

  function cartOf(request: FastifyRequest): Cart {
    return parseCart(request.cookies[CART_COOKIE], () => randomToken(12));
  }

  function saveCart(reply: FastifyReply, cart: Cart): void {
    void reply.setCookie(CART_COOKIE, serializeCart(cart), cookieOptions(CART_DAYS));
  }

  function signInAs(reply: FastifyReply, shopper: Shopper): void {
    const expiresAt = new Date(deps.clock.now().getTime() + SESSION_DAYS * 86_400_000);
    void reply.setCookie(
      SESSION_COOKIE,
      signer.sign({ customerId: shopper.customerId, expiresAt }),
      cookieOptions(SESSION_DAYS),
    );
  }

  async function pageContext(request: FastifyRequest, shop: StoreShop) {
    const shopper = await currentShopper(request, shop);
    const cart = cartOf(request);
    const query = request.query as Record<string, string | undefined>;
    const ctx: PageContext = {
      shopDomain: shop.shopDomain,
      shopper,
      cartCount: itemCount(cart),
      widget: query.widget !== "0",
    };
    return { ctx, shopper, cart };
  }

  function sendPage(reply: FastifyReply, page: string, status = 200) {
    return reply
      .code(status)
      .header("cache-control", "private, no-store")
      .type("text/html; charset=utf-8")
      .send(page);
  }

  const seeOther = (reply: FastifyReply, to: string) => reply.redirect(to, 303);

  const log = (request: FastifyRequest) => ({
    warn: (obj: object, msg: string) => request.log.warn(obj, msg),
  });

  // ── Pages (form posts parsed here only) ────────────────────────────────────────────────────
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(STORE_PATH, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const { ctx } = await pageContext(request, shop);
      return sendPage(reply, homePage(ctx));
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
      return sendPage(reply, productPage(ctx, product));
    });

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

    // ── Orders ──────────────────────────────────────────────────────────────────────────────
    const NOTICES: Record<string, string> = {
      placed: "Thank you! Your order is confirmed and paid.",
      refunded: "Refund issued to your original payment.",
      cancelled: "Your order is cancelled and refunded.",
      retried: "Sent again.",
    };

    async function orderFor(request: FastifyRequest, reply: FastifyReply) {
      const shop = await shopOr503(reply);
      if (!shop) return null;
      const { ctx, shopper } = await pageContext(request, shop);
      const { orderId } = request.params as { orderId: string };
      const query = request.query as Record<string, string | undefined>;
      const key = field(request.body, "key", 64) || query.key || "";
      const view = await getOrder(deps, shop, orderId);
      if (!view || !mayAccessOrder(view, shopper, key)) {
        if (!shopper && !key && view) {
          void seeOther(
            reply,
            `${LOGIN_PATH}?return_to=${encodeURIComponent(`${STORE_PATH}/orders/${orderId}`)}`,
          );
          return null;
        }
        void sendPage(reply, notFoundPage(ctx, "We couldn't find this order."), 404);
        return null;
      }
      return { shop, ctx, shopper, view, key: shopper ? "" : key };
    }

    const backToOrder = (orderId: string, key: string, done: string) =>
      `${STORE_PATH}/orders/${orderId}?${done}=1${key ? `&key=${encodeURIComponent(key)}` : ""}`;

    scope.get(`${STORE_PATH}/orders/:orderId`, PUBLIC, async (request, reply) => {
      const found = await orderFor(request, reply);
      if (!found) return reply;
      const query = request.query as Record<string, string | undefined>;
      const notice = Object.keys(NOTICES).find((k) => query[k] === "1");
      return sendPage(
        reply,
        orderPage(found.ctx, found.view, {
          key: found.key || null,
          notice: notice ? (NOTICES[notice] ?? null) : null,
        }),
      );
    });

    scope.post(`${STORE_PATH}/orders/:orderId/cancel`, PUBLIC, async (request, reply) => {
      const found = await orderFor(request, reply);
      if (!found) return reply;
      const result = await cancelOrder(deps, found.shop, found.view.order.orderId, transport, log(request));
      if (!result.ok)
        return sendPage(
          reply,
          orderPage(found.ctx, found.view, { key: found.key, notice: result.message }),
          409,
        );
      return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "cancelled"));
    });

    scope.post(`${STORE_PATH}/orders/:orderId/refund`, PUBLIC, async (request, reply) => {
      const found = await orderFor(request, reply);
      if (!found) return reply;
      const line = field(request.body, "line", 19);
      const result = await refundOrder(
        deps,
        found.shop,
        found.view.order.orderId,
        { lineId: line || null },
        transport,
        log(request),
      );
      if (!result.ok)
        return sendPage(
          reply,
          orderPage(found.ctx, found.view, { key: found.key, notice: result.message }),
          409,
        );
      return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "refunded"));
    });

    scope.post(
      `${STORE_PATH}/orders/:orderId/deliveries/:webhookId/retry`,
      PUBLIC,
      async (request, reply) => {
        const found = await orderFor(request, reply);
        if (!found) return reply;
        const { webhookId } = request.params as { webhookId: string };
        const delivery = await findDelivery(deps, found.shop, webhookId);
        if (delivery?.order_id === found.view.order.orderId)
          await retryDelivery(deps, found.shop, webhookId, transport, log(request));
        return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "retried"));
      },
    );

    // ── Account ─────────────────────────────────────────────────────────────────────────────
    scope.get(`${STORE_PATH}/account`, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const { ctx, shopper } = await pageContext(request, shop);
      if (!shopper) return seeOther(reply, LOGIN_PATH);
      const [orders, deliveries] = await Promise.all([
        listShopperOrders(deps, shop, shopper.customerId),
        listCustomerDeliveries(deps, shop, shopper.customerId),
      ]);
      return sendPage(
        reply,
        accountPage(
          ctx,
          shopper,
          orders,
          deliveries.filter((d) => !d.delivered_at),
        ),
      );
    });

    scope.post(`${STORE_PATH}/account/deliveries/:webhookId/retry`, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const shopper = await currentShopper(request, shop);
      if (!shopper) return seeOther(reply, LOGIN_PATH);
      const { webhookId } = request.params as { webhookId: string };
      const delivery = await findDelivery(deps, shop, webhookId);
      if (delivery?.customer_id === shopper.customerId && delivery.order_id === null)
        await retryDelivery(deps, shop, webhookId, transport, log(request));
      return seeOther(reply, `${STORE_PATH}/account`);
    });

    const hints = DEMO_SHOPPERS.map((s) => ({
      email: s.email,
      password: s.password,
      firstName: s.firstName,
    }));

    scope.get(LOGIN_PATH, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const { ctx, shopper } = await pageContext(request, shop);
      const returnTo = safeReturnPath(
        (request.query as { return_to?: string }).return_to,
        `${STORE_PATH}/account`,
      );
      if (shopper) return seeOther(reply, returnTo);
      return sendPage(reply, loginPage(ctx, { email: "", error: null, returnTo, hints }));
    });

    scope.post(LOGIN_PATH, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const email = field(request.body, "email", 254);
      const password = (request.body as Form | undefined)?.password ?? "";
      const returnTo = safeReturnPath(field(request.body, "return_to", 500), `${STORE_PATH}/account`);
      const shopper =
        email && password ? await authenticateShopper(deps, shop, email, password.slice(0, 200)) : null;
      if (!shopper) {
        const { ctx } = await pageContext(request, shop);
        return sendPage(
          reply,
          loginPage(ctx, { email, error: "Incorrect e-mail or password.", returnTo, hints }),
          401,
        );
      }
      signInAs(reply, shopper);
      return seeOther(reply, returnTo);
    });

    scope.get(REGISTER_PATH, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const { ctx } = await pageContext(request, shop);
      const returnTo = safeReturnPath(
        (request.query as { return_to?: string }).return_to,
        `${STORE_PATH}/account`,
      );
      return sendPage(reply, registerPage(ctx, { firstName: "", lastName: "", email: "" }, [], returnTo));
    });

    scope.post(REGISTER_PATH, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const values = {
        firstName: field(request.body, "first_name", 60),
        lastName: field(request.body, "last_name", 60),
        email: field(request.body, "email", 254),
      };
      const password = (request.body as Form | undefined)?.password ?? "";
      const returnTo = safeReturnPath(field(request.body, "return_to", 500), `${STORE_PATH}/account`);
      const errors: { field: string; message: string }[] = [];
      if (!EMAIL.test(values.email))
        errors.push({ field: "email", message: "Enter a valid e-mail address." });
      if (password.length < 8 || password.length > 200)
        errors.push({ field: "password", message: "Choose a password of at least 8 characters." });
      if (errors.length === 0) {
        const result = await registerShopper(
          deps,
          shop,
          {
            email: values.email,
            password,
            firstName: values.firstName || null,
            lastName: values.lastName || null,
          },
          transport,
          log(request),
        );
        if ("shopper" in result) {
          signInAs(reply, result.shopper);
          return seeOther(reply, returnTo);
        }
        errors.push({
          field: "email",
          message: "An account with this e-mail already exists. Sign in instead.",
        });
      }
      const { ctx } = await pageContext(request, shop);
      return sendPage(reply, registerPage(ctx, values, errors, returnTo), 400);
    });

    scope.post(`${STORE_PATH}/account/logout`, PUBLIC, async (_request, reply) => {
      void reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return seeOther(reply, STORE_PATH);
    });

    // Unknown store paths get the store's 404, not the admin app.
    scope.get(`${STORE_PATH}/*`, PUBLIC, async (request, reply) => {
      const shop = await shopOr503(reply);
      if (!shop) return reply;
      const { ctx } = await pageContext(request, shop);
      return sendPage(reply, notFoundPage(ctx), 404);
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
  });

  // ── App proxy emulation: /apps/laurel/* → /proxy/*, signed as Shopify signs ───────────────
  await app.register(async (scope) => {
    // The body travels as bytes, whatever its type, as Shopify's proxy forwards it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: FORM_LIMIT * 16 }, (_req, body, done) =>
      done(null, body),
    );
    scope.all(`${PROXY_PREFIX}/*`, PUBLIC, async (request, reply) => {
      const shop = await resolveStoreShop(deps, DEMO_SHOP_DOMAIN);
      if (!shop) return reply.code(404).send({ success: false, error: "Not found", code: "not_found" });
      const q = request.url.indexOf("?");
      const path = q === -1 ? request.url : request.url.slice(0, q);
      const rest = path.slice(PROXY_PREFIX.length);
      // Shopify forwards the path under the proxy URL; it never climbs out of it.
      if (!rest.startsWith("/") || /\.\.|\/\/|\\|%2e|%2f|%5c/i.test(rest))
        return reply.code(404).send({ success: false, error: "Not found", code: "not_found" });
      const shopper = await currentShopper(request, shop);
      const query = appProxyQuery(
        deps,
        shop,
        shopper?.customerId ?? null,
        new URLSearchParams(q === -1 ? "" : request.url.slice(q + 1)),
        PROXY_PREFIX,
      );
      // Shopify strips cookies both ways and says who asked (X-Forwarded-For).
      const headers: Record<string, string> = {
        "x-forwarded-for": request.ip,
        "x-forwarded-host": request.hostname,
      };
      for (const name of ["content-type", "accept", "accept-language", "user-agent"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
      const res = await app.inject({
        method: request.method as HTTPMethods,
        url: `/proxy${rest}?${query}`,
        headers,
        ...(body ? { payload: body } : {}),
      });
      void reply.code(res.statusCode);
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        if (
          ["set-cookie", "content-length", "connection", "transfer-encoding", "keep-alive", "date"].includes(
            name,
          )
        )
          continue;
        void reply.header(name, value);
      }
      return reply.send(res.rawPayload);
    });
  });
}
