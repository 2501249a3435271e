export { QuickSetupCard } from "./components/quick-setup-card";
export { ShopOverview, type ShopOverviewProps } from "./components/shop-overview";
