import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /gift — Deals (area B). Not built yet. */
export default function DealsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.deals")} />;
}
