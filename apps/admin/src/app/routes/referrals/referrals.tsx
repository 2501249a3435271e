import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /programs/referral, its reward pages and the referral whitelist — referrals (area E). Not built yet. */
export default function ReferralsScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.referrals")} />;
}
