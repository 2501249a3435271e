export { getDevZoneShops, useDevZoneShops } from "./api/get-dev-zone-shops";
export { postImpersonate, usePostImpersonate } from "./api/post-impersonate";
export { DevZoneShopList, type DevZoneShopListProps } from "./components/dev-zone-shop-list";
export { useImpersonate } from "./hooks/use-impersonate";
