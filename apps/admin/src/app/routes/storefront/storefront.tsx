import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /storefront and its sub-pages — on-site content and widget (area N). Not built yet. */
export default function StorefrontScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.storefront")} />;
}
