import type { StoreDeps, StoreShop } from "../store-deps";
import { appProxySignature } from "./signatures";

const PROXY_PARAMS = new Set(["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"]);

/**
 * The query Shopify's app proxy forwards: the storefront's own parameters (any it tried to pass as
 * Shopify's are dropped), then `shop`, `logged_in_customer_id` (empty for guests), `path_prefix`,
 * `timestamp` and the `signature` over all of them.
 */
export function appProxyQuery(
  deps: StoreDeps,
  shop: StoreShop,
  customerId: string | null,
  incoming: URLSearchParams,
  pathPrefix: string,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of incoming) if (!PROXY_PARAMS.has(key)) query.append(key, value);
  query.append("shop", shop.shopDomain);
  query.append("logged_in_customer_id", customerId ?? "");
  query.append("path_prefix", pathPrefix);
  query.append("timestamp", String(Math.floor(deps.clock.now().getTime() / 1000)));
  query.append("signature", appProxySignature(query, deps.appSecret));
  return query;
}
