import type { NotificationSettings } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { useNotifications } from "../api/get-notifications";
import { usePutNotification } from "../api/put-notification";

/**
 * `/settings/notifications` (L-01): one row per e-mail event with its on/off switch and a link to
 * its editor; the local mailbox is linked when the shop sends through it (embedded default).
 */
export function NotificationList({ href, backUrl }: { href: (path: string) => string; backUrl: string }) {
  const { t } = useTranslation();
  const list = useNotifications();
  const put = usePutNotification();
  const toast = useToast();

  const toggle = (n: NotificationSettings) =>
    put.mutate(
      { event: n.event, body: { enabled: !n.enabled } },
      {
        onSuccess: () => toast(t(n.enabled ? "notifications.list.turnedOff" : "notifications.list.turnedOn")),
        onError: () => toast(t("notifications.saveError"), { isError: true }),
      },
    );

  let content: React.ReactNode;
  if (list.isPending) {
    content = (
      <Box padding="400" data-testid="notifications-skeleton">
        <SkeletonBodyText lines={8} />
      </Box>
    );
  } else if (list.isError) {
    content = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("notifications.loadError")}
          action={{ content: t("notifications.tryAgain"), onAction: () => void list.refetch() }}
        />
      </Box>
    );
  } else {
    const rows = list.data.notifications;
    content = (
      <IndexTable
        selectable={false}
        itemCount={rows.length}
        headings={[
          { title: t("notifications.list.event") },
          { title: t("notifications.list.status") },
          { title: t("notifications.list.actions"), alignment: "end" },
        ]}
      >
        {rows.map((n, index) => (
          <IndexTable.Row id={n.event} key={n.event} position={index}>
            <IndexTable.Cell>
              <BlockStack gap="100">
                <Text as="span" fontWeight="semibold">
                  {t(`notifications.events.${n.event}.title`)}
                </Text>
                <Text as="span" tone="subdued">
                  {t(`notifications.events.${n.event}.description`)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <span data-testid={`notification-status-${n.event}`}>
                <Badge tone={n.enabled ? "success" : undefined}>
                  {t(n.enabled ? "notifications.list.on" : "notifications.list.off")}
                </Badge>
              </span>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div style={{ display: "flex", justifyContent: "flex-end" }}>
                <ButtonGroup>
                  <Button
                    onClick={() => toggle(n)}
                    loading={put.isPending && put.variables?.event === n.event}
                    accessibilityLabel={t(
                      n.enabled ? "notifications.list.turnOffLabel" : "notifications.list.turnOnLabel",
                      {
                        event: t(`notifications.events.${n.event}.title`),
                      },
                    )}
                  >
                    {t(n.enabled ? "notifications.list.turnOff" : "notifications.list.turnOn")}
                  </Button>
                  <Button
                    variant="primary"
                    url={href(`/settings/notifications/${n.event}`)}
                    accessibilityLabel={t("notifications.list.editLabel", {
                      event: t(`notifications.events.${n.event}.title`),
                    })}
                  >
                    {t("notifications.list.edit")}
                  </Button>
                </ButtonGroup>
              </div>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <Page
      title={t("notifications.list.title")}
      subtitle={t("notifications.list.subtitle")}
      backAction={{ content: t("notifications.settings.title"), url: backUrl }}
      secondaryActions={[{ content: t("notifications.mailbox.open"), url: "/dev/mailbox", external: true }]}
    >
      <Layout>
        <Layout.Section>
          <Card padding="0">{content}</Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
