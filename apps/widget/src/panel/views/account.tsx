/**
 * A member's views, in their own chunk: the panel opens without them (a guest never needs them),
 * and imports them as soon as it knows the shopper is a member, usually long before a button
 * that shows one is pressed.
 */
export { CouponsView } from "./coupons";
export { EarnEventsView } from "./earn-events";
export { HistoryView } from "./history";
export { RedeemView, RewardView } from "./redeem";
export { ReferralView } from "./referral";
