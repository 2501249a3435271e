import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AreaUnavailable } from "../../../components/area-unavailable";
import {
  B2bPrivilegesScreen,
  B2bScreen,
  ExclusiveDealScreen,
  SubscriptionScreen,
  TierEditor,
  TierRewardEditor,
  VipTiersView,
} from "../../../features/membership";
import { useAppPaths } from "../../../lib/routing";

/**
 * /membership, /membership/vip and the tier editor (/programs/tier/create, /programs/tier/:id):
 * VIP tiers (issue 10); the member exclusive deal, subscription membership and B2B partner tiers
 * (/wholesale/vip, /wholesale/privileges/:id); the tier reward editor (/membership/tier-reward/:id).
 */
export default function MembershipScreen() {
  const { t } = useTranslation();
  const { path } = useAppPaths();
  const { id } = useParams();
  if (path === "/programs/tier/create") return <TierEditor tierId={null} />;
  if (path.startsWith("/programs/tier/") && id) return <TierEditor tierId={id} />;
  if (path === "/membership" || path === "/membership/vip")
    return <VipTiersView overview={path === "/membership"} />;
  if (path.startsWith("/membership/tier-reward/") && id) return <TierRewardEditor tierId={id} />;
  if (path === "/membership/exclusive-deal") return <ExclusiveDealScreen />;
  if (path === "/membership/subscription") return <SubscriptionScreen />;
  if (path === "/wholesale/vip") return <B2bScreen />;
  if (path.startsWith("/wholesale/privileges/") && id) return <B2bPrivilegesScreen tierId={id} />;
  return <AreaUnavailable title={t("areas.membership")} />;
}
