import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /ai-agent — AI assistant (area Q). Not built yet. */
export default function AiAgentScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.aiAgent")} />;
}
