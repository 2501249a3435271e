export { QuickSetupCard } from "./components/quick-setup-card";
export { ShopOverview } from "./components/shop-overview";
