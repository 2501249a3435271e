import {
  type StaffShop,
  type WebhookDeliveryStatus,
  type WebhookLogCounts,
  webhookDeliveryStatuses,
} from "@laurel/contracts";
import { Button, ButtonGroup, InlineStack, Select } from "@shopify/polaris";
import { RefreshIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { WEBHOOK_TOPICS } from "../utils/format";

export interface WebhookLogFiltersProps {
  shops: StaffShop[];
  shop: string | undefined;
  status: WebhookDeliveryStatus | undefined;
  topic: string | undefined;
  counts: WebhookLogCounts | undefined;
  countCap: number;
  onChange: (key: "shop" | "status" | "topic", value: string | undefined) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Status tabs with counts, a shop and a topic filter, and a refresh button. */
export function WebhookLogFilters(props: WebhookLogFiltersProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const countLabel = (n: number) =>
    n >= props.countCap ? `${number.format(props.countCap)}+` : number.format(n);
  const tabs: Array<{ id: WebhookDeliveryStatus | undefined; label: string }> = [
    { id: undefined, label: t("webhookLog.tabs.all") },
    ...webhookDeliveryStatuses.map((s) => ({
      id: s,
      label: props.counts
        ? t("webhookLog.tabs.withCount", {
            label: t(`webhookLog.status.${s}`),
            n: countLabel(props.counts[s]),
          })
        : t(`webhookLog.status.${s}`),
    })),
  ];
  // A shop typed into the URL by hand (a domain) stays selectable.
  const knownShop = props.shop === undefined || props.shops.some((s) => s.id === props.shop);
  const topicKnown = props.topic === undefined || (WEBHOOK_TOPICS as readonly string[]).includes(props.topic);

  return (
    <InlineStack gap="300" align="space-between" blockAlign="end">
      <ButtonGroup variant="segmented">
        {tabs.map((tab) => (
          <Button
            key={tab.id ?? "all"}
            pressed={props.status === tab.id}
            onClick={() => props.onChange("status", tab.id)}
          >
            {tab.label}
          </Button>
        ))}
      </ButtonGroup>
      <InlineStack gap="200" blockAlign="end">
        <Select
          label={t("webhookLog.filters.shop")}
          value={props.shop ?? ""}
          onChange={(v) => props.onChange("shop", v || undefined)}
          options={[
            { label: t("webhookLog.filters.allShops"), value: "" },
            ...(knownShop ? [] : [{ label: props.shop as string, value: props.shop as string }]),
            ...props.shops.map((s) => ({ label: `${s.name} (${s.shopifyDomain})`, value: s.id })),
          ]}
        />
        <Select
          label={t("webhookLog.filters.topic")}
          value={props.topic ?? ""}
          onChange={(v) => props.onChange("topic", v || undefined)}
          options={[
            { label: t("webhookLog.filters.allTopics"), value: "" },
            ...(topicKnown ? [] : [{ label: props.topic as string, value: props.topic as string }]),
            ...WEBHOOK_TOPICS.map((topic) => ({ label: topic, value: topic })),
          ]}
        />
        <Button icon={RefreshIcon} onClick={props.onRefresh} loading={props.refreshing}>
          {t("webhookLog.refresh")}
        </Button>
      </InlineStack>
    </InlineStack>
  );
}
