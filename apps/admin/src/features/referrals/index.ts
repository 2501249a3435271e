export { ReferralDesigner } from "./components/referral-designer";
export { ReferralListCard } from "./components/referral-list-card";
export { ReferralSettingsView } from "./components/referral-settings-view";
export { ReferralWhitelistView } from "./components/referral-whitelist-view";
