import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { useAppPaths } from "../../../lib/routing";

/**
 * /feature-request and /feedback: the board titled 'Feature request', back to /home. The board is a
 * third-party feedback service that Laurel has not connected, so it says so.
 */
export default function FeatureRequestScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  return (
    <AreaUnavailable
      title={t("featureRequest.title")}
      heading={t("featureRequest.unavailable")}
      backUrl={href("/home")}
    />
  );
}
