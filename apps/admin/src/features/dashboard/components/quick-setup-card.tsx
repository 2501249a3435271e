import { BlockStack, Button, ButtonGroup, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** the quick-setup card (hidden once `isDismissQuickSetup`), pointing back to the wizard. */
export function QuickSetupCard({
  setupUrl,
  onDismiss,
  dismissing,
}: {
  setupUrl: string;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("dashboard.quickSetup.title")}
        </Text>
        <Text as="p">{t("dashboard.quickSetup.body")}</Text>
        <ButtonGroup>
          <Button url={setupUrl}>{t("dashboard.quickSetup.open")}</Button>
          <Button variant="plain" onClick={onDismiss} loading={dismissing}>
            {t("dashboard.quickSetup.dismiss")}
          </Button>
        </ButtonGroup>
      </BlockStack>
    </Card>
  );
}
