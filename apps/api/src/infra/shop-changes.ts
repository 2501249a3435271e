/**
 * "This shop or its programs just changed": repositories that write a shop's row or programs call
 * `markShopChanged`, and in-process caches of shop data (the shop context) listen. Other processes
 * learn of the change when their cache entry expires (SHOP_CACHE_MS).
 */
type Listener = (shopId: string) => void;

const listeners = new Set<Listener>();

export function onShopChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markShopChanged(shopId: string): void {
  for (const listener of listeners) listener(shopId);
}
