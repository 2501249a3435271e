export { useDevZoneShops } from "./api/get-dev-zone-shops";
export { DevZoneShopList } from "./components/dev-zone-shop-list";
export { SupportTools } from "./components/support-tools";
export { useImpersonate } from "./hooks/use-impersonate";
