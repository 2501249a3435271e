export { TierEditor } from "./components/tier-editor";
export { VipTiersView } from "./components/vip-tiers-view";
