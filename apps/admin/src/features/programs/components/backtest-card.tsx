import type { CreateProgramBody } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  InlineStack,
  ProgressBar,
  Select,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useBacktestRun, useStartBacktest } from "../api/backtest-runs";
import { formatMoney } from "../utils/money";

export interface BacktestCardProps {
  programId: string | null;
  program: CreateProgramBody;
  language: string;
}

/**
 * Before saving a place order change (issue 14): the last 30 or 90 days of orders under the rules
 * as edited, against what they were awarded, per program, with the cost at the shop's point value
 * and the orders that change. It reads orders only, as a job whose progress shows while it runs
 * (decision 0123).
 */
export function BacktestCard({ programId, program, language }: BacktestCardProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<30 | 90>(30);
  const start = useStartBacktest();
  const [runId, setRunId] = useState<string | null>(null);
  const progress = useBacktestRun(runId);
  const current = progress.data ?? (start.data?.id === runId ? start.data : undefined);
  const running =
    start.isPending ||
    (runId !== null && (!current || current.status === "queued" || current.status === "running"));
  const result = current?.status === "done" ? current.result : null;
  const failed = start.isError || progress.isError || current?.status === "failed";
  const error = start.error ?? progress.error;
  const errorText =
    current?.status === "failed"
      ? current.error
      : error instanceof ApiError
        ? (error.errors[0]?.message ?? error.serverError)
        : error?.message;
  const launch = () => {
    setRunId(null);
    start.mutate({ programId, days, program }, { onSuccess: (run) => setRunId(run.id) });
  };
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
          <Button loading={running} onClick={launch}>
            {t("programs.backtest.run")}
          </Button>
        </InlineStack>
        {running && current ? (
          <div data-testid="backtest-progress">
            <BlockStack gap="100">
              <Text as="p" tone="subdued">
                {current.total > 0
                  ? t("programs.backtest.progress", { processed: current.processed, total: current.total })
                  : t("programs.backtest.queued")}
              </Text>
              <ProgressBar
                progress={current.total > 0 ? Math.round((100 * current.processed) / current.total) : 0}
                size="small"
              />
            </BlockStack>
          </div>
        ) : null}
        {failed ? (
          <Banner tone="critical" title={t("programs.backtest.failed")}>
            <p>{errorText}</p>
          </Banner>
        ) : null}
        {result ? (
          <div data-testid="backtest-result">
            <BlockStack gap="200">
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
          </div>
        ) : null}
      </BlockStack>
    </Card>
  );
}
