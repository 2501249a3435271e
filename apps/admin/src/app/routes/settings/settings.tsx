import { BlockStack, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { WeeklyReportCard } from "../../../features/analytics";
import { DevelopersCard } from "../../../features/developers";
import { InAppLanguageCard } from "../../../features/language";
import { LoyaltySettingsSections } from "../../../features/loyalty-settings";
import {
  EmailLanguageCard,
  MailDeliveryCard,
  NotificationEditor,
  NotificationList,
} from "../../../features/notifications";
import { useShops } from "../../../features/shop";
import { SubscriptionCard } from "../../../features/subscription-settings";
import { TranslationList } from "../../../features/translations";
import { useAppPaths } from "../../../lib/routing";
import { ProgramNamesCard } from "./program-names-card";

/** /settings, /settings/notifications and /settings/notifications/:id (areas L, M; issue 11). */
export default function SettingsScreen() {
  const { path, href } = useAppPaths();
  const { id } = useParams();
  const [params] = useSearchParams();
  if (id) return <NotificationEditor event={id} backUrl={href("/settings/notifications")} />;
  if (path.startsWith("/settings/notifications"))
    return <NotificationList href={href} backUrl={href("/settings")} />;
  if (params.get("type") === "translations") return <TranslationsSection href={href} />;
  return <SettingsOverview href={href} />;
}

/** `/settings?type=translations` (M-01, M-12's back target): the translation list. */
function TranslationsSection({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  return (
    <Page
      title={t("translationsEditor.listTitle")}
      backAction={{ content: t("notifications.settings.title"), url: href("/settings") }}
    >
      <TranslationList href={href} />
      <ProgramNamesCard />
    </Page>
  );
}

/**
 * M-01: the settings sections: General, Order, Pre-launch, Exchange rate, Coupon revoke, Colours
 * (one form), In-app languages, Subscription, then the e-mail, translation and weekly report cards, Developers.
 */
function SettingsOverview({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  // `isShowSettingLanguage` shows the language picker (on unless the shop turned it off).
  const showLanguage = useShops().data?.shop.settings.isShowSettingLanguage !== false;
  return (
    <Page title={t("notifications.settings.title")}>
      <Layout>
        <LoyaltySettingsSections weeklyReportAnchor="settings-weekly-report" />
        {showLanguage ? (
          <Layout.AnnotatedSection
            id="settings-in-app-languages"
            title={t("language.sectionTitle")}
            description={t("language.sectionDescription")}
          >
            <InAppLanguageCard />
          </Layout.AnnotatedSection>
        ) : null}
        <Layout.AnnotatedSection
          id="settings-subscription"
          title={t("subscriptionSettings.title")}
          description={t("subscriptionSettings.description")}
        >
          <SubscriptionCard programHref={(id) => href(`/programs/point/${id}`)} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title={t("notifications.settings.notificationsTitle")}
          description={t("notifications.settings.notificationsBody")}
        >
          <Card>
            <BlockStack gap="300">
              <Text as="p">{t("notifications.settings.notificationsCard")}</Text>
              <InlineStack gap="200">
                <Button variant="primary" url={href("/settings/notifications")}>
                  {t("notifications.settings.manage")}
                </Button>
                <Button url={href("/customers/notifications/manage")}>{t("emailLog.title")}</Button>
                <Button url="/dev/mailbox" external>
                  {t("notifications.mailbox.open")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title={t("mailDelivery.sectionTitle")}
          description={t("mailDelivery.sectionBody")}
        >
          <MailDeliveryCard />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title={t("translationsEditor.listTitle")}
          description={t("translationsEditor.sectionBody")}
        >
          <Card>
            <BlockStack gap="300">
              <Text as="p">{t("translationsEditor.sectionCard")}</Text>
              <InlineStack gap="200">
                <Button url={`${href("/settings")}?type=translations`}>
                  {t("translationsEditor.manage")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title={t("notifications.language.title")}
          description={t("notifications.language.help")}
        >
          <EmailLanguageCard />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          id="settings-weekly-report"
          title={t("analytics.weeklyReport.title")}
          description={t("analytics.weeklyReport.description")}
        >
          <WeeklyReportCard />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          id="settings-developers"
          title={t("developers.title")}
          description={t("developers.description")}
        >
          <DevelopersCard />
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
