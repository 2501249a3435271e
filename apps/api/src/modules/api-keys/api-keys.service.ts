import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKeySummary, ApiKeyView, CreatedApiKey } from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditSecurityEvent } from "../audit/audit.service";
import { findShopById, isBlocked } from "../shops/shops.service";
import * as repo from "./api-keys.repository";

/**
 * M-07, H-06 (decision 0170): the merchant API key. A key is `lrl_live_` + 32 random bytes in
 * base64url (43 characters). Only its SHA-256 is stored; its first 12 characters after the
 * marker find the row, then the hashes are compared in constant time. The key is in the answer
 * of generate and rotate, and nowhere else: not in the list, not in the audit log, not in logs.
 */
export const API_KEY_MARKER = "lrl_live_";
const SECRET_BYTES = 32;
const LOOKUP_LENGTH = 12;
/** What the list shows: the marker and 4 characters (`lrl_live_ab12…`). */
const PREFIX_LENGTH = API_KEY_MARKER.length + 4;
const KEY_PATTERN = /^lrl_live_[A-Za-z0-9_-]{43}$/;

export interface ApiKeyAuth {
  shopId: string;
  keyId: string;
}

const hashOf = (key: string) => createHash("sha256").update(key, "utf8").digest();

function present(row: repo.ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

function newKey(): { secret: string; lookup: string; prefix: string; hash: string } {
  const secret = `${API_KEY_MARKER}${randomBytes(SECRET_BYTES).toString("base64url")}`;
  return {
    secret,
    lookup: secret.slice(API_KEY_MARKER.length, API_KEY_MARKER.length + LOOKUP_LENGTH),
    prefix: secret.slice(0, PREFIX_LENGTH),
    hash: hashOf(secret).toString("hex"),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

export async function getApiKeyView(deps: Deps, shopId: string): Promise<ApiKeyView> {
  const row = await repo.findLiveKey(deps.db, shopId);
  return { key: row ? present(row) : null, baseUrl: `${deps.config.appUrl.replace(/\/$/, "")}/api/v1` };
}

/**
 * Generate (no live key yet) or rotate (`replace`: the live key is revoked in the same
 * transaction, so it stops working the moment the new one exists).
 */
async function issueKey(deps: Deps, shopId: string, actor: Actor, replace: boolean): Promise<CreatedApiKey> {
  const key = newKey();
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const live = await repo.lockLiveKey(trx, shopId);
      if (live && !replace) throw new AppError("api_key_exists", 409);
      if (!live && replace) throw new AppError("api_key_not_found", 404);
      if (live) await repo.revokeKey(trx, shopId, live.id, now);
      const row = await repo.insertKey(trx, {
        shopId,
        id: deps.newId("apikey"),
        lookup: key.lookup,
        prefix: key.prefix,
        secretHash: key.hash,
        createdBy: actor.userId,
        now,
      });
      await auditSecurityEvent(trx, shopId, actor, replace ? "api_key.rotated" : "api_key.created", {
        keyId: row.id,
        prefix: row.prefix,
        ...(live ? { replacedKeyId: live.id, replacedPrefix: live.prefix } : {}),
      });
      return { key: present(row), secret: key.secret };
    });
  } catch (error) {
    // Two generates at once: the second meets the one-live-key index.
    if (isUniqueViolation(error)) throw new AppError("api_key_exists", 409);
    throw error;
  }
}

export const generateApiKey = (deps: Deps, shopId: string, actor: Actor) =>
  issueKey(deps, shopId, actor, false);

export const rotateApiKey = (deps: Deps, shopId: string, actor: Actor) => issueKey(deps, shopId, actor, true);

export async function revokeApiKey(deps: Deps, shopId: string, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const live = await repo.lockLiveKey(trx, shopId);
    if (!live) throw new AppError("api_key_not_found", 404);
    await repo.revokeKey(trx, shopId, live.id, deps.clock.now());
    await auditSecurityEvent(trx, shopId, actor, "api_key.revoked", { keyId: live.id, prefix: live.prefix });
  });
}

/** The `apiKey` guard: the shop a key belongs to, or 401 (missing, malformed, unknown, revoked). */
export async function authenticateApiKey(deps: Deps, key: string | undefined): Promise<ApiKeyAuth> {
  if (!key) throw new AppError("api_key_missing", 401);
  const given = hashOf(key);
  const row = KEY_PATTERN.test(key)
    ? await repo.findLiveKeyByLookup(
        deps.db,
        key.slice(API_KEY_MARKER.length, API_KEY_MARKER.length + LOOKUP_LENGTH),
      )
    : undefined;
  // Compared in constant time even when no row matched, so timing tells nothing about the lookup.
  const stored = row ? Buffer.from(row.secret_hash, "hex") : Buffer.alloc(given.length);
  const matches = timingSafeEqual(stored, given) && row !== undefined;
  if (!row || !matches) throw new AppError("api_key_invalid", 401);
  const shop = await findShopById(deps.db, row.shop_id);
  if (!shop || shop.uninstalled_at) throw new AppError("api_key_invalid", 401);
  if (isBlocked(deps, shop)) throw new AppError("shop_blocked", 403);
  await repo.touchKey(deps.db, row.shop_id, row.id, deps.clock.now());
  return { shopId: row.shop_id, keyId: row.id };
}
