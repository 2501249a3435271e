import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /landing-page — landing page. Not built yet. */
export default function LandingPageScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.landingPage")} />;
}
