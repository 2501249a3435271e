import { BlockStack, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EmailLanguageCard, NotificationEditor, NotificationList } from "../../../features/notifications";
import { useAppPaths } from "../../../lib/routing";

/** /settings, /settings/notifications and /settings/notifications/:id (areas L, M; issue 11). */
export default function SettingsScreen() {
  const { path, href } = useAppPaths();
  const { id } = useParams();
  if (id) return <NotificationEditor event={id} backUrl={href("/settings/notifications")} />;
  if (path.startsWith("/settings/notifications"))
    return <NotificationList href={href} backUrl={href("/settings")} />;
  return <SettingsOverview href={href} />;
}

/** M-01: the settings sections built so far, each a card leading to its page. */
function SettingsOverview({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  return (
    <Page title={t("notifications.settings.title")}>
      <Layout>
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
                <Button url="/dev/mailbox" external>
                  {t("notifications.mailbox.open")}
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
      </Layout>
    </Page>
  );
}
