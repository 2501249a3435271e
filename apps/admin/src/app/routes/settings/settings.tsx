import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /settings and its sub-pages — settings and notifications (areas L, M). Not built yet. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.settings")} />;
}
