/**
 * @laurel/demo-store: the local storefront of the embedded default (decision 0045). Its public
 * surface is what a host needs: the Fastify plugin, the seed of its shoppers' accounts, and the
 * types of what it is given.
 */
export { seedStoreShoppers } from "./accounts/accounts.service";
export { seedStoreCatalogue } from "./catalogue/catalogue.seed";
export { type DemoStoreOptions, demoStorePlugin } from "./plugin";
export type { LaurelHttp, StoreDeps, StoreShop } from "./store-deps";
