import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /integration and its sub-pages — integrations (area O). Not built yet. */
export default function IntegrationScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.integration")} />;
}
