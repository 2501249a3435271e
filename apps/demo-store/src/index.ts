/**
 * @laurel/demo-store: the local storefront of the embedded default (decision 0045). Its public
 * surface: the Fastify plugin, its seed, and what the host's tests check Laurel against.
 */
export { type Shopper, seedStoreShoppers } from "./accounts/accounts.service";
export { PRODUCTS } from "./catalogue/catalogue";
export { appProxyQuery } from "./platform/app-proxy";
export {
  customerPayload,
  orderWebhookPayload,
  refundWebhookPayload,
  type StoredOrder,
  serializePayload,
} from "./platform/shopify-payloads";
export { type DemoStoreOptions, demoStorePlugin } from "./plugin";
export type { LaurelHttp, StoreDeps, StoreShop } from "./store-deps";
export { escapeHtml } from "./views/html";
