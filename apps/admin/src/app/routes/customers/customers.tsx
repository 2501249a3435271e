import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /customers and its sub-pages — customers (area J). Not built yet. */
export default function CustomersScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.customers")} />;
}
