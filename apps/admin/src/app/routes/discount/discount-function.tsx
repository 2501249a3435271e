import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /discount/:functionId/:id — discount function page (D-20). Not built yet. */
export default function DiscountFunctionScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.discount")} />;
}
