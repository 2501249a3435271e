import type { PostShopBody, Shop } from "@laurel/contracts";

/** `accessAppAt` is refreshed when it is older than 3 days. */
export const ACCESS_REFRESH_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * A-29, the bookkeeping calls due after the app loaded: clear `isFirstLogin`, and refresh
 * `accessAppAt` when it is missing or older than 3 days. One `POST /shop` body each.
 */
export function dueBookkeeping(shop: Pick<Shop, "isFirstLogin" | "accessAppAt">, now: Date): PostShopBody[] {
  const updates: PostShopBody[] = [];
  if (shop.isFirstLogin) updates.push({ isFirstLogin: false });
  const lastAccess = shop.accessAppAt ? Date.parse(shop.accessAppAt) : Number.NaN;
  if (Number.isNaN(lastAccess) || now.getTime() - lastAccess > ACCESS_REFRESH_AFTER_MS) {
    updates.push({ accessAppAt: now.toISOString() });
  }
  return updates;
}
