import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /billing-dashboard — billing dashboard (area B). Not built yet. */
export default function BillingDashboardScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.billingDashboard")} />;
}
