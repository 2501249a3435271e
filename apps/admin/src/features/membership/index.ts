export { B2bPrivilegesScreen, B2bScreen } from "./components/b2b-view";
export { ExclusiveDealScreen } from "./components/exclusive-deal-view";
export { SubscriptionScreen } from "./components/subscription-view";
export { TierEditor } from "./components/tier-editor";
export { TierRewardEditor } from "./components/tier-reward-editor";
export { VipTiersView } from "./components/vip-tiers-view";
