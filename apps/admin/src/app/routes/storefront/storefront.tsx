import type { PopupKind } from "@laurel/contracts";
import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";
import {
  CheckoutDiscountEditor,
  CustomerLoginEditor,
  FaqsEditor,
  LoyaltyPageEditor,
  OnsiteOverview,
  PointCalculatorEditor,
  PopupEditor,
  SignupBlockEditor,
  WidgetDesigner,
} from "../../../features/onsite";
import { useAppPaths } from "../../../lib/routing";

/** N-02: the popup branding pages, by their paths. */
const POPUP_PAGES: Record<string, PopupKind> = {
  "/storefront/branding/signup-widget": "sign_up",
  "/storefront/branding/interact-website": "visit_website",
  "/storefront/branding/reminder": "reward_reminder",
};

/** /storefront and its sub-pages — on-site content and widget (area N, issue 12). */
export default function StorefrontScreen() {
  const { t } = useTranslation();
  const { path, href } = useAppPaths();
  if (path === "/storefront") return <OnsiteOverview href={href} />;
  if (path === "/storefront/branding/point") return <WidgetDesigner backUrl={href("/storefront")} />;
  if (path === "/storefront/faqs") return <FaqsEditor backUrl={href("/storefront")} />;
  if (path === "/storefront/loyalty-page")
    return <LoyaltyPageEditor backUrl={href("/storefront")} settingsUrl={href("/settings")} />;
  // N-01 names both paths for the point calculator (N-20, M-22).
  if (path === "/storefront/calculator" || path === "/storefront/point-calculator")
    return (
      <PointCalculatorEditor
        backUrl={href("/storefront")}
        translationsUrl={href("/settings/translations/editor?type=point-calculator")}
      />
    );
  if (path === "/storefront/branding/checkout-discount")
    return <CheckoutDiscountEditor backUrl={href("/storefront")} />;
  if (path === "/storefront/branding/signup-block")
    return <SignupBlockEditor backUrl={href("/storefront")} />;
  if (path === "/storefront/branding/customer-login")
    return <CustomerLoginEditor backUrl={href("/storefront")} />;
  const popup = POPUP_PAGES[path];
  if (popup) return <PopupEditor kind={popup} backUrl={href("/storefront")} />;
  // The other on-site pages come later (N-01, N-02): an honest empty state.
  return <AreaUnavailable title={t("areas.storefront")} backUrl={href("/storefront")} />;
}
