export { useCheckSupportAppBlock } from "./api/get-check-support-app-block";
export { useShops } from "./api/get-shops";
export { usePutShop } from "./api/put-shop";
export { CustomCss } from "./components/custom-css";
export { initialsOf, isSupportLogin, LoggedInBadge } from "./components/logged-in-badge";
export { useShopBookkeeping } from "./hooks/use-shop-bookkeeping";
