import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /analytics and its sub-pages — activity and analytics (area K). Not built yet. */
export default function AnalyticsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.analytics")} />;
}
