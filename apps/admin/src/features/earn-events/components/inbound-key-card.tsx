import { Banner, BlockStack, Card, SkeletonBodyText, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useInboundKey } from "../api/get-inbound-key";

/** Decision 0100: what a review-app or survey connector needs to send events to this shop. */
export function InboundKeyCard() {
  const { t } = useTranslation();
  const key = useInboundKey();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("earnEvents.inbound.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("earnEvents.inbound.body")}
        </Text>
        {key.isPending ? (
          <SkeletonBodyText lines={3} />
        ) : key.isError || !key.data ? (
          <Banner
            tone="critical"
            title={t("earnEvents.inbound.loadError")}
            action={{ content: t("earnEvents.tryAgain"), onAction: () => void key.refetch() }}
          />
        ) : (
          <>
            <TextField
              label={t("earnEvents.inbound.endpoint")}
              value={key.data.endpoint}
              readOnly
              autoComplete="off"
            />
            <TextField
              label={t("earnEvents.inbound.shop")}
              value={key.data.shopDomain}
              readOnly
              autoComplete="off"
            />
            <TextField
              label={t("earnEvents.inbound.secret")}
              value={key.data.secret}
              readOnly
              type="password"
              autoComplete="off"
              helpText={t("earnEvents.inbound.secretHelp", { seconds: key.data.replayWindowSeconds })}
            />
          </>
        )}
      </BlockStack>
    </Card>
  );
}
