import { ReferralDesigner, ReferralSettingsView, ReferralWhitelistView } from "../../../features/referrals";
import { useAppPaths } from "../../../lib/routing";

/**
 * Referrals (area E, issue 18): `/programs/referral` with its reward pages
 * (`/friendReward`, `/customerReward`) as tabs of one form, `/customers/whitelist/referral`, and
 * the referral branding pages (E-13) under `/storefront/branding/`, one designer.
 */
export default function ReferralsScreen() {
  const { path } = useAppPaths();
  if (path.startsWith("/customers/whitelist/referral")) return <ReferralWhitelistView />;
  if (path.startsWith("/storefront/branding/")) return <ReferralDesigner />;
  return <ReferralSettingsView />;
}
