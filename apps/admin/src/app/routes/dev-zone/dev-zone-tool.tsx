import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { useAppPaths } from "../../../lib/routing";
import type { DevZoneToolKey } from "../../route-table";

/** /dev_zone/<tool> (P-01): internal tools, not built yet. */
export default function DevZoneToolScreen({ tool }: { tool: DevZoneToolKey }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  return <AreaUnavailable title={t(`devZone.tools.${tool}`)} backUrl={href("/dev_zone")} />;
}
