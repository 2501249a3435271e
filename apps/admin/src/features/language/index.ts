export { InAppLanguageCard } from "./components/in-app-language-card";
export { LanguageSelect } from "./components/language-select";
export { useLanguageMenuItems } from "./hooks/use-language-menu-items";
