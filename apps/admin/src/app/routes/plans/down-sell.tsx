import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /downSell — downgrade offer (area B). Not built yet. */
export default function DownSellScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.downSell")} />;
}
