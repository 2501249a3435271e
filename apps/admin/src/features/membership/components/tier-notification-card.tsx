import type { TierProgramView } from "@laurel/contracts";
import { BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";

const EVENTS = ["tier_up", "tier_down", "tier_demotion_notice"] as const;

/**
 * The VIP Notification tab (I-26): the e-mails tiers send — moving up, moving down, and the notice
 * before a demotion ("notify before", sent once per step by the daily sweep) — each edited with the
 * other e-mails in Settings › Notifications.
 */
export function TierNotificationCard({ program }: { program: TierProgramView }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const demotion = program.settings.demotion;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("membershipMore.notification.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("membershipMore.notification.help")}
        </Text>
        {EVENTS.map((event) => (
          <InlineStack key={event} align="space-between" blockAlign="center">
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold">
                {t(`membershipMore.notification.events.${event}`)}
              </Text>
              <Text as="p" tone="subdued">
                {t(`membershipMore.notification.when.${event}`)}
              </Text>
            </BlockStack>
            <Link url={href(`/settings/notifications/${event}`)}>
              {t("membershipMore.notification.edit")}
            </Link>
          </InlineStack>
        ))}
        <div data-testid="tier-notify-before">
          <Text as="p">
            {demotion && demotion.notifyBeforeDays > 0
              ? t("membershipMore.notification.notifyBefore", { count: demotion.notifyBeforeDays })
              : t("membershipMore.notification.noNotice")}
          </Text>
        </div>
      </BlockStack>
    </Card>
  );
}
