import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "./errors";

/**
 * Admin tokens. Two issuers, one shape (DESIGN §1, X-61):
 * - Shopify App Bridge session tokens: HS256 with the app secret, `aud` = API key,
 *   `iss` = https://{shop}/admin, shop from `dest`.
 * - Laurel's own standalone tokens: the same claims, signed with Laurel's session secret,
 *   `iss` = "laurel", plus `sid` (server-side session) and `imp` (impersonating staff user).
 */
export const LAUREL_ISSUER = "laurel";
export const LAUREL_AUDIENCE = "laurel-admin";
export const TOKEN_LIFETIME_SECONDS = 60;
/** exp/nbf leeway, as Shopify's own library allows. */
export const CLOCK_TOLERANCE_SECONDS = 10;

export interface AdminTokenClaims {
  kind: "shopify" | "laurel";
  shopDomain: string;
  /** Shopify user id (embedded) or Laurel user id (standalone). */
  userId: string | null;
  sessionId: string | null;
  impersonatedBy: string | null;
}

export interface TokenKeys {
  shopifyApiKey: string;
  shopifyApiSecret: string;
  sessionSecret: string;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export function shopFromDest(dest: unknown): string | null {
  if (typeof dest !== "string") return null;
  try {
    const host = new URL(dest).hostname.toLowerCase();
    return SHOP_DOMAIN.test(host) ? host : null;
  } catch {
    return null;
  }
}

export async function verifyAdminToken(token: string, keys: TokenKeys, now: Date): Promise<AdminTokenClaims> {
  let unverified: ReturnType<typeof decodeJwt>;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new AppError("token_invalid", 401);
  }
  const laurel = unverified.iss === LAUREL_ISSUER;
  const secret = new TextEncoder().encode(laurel ? keys.sessionSecret : keys.shopifyApiSecret);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      audience: laurel ? LAUREL_AUDIENCE : keys.shopifyApiKey,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
      requiredClaims: ["exp", "dest"],
    });
    const shopDomain = shopFromDest(payload.dest);
    if (!shopDomain) throw new AppError("token_invalid", 401);
    if (!laurel) {
      // Shopify: iss is the shop's admin URL; its host must be the same shop as dest.
      const issShop = typeof payload.iss === "string" ? shopFromDest(payload.iss) : null;
      if (issShop !== shopDomain) throw new AppError("token_invalid", 401);
    }
    return {
      kind: laurel ? "laurel" : "shopify",
      shopDomain,
      userId: typeof payload.sub === "string" ? payload.sub : null,
      sessionId: typeof payload.sid === "string" ? payload.sid : null,
      impersonatedBy: laurel && typeof payload.imp === "string" ? payload.imp : null,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError("token_expired", 401);
    throw new AppError("token_invalid", 401);
  }
}

export async function signLaurelToken(
  claims: { shopDomain: string; userId: string; sessionId: string; impersonatedBy: string | null },
  sessionSecret: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + TOKEN_LIFETIME_SECONDS;
  const jwt = new SignJWT({
    dest: `https://${claims.shopDomain}`,
    sid: claims.sessionId,
    ...(claims.impersonatedBy ? { imp: claims.impersonatedBy } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(LAUREL_ISSUER)
    .setAudience(LAUREL_AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID());
  const token = await jwt.sign(new TextEncoder().encode(sessionSecret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Signs a Shopify-shaped session token; used by tests and the demo platform's embedded emulation. */
export async function signShopifySessionToken(opts: {
  shopDomain: string;
  apiKey: string;
  apiSecret: string;
  userId?: string;
  now: Date;
  lifetimeSeconds?: number;
}): Promise<string> {
  const iat = Math.floor(opts.now.getTime() / 1000);
  return new SignJWT({ dest: `https://${opts.shopDomain}`, sid: crypto.randomUUID() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(`https://${opts.shopDomain}/admin`)
    .setAudience(opts.apiKey)
    .setSubject(opts.userId ?? "1")
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + (opts.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(opts.apiSecret));
}

/** A checkout or customer-account UI extension's caller: the shop and, when signed in, the buyer. */
export interface ExtensionTokenClaims {
  shopDomain: string;
  /** The platform's customer id from `sub` (`gid://shopify/Customer/123` → "123"), or null. */
  customerId: string | null;
}

const CUSTOMER_GID = /^gid:\/\/shopify\/Customer\/(\d{1,20})$/;

/**
 * Verifies the session token a checkout or customer-account UI extension sends (reference §1.2,
 * decision 0180): HS256 with the app secret, within `exp`/`nbf` (10 s leeway), the shop from
 * `dest` (with or without a scheme). Like Shopify's own library for these tokens, the audience is
 * not checked: the signature with the app's secret is the proof. `sub` is the buyer only when it
 * is a customer GID; anything else is a guest.
 */
export async function verifyExtensionToken(
  token: string,
  apiSecret: string,
  now: Date,
): Promise<ExtensionTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(apiSecret), {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
      requiredClaims: ["exp", "dest"],
    });
    const dest = typeof payload.dest === "string" ? payload.dest : "";
    const shopDomain = shopFromDest(dest.includes("://") ? dest : `https://${dest}`);
    if (!shopDomain) throw new AppError("token_invalid", 401);
    const buyer = typeof payload.sub === "string" ? CUSTOMER_GID.exec(payload.sub) : null;
    return { shopDomain, customerId: buyer?.[1] ?? null };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError("token_expired", 401);
    throw new AppError("token_invalid", 401);
  }
}

/** Signs a checkout/customer-account extension session token; tests and the demo's emulation. */
export async function signExtensionSessionToken(opts: {
  shopDomain: string;
  apiKey: string;
  apiSecret: string;
  customerId?: string;
  now: Date;
  lifetimeSeconds?: number;
}): Promise<string> {
  const iat = Math.floor(opts.now.getTime() / 1000);
  const jwt = new SignJWT({ dest: opts.shopDomain })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(opts.apiKey)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + (opts.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
    .setJti(crypto.randomUUID());
  if (opts.customerId) jwt.setSubject(`gid://shopify/Customer/${opts.customerId}`);
  return jwt.sign(new TextEncoder().encode(opts.apiSecret));
}
