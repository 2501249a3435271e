export { useDevZoneShops } from "./api/get-dev-zone-shops";
export { DevZoneShopList } from "./components/dev-zone-shop-list";
export { useImpersonate } from "./hooks/use-impersonate";
