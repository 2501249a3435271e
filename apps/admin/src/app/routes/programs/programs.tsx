import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /programs and its sub-pages — reward programs (areas C–G). Not built yet. */
export default function ProgramsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.programs")} />;
}
