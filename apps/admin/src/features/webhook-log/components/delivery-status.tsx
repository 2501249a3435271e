import type { WebhookDeliveryStatus } from "@laurel/contracts";
import { Badge, type BadgeProps, InlineStack } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

const tones: Record<WebhookDeliveryStatus, BadgeProps["tone"]> = {
  received: "info",
  processed: "success",
  failed: "critical",
};

/** The delivery's status, and "duplicate ×N" when Shopify delivered it again N times. */
export function DeliveryStatus({
  status,
  duplicates,
}: {
  status: WebhookDeliveryStatus;
  duplicates: number;
}) {
  const { t } = useTranslation();
  return (
    <InlineStack gap="100" wrap={false}>
      <Badge tone={tones[status]}>{t(`webhookLog.status.${status}`)}</Badge>
      {duplicates > 0 ? <Badge tone="attention">{t("webhookLog.duplicate", { n: duplicates })}</Badge> : null}
    </InlineStack>
  );
}
