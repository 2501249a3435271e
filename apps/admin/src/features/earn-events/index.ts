export { EarnEventQueue } from "./components/earn-event-queue";
export { GrowthRewardsView } from "./components/growth-rewards-view";
export { InboundKeyCard } from "./components/inbound-key-card";
export { ReviewConnectorsCard } from "./components/review-connectors-card";
