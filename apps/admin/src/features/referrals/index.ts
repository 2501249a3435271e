export { ReferralSettingsView } from "./components/referral-settings-view";
export { ReferralWhitelistView } from "./components/referral-whitelist-view";
