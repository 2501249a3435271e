import type { CreateProgramBody } from "@laurel/contracts";
import { Banner, BlockStack, Button, Card, DataTable, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useBacktest } from "../api/post-backtest";
import { formatMoney } from "../utils/money";

export interface BacktestCardProps {
  programId: string | null;
  program: CreateProgramBody;
  language: string;
}

/**
 * Before saving a place order change (issue 14): the last 30 or 90 days of orders under the rules
 * as edited, against what they were awarded, per program, with the cost at the shop's point value
 * and the orders that change. It reads orders only.
 */
export function BacktestCard({ programId, program, language }: BacktestCardProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<30 | 90>(30);
  const run = useBacktest();
  const result = run.data;
  const errorText =
    run.error instanceof ApiError
      ? (run.error.errors[0]?.message ?? run.error.serverError)
      : run.error?.message;
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.backtest.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("programs.backtest.help")}
        </Text>
        <InlineStack gap="200" blockAlign="end">
          <Select
            label={t("programs.backtest.period")}
            options={[
              { value: "30", label: t("programs.backtest.days30") },
              { value: "90", label: t("programs.backtest.days90") },
            ]}
            value={String(days)}
            onChange={(v) => setDays(v === "90" ? 90 : 30)}
          />
          <Button loading={run.isPending} onClick={() => run.mutate({ programId, days, program })}>
            {t("programs.backtest.run")}
          </Button>
        </InlineStack>
        {run.isError ? (
          <Banner tone="critical" title={t("programs.backtest.failed")}>
            <p>{errorText}</p>
          </Banner>
        ) : null}
        {result ? (
          <BlockStack gap="200" data-testid="backtest-result">
            <Text as="p">
              {t("programs.backtest.summary", {
                orders: result.orders,
                awarded: result.awardedPoints,
                would: result.wouldPoints,
              })}
            </Text>
            <Text as="p" fontWeight="semibold">
              {t("programs.backtest.cost", {
                points: signed(result.wouldPoints - result.awardedPoints),
                money: formatMoney(result.costDifferenceMinor, result.currency, language),
              })}
            </Text>
            {result.truncated ? (
              <Text as="p" tone="caution">
                {t("programs.backtest.truncated")}
              </Text>
            ) : null}
            <DataTable
              columnContentTypes={["text", "numeric", "numeric"]}
              headings={[
                t("programs.backtest.program"),
                t("programs.backtest.awarded"),
                t("programs.backtest.would"),
              ]}
              rows={result.programs.map((p) => [p.title, p.awarded, p.would])}
            />
            <Text as="p">{t("programs.backtest.changed", { count: result.changedOrders })}</Text>
            {result.sample.length > 0 ? (
              <DataTable
                columnContentTypes={["text", "numeric", "numeric"]}
                headings={[
                  t("programs.backtest.order"),
                  t("programs.backtest.awarded"),
                  t("programs.backtest.would"),
                ]}
                rows={result.sample.map((o) => [o.name ?? o.orderId, o.awarded, o.would])}
              />
            ) : null}
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
