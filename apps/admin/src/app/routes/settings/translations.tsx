import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /translations, /settings/translations/editor — translation editor (area M). Not built yet. */
export default function TranslationsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.translations")} />;
}
