import { Badge, Banner, BlockStack, Card, InlineStack, Link, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useSubscriptionSettings } from "../api/get-subscription-settings";

/**
 * The Subscription section of `/settings` (M-07, C-23, D-11, O-09; decision 0170), read-only: whether
 * the store sells subscriptions (a subscription app), which purchase types programs can target, and
 * the programs that use a subscription condition, each linked to its editor.
 */
export function SubscriptionCard({ programHref }: { programHref: (id: string) => string }) {
  const { t } = useTranslation();
  const settings = useSubscriptionSettings();

  if (settings.isPending)
    return (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  if (settings.isError)
    return (
      <Card>
        <Banner
          tone="critical"
          title={t("subscriptionSettings.loadError")}
          action={{ content: t("subscriptionSettings.tryAgain"), onAction: () => void settings.refetch() }}
        />
      </Card>
    );

  const { subscriptionApp, purchaseTypes, subscriptionOrderEarning, programs } = settings.data;
  const availability = (available: boolean) =>
    available ? (
      <Badge tone="success">{t("subscriptionSettings.available")}</Badge>
    ) : (
      <Badge tone="attention">{t("subscriptionSettings.needsApp")}</Badge>
    );

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {t("subscriptionSettings.appTitle")}
            </Text>
            {subscriptionApp.detected ? (
              <Badge tone="success">{t("subscriptionSettings.detected")}</Badge>
            ) : (
              <Badge>{t("subscriptionSettings.notDetected")}</Badge>
            )}
          </InlineStack>
          <Text as="p" tone="subdued">
            {subscriptionApp.detected
              ? t("subscriptionSettings.detectedBody")
              : t("subscriptionSettings.notDetectedBody")}
          </Text>
        </BlockStack>

        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("subscriptionSettings.purchaseTypesTitle")}
          </Text>
          {purchaseTypes.map((p) => (
            <InlineStack key={p.type} gap="200" align="space-between" blockAlign="center">
              <Text as="span">{t(`subscriptionSettings.purchaseTypes.${p.type}`)}</Text>
              {availability(p.available)}
            </InlineStack>
          ))}
          <InlineStack gap="200" align="space-between" blockAlign="center">
            <Text as="span">{t("subscriptionSettings.subscriptionOrders")}</Text>
            {availability(subscriptionOrderEarning.available)}
          </InlineStack>
        </BlockStack>

        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("subscriptionSettings.programsTitle")}
          </Text>
          {programs.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("subscriptionSettings.noPrograms")}
            </Text>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
              {programs.map((p) => (
                <li key={p.id}>
                  <InlineStack gap="200" blockAlign="center">
                    <Link url={programHref(p.id)}>{p.title}</Link>
                    <Badge>
                      {p.purchaseType
                        ? t(`subscriptionSettings.purchaseTypes.${p.purchaseType}`)
                        : t("subscriptionSettings.subscriptionOrders")}
                    </Badge>
                  </InlineStack>
                </li>
              ))}
            </ul>
          )}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
