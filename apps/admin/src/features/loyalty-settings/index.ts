export { LoyaltySettingsSections } from "./components/loyalty-settings-sections";
