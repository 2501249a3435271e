import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { TierEditor, VipTiersView } from "../../../features/membership";
import { useAppPaths } from "../../../lib/routing";

/**
 * /membership, /membership/vip and the tier editor (/programs/tier/create, /programs/tier/:id):
 * VIP tiers (issue 10). The other membership pages (exclusive deal, subscription, B2B) are not
 * built yet and say so.
 */
export default function MembershipScreen() {
  const { t } = useTranslation();
  const { path } = useAppPaths();
  const { id } = useParams();
  if (path === "/programs/tier/create") return <TierEditor tierId={null} />;
  if (path.startsWith("/programs/tier/") && id) return <TierEditor tierId={id} />;
  if (path === "/membership" || path === "/membership/vip")
    return <VipTiersView overview={path === "/membership"} />;
  return <AreaUnavailable title={t("areas.membership")} />;
}
