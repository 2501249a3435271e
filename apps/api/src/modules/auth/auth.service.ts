import { createHash } from "node:crypto";
import { type LoginBody, SESSION_COOKIE_SECONDS } from "@laurel/contracts";
import type { Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { AdminAuth } from "../../infra/http";
import { randomToken } from "../../infra/ids";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../../infra/password";
import { signLaurelToken, verifyAdminToken } from "../../infra/tokens";
import { auditImpersonationStart } from "../audit/audit.service";
import { ensureShopInstalled, findShopById, getShopOrThrow, isBlocked } from "../shops/shops.service";
import * as repo from "./auth.repository";
import type { LoginThrottle } from "./login-throttle";

/** The cookie holds a random secret; the database holds only its hash, so a leaked table opens nothing. */
const sessionIdOf = (secret: string) => createHash("sha256").update(secret).digest("base64url");

export interface NewSession {
  cookie: string;
  expiresAt: Date;
}

async function openSession(
  deps: Deps,
  userId: string,
  shopId: string,
  impersonatedBy: string | null,
): Promise<NewSession> {
  const cookie = randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + SESSION_COOKIE_SECONDS * 1000);
  await repo.insertSession(deps.db, { id: sessionIdOf(cookie), userId, shopId, impersonatedBy, expiresAt });
  return { cookie, expiresAt };
}

/** A sign-in refused by the throttle: answered 429 with Retry-After. */
export class SignInThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("too_many_attempts", 429);
  }
}

/**
 * Standalone sign-in. Unknown e-mail and wrong password get the same answer and the same
 * work; both count towards the throttle of this e-mail from this source (`ip`), which is checked
 * before any password is.
 */
export async function login(
  deps: Deps,
  body: LoginBody,
  from: { ip: string; throttle: LoginThrottle },
): Promise<NewSession & { redirectTo: string }> {
  const now = deps.clock.now();
  const waitMs = from.throttle.waitMs(body.email, from.ip, now);
  if (waitMs > 0) throw new SignInThrottled(Math.ceil(waitMs / 1000));
  const user = await repo.findUserByEmail(deps.db, body.email);
  const passwordOk = user
    ? await verifyPassword(body.password, user.password_hash)
    : await verifyPassword(body.password, DUMMY_PASSWORD_HASH).then(() => false);
  if (!user || !passwordOk) {
    from.throttle.recordFailure(body.email, from.ip, now);
    throw new AppError("invalid_credentials", 401);
  }
  from.throttle.recordSuccess(body.email, from.ip);
  if (!user.shop_id) throw new AppError("invalid_credentials", 401, "This account is not linked to a shop.");
  const session = await openSession(deps, user.id, user.shop_id, null);
  return { ...session, redirectTo: "/" };
}

export async function logout(deps: Deps, cookie: string | undefined): Promise<void> {
  if (cookie) await repo.deleteSession(deps.db, sessionIdOf(cookie));
}

async function liveSession(deps: Deps, sessionId: string) {
  const session = await repo.findSession(deps.db, sessionId);
  if (!session || session.expires_at.getTime() <= deps.clock.now().getTime()) return undefined;
  return session;
}

/** `GET /auth/token`: a 60-second admin token for the cookie's session. */
export async function issueToken(deps: Deps, cookie: string | undefined) {
  if (!cookie) throw new AppError("unauthenticated", 401);
  const session = await liveSession(deps, sessionIdOf(cookie));
  if (!session) throw new AppError("unauthenticated", 401);
  const shop = await getShopOrThrow(deps, session.shop_id);
  const { token, expiresAt } = await signLaurelToken(
    {
      shopDomain: shop.shopify_domain,
      userId: session.user_id,
      sessionId: session.id,
      impersonatedBy: session.impersonated_by,
    },
    deps.sessionSecret,
    deps.clock.now(),
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Verifies an admin token and scopes the request to its shop. Blocked shops are
 * refused here, for every admin route.
 */
export async function authenticateAdmin(deps: Deps, token: string): Promise<AdminAuth> {
  const claims = await verifyAdminToken(
    token,
    {
      shopifyApiKey: deps.config.shopifyApiKey,
      shopifyApiSecret: deps.config.shopifyApiSecret,
      sessionSecret: deps.sessionSecret,
    },
    deps.clock.now(),
  );
  let auth: AdminAuth;
  if (claims.kind === "laurel") {
    const session = claims.sessionId ? await liveSession(deps, claims.sessionId) : undefined;
    if (!session || session.user_id !== claims.userId) throw new AppError("unauthenticated", 401);
    const [shop, user] = await Promise.all([
      findShopById(deps.db, session.shop_id),
      repo.findUserById(deps.db, session.user_id),
    ]);
    if (!shop || !user || shop.shopify_domain !== claims.shopDomain)
      throw new AppError("unauthenticated", 401);
    if (isBlocked(deps, shop)) throw new AppError("shop_blocked", 403);
    auth = {
      shopId: shop.id,
      shopDomain: shop.shopify_domain,
      mode: "standalone",
      userId: user.id,
      userEmail: user.email,
      isStaff: user.is_staff,
      impersonatedBy: session.impersonated_by,
    };
  } else {
    const shop = await ensureShopInstalled(deps, claims.shopDomain, token);
    if (isBlocked(deps, shop)) throw new AppError("shop_blocked", 403);
    auth = {
      shopId: shop.id,
      shopDomain: shop.shopify_domain,
      mode: "embedded",
      userId: claims.userId,
      userEmail: null,
      isStaff: false,
      impersonatedBy: null,
    };
  }
  return auth;
}

/** a staff member opens a session on a merchant's shop; it is logged and marked on every write. */
export async function impersonate(deps: Deps, staff: AdminAuth, shopId: string) {
  if (!staff.isStaff || !staff.userId) throw new AppError("staff_only", 403);
  const shop = await getShopOrThrow(deps, shopId);
  const session = await openSession(deps, staff.userId, shop.id, staff.userId);
  await deps.db.transaction().execute((trx) => auditImpersonationStart(trx, shop.id, staff.userId as string));
  const token = await issueToken(deps, session.cookie);
  return { session, token };
}

/** Creates a sign-in account unless the e-mail exists (seeding, staff tooling). */
export async function ensureUserAccount(
  trx: Tx,
  account: { id: string; email: string; password: string; shopId: string | null; isStaff: boolean },
): Promise<void> {
  const passwordHash = await hashPassword(account.password);
  await repo.upsertUser(trx, { ...account, passwordHash });
}
