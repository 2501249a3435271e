import { Page, SkeletonBodyText } from "@shopify/polaris";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { CustomerListView, CustomerProfileView, ShopActivityView } from "../../../features/customers";
import { EmailLogView } from "../../../features/email-log";
import { CustomerOrderExplanations } from "../../../features/programs";
import { ReferralListCard } from "../../../features/referrals";
import { useAppPaths } from "../../../lib/routing";

/** The import screen's code (CSV drop zone, progress) loads with the import screen only. */
const CustomerImportView = lazy(() =>
  import("../../../features/customer-imports").then((m) => ({ default: m.CustomerImportView })),
);

/** The migration wizard (J-13) loads with its screen only. */
const MigrationWizardView = lazy(() =>
  import("../../../features/customer-imports").then((m) => ({ default: m.MigrationWizardView })),
);

/**
 * /customers and its sub-pages (area J, issue 9): the list (J-03), the profile (J-04), the point
 * activity (K-01), the referral activity (E-12), the import with its history (J-07 … J-12) and the
 * migration wizard (J-13) are built; wallet passes are not yet.
 */
export default function CustomersScreen() {
  const { t, i18n } = useTranslation();
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
          { content: t("customerImports.action"), url: href("/customers/history") },
          { content: t("customerImports.migration.action"), url: href("/customers/migration") },
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
  if (path === "/customers/history") {
    return (
      <Page
        title={t("customerImports.title")}
        subtitle={t("customerImports.subtitle")}
        backAction={{ content: t("customers.title"), url: href("/customers") }}
      >
        <Suspense fallback={<SkeletonBodyText lines={6} />}>
          <CustomerImportView />
        </Suspense>
      </Page>
    );
  }
  if (path === "/customers/migration") {
    return (
      <Page
        title={t("customerImports.migration.title")}
        subtitle={t("customerImports.migration.subtitle")}
        backAction={{ content: t("customers.title"), url: href("/customers") }}
      >
        <Suspense fallback={<SkeletonBodyText lines={6} />}>
          <MigrationWizardView historyUrl={href("/customers/history")} />
        </Suspense>
      </Page>
    );
  }
  if (path.startsWith("/customers/profile/") && id)
    return (
      <CustomerProfileView
        key={id}
        id={id}
        href={href}
        referrals={<ReferralListCard referrerId={id} />}
        earning={<CustomerOrderExplanations customerId={id} language={i18n.language} />}
      />
    );
  if (path === "/customers/notifications/manage") {
    return (
      <Page
        fullWidth
        title={t("emailLog.title")}
        subtitle={t("emailLog.subtitle")}
        backAction={{ content: t("customers.title"), url: href("/customers") }}
        secondaryActions={[{ content: t("emailLog.settings"), url: href("/settings/notifications") }]}
      >
        <EmailLogView />
      </Page>
    );
  }
  return <AreaUnavailable title={t("areas.customers")} />;
}
