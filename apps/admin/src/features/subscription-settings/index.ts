export { SubscriptionCard } from "./components/subscription-card";
