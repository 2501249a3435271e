import type { OrderExplanation } from "@laurel/contracts";
import {
  Badge,
  type BadgeProps,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  DataTable,
  EmptyState,
  InlineStack,
  Page,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { useOrderExplanations } from "../api/get-order-explanations";
import { conditionCheckText } from "../utils/condition-text";
import { formatMoney } from "../utils/money";

const resultTones: Record<OrderExplanation["trace"][number]["result"], BadgeProps["tone"]> = {
  awarded: "success",
  matched_zero: "attention",
  skipped: undefined,
  not_reached: undefined,
};

export interface OrderExplanationViewProps {
  query: string;
  language: string;
  backHref: string;
  onSearch: (q: string) => void;
}

/** One order's explanation: its outcome, each program's decision with its conditions, its entries. */
export function OrderExplanationCard({ order: o, language }: { order: OrderExplanation; language: string }) {
  const { t } = useTranslation();
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const reasonText = (code: string | null) =>
    code ? t(`programs.explain.reasons.${code}`, { defaultValue: code }) : null;
  const heading = o.name ?? o.orderId;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("programs.explain.order", { name: heading })}
          </Text>
          <Badge tone={o.pointsAwarded > 0 ? "success" : undefined}>
            {t("programs.explain.points", { points: o.pointsAwarded })}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {[
            dateTime(o.orderedAt),
            formatMoney(o.totalMinor, o.currency, language),
            o.customer ? (o.customer.name ?? o.customer.email ?? o.customer.id) : t("programs.explain.guest"),
          ].join(" · ")}
        </Text>
        <Text as="p">
          {t(`programs.explain.status.${o.status}`, { defaultValue: o.status })}
          {o.reason ? ` — ${reasonText(o.reason)}` : ""}
        </Text>
        {o.pendingPoints > 0 && o.pendingUntil ? (
          <Text as="p">
            {t("programs.explain.pendingUntil", {
              points: o.pendingPoints,
              date: dateTime(o.pendingUntil),
            })}
          </Text>
        ) : null}
        {o.refundedMinor > 0 ? (
          <Text as="p">
            {t("programs.explain.refunded", {
              amount: formatMoney(o.refundedMinor, o.currency, language),
              points: o.pointsReversed,
            })}
          </Text>
        ) : null}
        <Text as="h3" variant="headingSm">
          {t("programs.explain.programsHeading")}
        </Text>
        {o.trace.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("programs.explain.noTrace")}
          </Text>
        ) : (
          <BlockStack gap="200">
            {o.trace.map((p, i) => (
              <BlockStack key={p.programId} gap="100">
                <InlineStack gap="200" blockAlign="center" wrap>
                  <Text as="span" tone="subdued">
                    {i + 1}.
                  </Text>
                  <Text as="span" fontWeight="semibold">
                    {p.title ?? t("programs.explain.deletedProgram")}
                  </Text>
                  <Badge tone={resultTones[p.result]}>
                    {t(`programs.explain.results.${p.result}`, { points: p.points })}
                  </Badge>
                  {p.reason ? <Text as="span">{reasonText(p.reason)}</Text> : null}
                </InlineStack>
                {p.conditions.length > 0 ? (
                  // C-19: which of the rule's conditions the order met, each in plain words.
                  <Box paddingInlineStart="600">
                    <BlockStack gap="050" as="ul">
                      {p.conditions.map((c, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a rule's conditions are a fixed, ordered list
                        <li key={j}>
                          <Text as="span" tone={c.met ? "success" : "critical"}>
                            {conditionCheckText(t, c)}
                          </Text>
                        </li>
                      ))}
                      {p.reason === "conditions_not_met" && p.conditions.every((c) => c.met) ? (
                        // Each condition held for some item, but the rule needs one item to meet them all.
                        <li>
                          <Text as="span" tone="critical">
                            {t("programs.explain.conditionsNotTogether")}
                          </Text>
                        </li>
                      ) : null}
                    </BlockStack>
                  </Box>
                ) : null}
              </BlockStack>
            ))}
          </BlockStack>
        )}
        <Text as="h3" variant="headingSm">
          {t("programs.explain.entriesHeading")}
        </Text>
        {o.entries.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("programs.explain.noEntries")}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "numeric", "numeric"]}
            headings={[
              t("programs.explain.columns.date"),
              t("programs.explain.columns.activity"),
              t("programs.explain.columns.available"),
              t("programs.explain.columns.pending"),
            ]}
            rows={o.entries.map((e) => [
              dateTime(e.createdAt),
              t(`programs.explain.activities.${e.activityType}`, { defaultValue: e.activityType }),
              e.available,
              e.pending,
            ])}
          />
        )}
      </BlockStack>
    </Card>
  );
}

/**
 * "Why did (or didn't) this order earn?" (issue 14): for an order number or a customer's e-mail,
 * each place order program in the priority order it ran, its decision and reason in plain words,
 * the points, and the ledger entries the order produced.
 */
export function OrderExplanationView({ query, language, backHref, onSearch }: OrderExplanationViewProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(query);
  const found = useOrderExplanations(query);
  let results: React.ReactNode = null;
  if (query.trim() === "") {
    results = null;
  } else if (found.isPending) {
    results = (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  } else if (found.isError) {
    results = (
      <Banner
        tone="critical"
        title={t("programs.explain.loadError")}
        action={{ content: t("programs.list.tryAgain"), onAction: () => void found.refetch() }}
      >
        <p>{found.error.message}</p>
      </Banner>
    );
  } else if (found.data.length === 0) {
    results = (
      <Card>
        <EmptyState heading={t("programs.explain.emptyTitle")} image={emptyStateImage}>
          <p>{t("programs.explain.emptyBody", { query })}</p>
        </EmptyState>
      </Card>
    );
  } else {
    results = (
      <BlockStack gap="400">
        {found.data.map((o) => (
          <OrderExplanationCard key={o.orderId} order={o} language={language} />
        ))}
      </BlockStack>
    );
  }

  return (
    <Page
      title={t("programs.title")}
      subtitle={t("programs.explain.subtitle")}
      backAction={{ content: t("programs.title"), url: backHref }}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("programs.explain.title")}
            </Text>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onSearch(text.trim());
              }}
            >
              <InlineStack gap="200" blockAlign="end" wrap={false}>
                <Box width="100%">
                  <TextField
                    label={t("programs.explain.searchLabel")}
                    placeholder={t("programs.explain.searchPlaceholder")}
                    value={text}
                    onChange={setText}
                    autoComplete="off"
                  />
                </Box>
                <Button submit variant="primary">
                  {t("programs.explain.search")}
                </Button>
              </InlineStack>
            </form>
          </BlockStack>
        </Card>
        {results}
      </BlockStack>
    </Page>
  );
}
