export { getCheckSupportAppBlock, useCheckSupportAppBlock } from "./api/get-check-support-app-block";
export { getShops, getShopsQueryOptions, useShops } from "./api/get-shops";
export { postShop, usePostShop } from "./api/post-shop";
export { putShop, usePutShop } from "./api/put-shop";
export { CustomCss } from "./components/custom-css";
export { initialsOf, isSupportLogin, LoggedInBadge } from "./components/logged-in-badge";
export { useShopBookkeeping } from "./hooks/use-shop-bookkeeping";
export { ACCESS_REFRESH_AFTER_MS, dueBookkeeping } from "./utils/bookkeeping";
