export { AppNavigation, type AppNavigationProps } from "./components/app-navigation";
export { useFeatureRequestNudge } from "./hooks/use-feature-request-nudge";
export { isCurrentItem, type NavItemSpec, type NavKey, navItemSpecs, usageTone } from "./utils/nav-items";
