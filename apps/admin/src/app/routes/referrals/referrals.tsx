import { ReferralSettingsView, ReferralWhitelistView } from "../../../features/referrals";
import { useAppPaths } from "../../../lib/routing";

/**
 * Referrals (area E, issue 18): `/programs/referral` with its reward pages
 * (`/friendReward`, `/customerReward`) as tabs of one form, and `/customers/whitelist/referral`.
 */
export default function ReferralsScreen() {
  const { path } = useAppPaths();
  if (path.startsWith("/customers/whitelist/referral")) return <ReferralWhitelistView />;
  return <ReferralSettingsView />;
}
