import type { DemoShopper } from "@laurel/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findShopper, type Shopper } from "../accounts/accounts.service";
import { CART_COOKIE, createSessionSigner, SESSION_COOKIE, SESSION_DAYS } from "../accounts/session";
import { type Cart, itemCount, parseCart, serializeCart } from "../cart/cart";
import { randomToken } from "../platform/ids";
import type { WebhookTransport } from "../platform/webhook-sender";
import type { LaurelHttp, Logger, StoreDeps, StoreShop } from "../store-deps";
import type { PageContext } from "../views/layout";
import { unavailablePage } from "../views/layout";

export const FORM_LIMIT = 64 * 1024;
const CART_DAYS = 14;
export const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** The host app requires every route to declare its guard: the store's pages are public. */
export const PUBLIC = { config: { guard: "public" as const } };

export type Form = Record<string, string>;
const isControl = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127;

/** A form field, trimmed and bounded; control characters never reach a payload or a page. */
export const field = (form: unknown, name: string, max = 200): string => {
  const value = (form as Form | undefined)?.[name];
  if (typeof value !== "string") return "";
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

export interface StoreHttpOptions {
  deps: StoreDeps;
  shopDomain: string;
  /** The store's shop, keyed as its tables are; null when the shop is not installed. */
  findShop: (shopDomain: string) => Promise<StoreShop | null>;
  /** A secret for the shoppers' session cookies. */
  sessionSecret: string;
  secureCookies: boolean;
  laurel: LaurelHttp;
  /** Seeded shoppers shown as sign-in hints. */
  shoppers: readonly DemoShopper[];
  /**
   * The store's review app (Laurel issue 15): the signing secret the merchant pasted into it, or
   * null when no review app is connected (the product pages then show no review form).
   */
  reviewAppSecret?: () => Promise<string | null>;
}

/** What every store route shares: the shop, the shopper's session and cart, page replies. */
export function createStoreHttp(o: StoreHttpOptions) {
  const { deps } = o;
  const signer = createSessionSigner(o.sessionSecret);
  const cookieOptions = (days: number) => ({
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: o.secureCookies,
    maxAge: days * 86_400,
  });

  /** Webhooks go to Laurel's `POST /webhooks`, as Shopify posts them. */
  const transport: WebhookTransport = async ({ headers, body }) => {
    const res = await o.laurel({ method: "POST", url: "/webhooks", headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };

  const findShop = () => o.findShop(o.shopDomain);

  async function shopOr503(reply: FastifyReply): Promise<StoreShop | null> {
    const shop = await findShop();
    if (!shop) void reply.code(503).type("text/html; charset=utf-8").send(unavailablePage());
    return shop;
  }

  async function currentShopper(request: FastifyRequest, shop: StoreShop): Promise<Shopper | null> {
    const session = signer.verify(request.cookies[SESSION_COOKIE], deps.clock.now());
    return session ? findShopper(deps, shop, session.customerId) : null;
  }

  const cartOf = (request: FastifyRequest): Cart =>
    parseCart(request.cookies[CART_COOKIE], () => randomToken(12));

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

  const sendPage = (reply: FastifyReply, page: string, status = 200) =>
    reply
      .code(status)
      .header("cache-control", "private, no-store")
      .type("text/html; charset=utf-8")
      .send(page);

  const seeOther = (reply: FastifyReply, to: string) => reply.redirect(to, 303);

  const log = (request: FastifyRequest): Logger => ({
    warn: (obj: object, msg: string) => request.log.warn(obj, msg),
  });

  return {
    deps,
    laurel: o.laurel,
    shoppers: o.shoppers,
    reviewAppSecret: o.reviewAppSecret ?? (async () => null),
    transport,
    findShop,
    shopOr503,
    currentShopper,
    cartOf,
    saveCart,
    signInAs,
    pageContext,
    sendPage,
    seeOther,
    log,
  };
}

export type StoreHttp = ReturnType<typeof createStoreHttp>;
