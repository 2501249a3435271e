import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /subscription, /subscription/billing, /settings/subscription/plans — plans and billing (area B). Not built yet. */
export default function PlansScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.plans")} />;
}
