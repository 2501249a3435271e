export { postLpSettings, usePostLpSettings } from "./api/post-lp-settings";
export { LanguageSelect } from "./components/language-select";
export { useChangeLanguage } from "./hooks/use-change-language";
export { useLanguageMenuItems } from "./hooks/use-language-menu-items";
