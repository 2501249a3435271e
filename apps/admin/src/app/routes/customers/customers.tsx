import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { CustomerListView, CustomerProfileView, ShopActivityView } from "../../../features/customers";
import { ReferralListCard } from "../../../features/referrals";
import { useAppPaths } from "../../../lib/routing";

/**
 * /customers and its sub-pages (area J, issue 9): the list (J-03), the profile (J-04), the point
 * activity (K-01) and the referral activity (E-12) are built; import, migration, wallet and the
 * notification log are not yet.
 */
export default function CustomersScreen() {
  const { t } = useTranslation();
  const { path, href } = useAppPaths();
  const { id } = useParams();
  if (path === "/customers") {
    return (
      <Page
        fullWidth
        title={t("customers.title")}
        subtitle={t("customers.list.subtitle")}
        secondaryActions={[
          { content: t("customers.actions.referralWhitelist"), url: href("/customers/whitelist/referral") },
        ]}
      >
        <CustomerListView href={href} />
      </Page>
    );
  }
  if (path === "/customers/activity" || path === "/customers/activity/all") {
    return (
      <Page
        fullWidth
        title={t("customers.activityPage.title")}
        backAction={{ content: t("customers.title"), url: href("/customers") }}
      >
        <ShopActivityView href={href} />
      </Page>
    );
  }
  if (path === "/customers/activity/referral") {
    return (
      <Page
        fullWidth
        title={t("referrals.activityPage.title")}
        backAction={{ content: t("customers.title"), url: href("/customers") }}
        secondaryActions={[
          { content: t("referrals.activityPage.settings"), url: href("/programs/referral") },
        ]}
      >
        <ReferralListCard />
      </Page>
    );
  }
  if (path.startsWith("/customers/profile/") && id)
    return (
      <CustomerProfileView key={id} id={id} href={href} referrals={<ReferralListCard referrerId={id} />} />
    );
  return <AreaUnavailable title={t("areas.customers")} />;
}
