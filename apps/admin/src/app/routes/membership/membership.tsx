import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";

/** /membership, /wholesale and their sub-pages — VIP and B2B tiers (area I). Not built yet. */
export default function MembershipScreen() {
  const { t } = useTranslation();
  return <AreaUnavailable title={t("areas.membership")} />;
}
