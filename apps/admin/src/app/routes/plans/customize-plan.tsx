import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /customize_plan — plan customisation (area B). Not built yet. */
export default function CustomizePlanScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.customizePlan")} />;
}
