import { type AnalyticsReport, analyticsDateRanges, analyticsProgramTabs } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  ChoiceList,
  DataTable,
  EmptyState,
  IndexTable,
  InlineStack,
  Modal,
  Select,
  SkeletonBodyText,
  SkeletonDisplayText,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { useToast } from "../../../lib/host/host";
import { downloadAnalyticsCsv } from "../api/get-analytics-export";
import { type AnalyticsParams, useAnalyticsReport } from "../api/get-analytics-report";
import { postAnalyticsExportEmail } from "../api/post-analytics-export-email";
import {
  type DateStyle,
  dateStyles,
  formatChange,
  formatDateTime12h,
  formatFigure,
  formatStoreDay,
} from "../utils/format";
import { FigureGrid } from "./figure-grid";
import { IncrementalityCard } from "./incrementality-card";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Polaris Viz loads with the first chart shown, not with the page (decision 0091). */
const ReportChart = lazy(() => import("./report-chart").then((m) => ({ default: m.ReportChart })));

/**
 * One analytics page (K-06): the date range (K-09, in the URL) and its comparison, the figures,
 * the chart with its table view, the loyalty program activity report's Earning and Redeeming tabs
 * (K-07), and the export modal (K-10). Loading, empty and error states.
 */
export function AnalyticsReportView({
  report,
  href,
}: {
  report: AnalyticsReport;
  href: (path: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range") ?? "";
  const range = (analyticsDateRanges as readonly string[]).includes(rangeParam) ? rangeParam : "last_30_days";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const custom = DATE_RE.test(from) && DATE_RE.test(to) && from <= to;
  const tabParam = params.get("tab") ?? "";
  const tab = (analyticsProgramTabs as readonly string[]).includes(tabParam) ? tabParam : "earning";
  const styleParam = params.get("dates") ?? "";
  const dateStyle: DateStyle = (dateStyles as readonly string[]).includes(styleParam)
    ? (styleParam as DateStyle)
    : "ordinal";
  const query: AnalyticsParams = {
    report,
    range,
    ...(custom ? { from, to } : {}),
    ...(report === "loyalty-programs" ? { tab } : {}),
  };
  const data = useAnalyticsReport(query);
  const [exportOpen, setExportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [delivery, setDelivery] = useState<"download" | "email">("download");
  const [draft, setDraft] = useState({ from, to });

  const set = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === "") merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged, { replace: true });
  };
  const runExport = async () => {
    setExporting(true);
    try {
      if (delivery === "email") {
        const sent = await postAnalyticsExportEmail(query);
        toast(t("analytics.export.emailed", { email: sent.recipient }));
      } else {
        await downloadAnalyticsCsv(query);
        toast(t("analytics.export.sent"));
      }
      setExportOpen(false);
    } catch {
      toast(t("analytics.export.failed"), { isError: true });
    } finally {
      setExporting(false);
    }
  };

  const day = (d: string) => formatStoreDay(d, dateStyle, i18n.language);
  const rangeOptions = [
    ...analyticsDateRanges.map((r) => ({ value: r, label: t(`analytics.ranges.${r}`) })),
    { value: "custom", label: t("analytics.ranges.custom") },
  ];

  const toolbar = (
    <Card>
      <InlineStack gap="400" blockAlign="end" wrap>
        <Select
          label={t("analytics.dateRange")}
          options={rangeOptions}
          value={custom ? "custom" : range}
          onChange={(v) => {
            if (v === "custom") {
              const r = data.data?.range;
              set({ from: r?.from ?? null, to: r?.to ?? null, range: null });
              setDraft({ from: r?.from ?? "", to: r?.to ?? "" });
            } else set({ range: v, from: null, to: null });
          }}
        />
        {custom ? (
          <>
            <TextField
              label={t("analytics.from")}
              type="date"
              autoComplete="off"
              value={draft.from}
              onChange={(v) => setDraft((d) => ({ ...d, from: v }))}
              onBlur={() => DATE_RE.test(draft.from) && draft.from <= to && set({ from: draft.from })}
            />
            <TextField
              label={t("analytics.to")}
              type="date"
              autoComplete="off"
              value={draft.to}
              onChange={(v) => setDraft((d) => ({ ...d, to: v }))}
              onBlur={() => DATE_RE.test(draft.to) && draft.to >= from && set({ to: draft.to })}
            />
          </>
        ) : null}
        <Select
          label={t("analytics.dateDisplay")}
          options={dateStyles.map((s) => ({ value: s, label: t(`analytics.dateStyles.${s}`) }))}
          value={dateStyle}
          onChange={(v) => set({ dates: v === "ordinal" ? null : v })}
        />
        <Button onClick={() => setExportOpen(true)}>{t("analytics.export.action")}</Button>
      </InlineStack>
    </Card>
  );

  let body: React.ReactNode;
  if (data.isPending) {
    body = (
      <div data-testid="analytics-loading" aria-busy="true">
        <Card>
          <BlockStack gap="400">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={6} />
          </BlockStack>
        </Card>
      </div>
    );
  } else if (data.isError && !data.data) {
    body = (
      <Banner
        tone="critical"
        title={t("analytics.loadError")}
        action={{ content: t("analytics.tryAgain"), onAction: () => void data.refetch() }}
      />
    );
  } else if (data.data) {
    const r = data.data;
    const empty =
      r.figures.every((f) => !f.value && !f.previous) &&
      r.series.every((s) => s.points.every((p) => !p.value));
    body = (
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          <span data-testid="analytics-range">
            {t("analytics.rangeLabel", {
              from: day(r.range.from),
              to: day(r.range.to),
              previousFrom: day(r.range.previous.from),
              previousTo: day(r.range.previous.to),
              timeZone: r.timeZone,
            })}
          </span>
          {r.refreshedAt
            ? ` · ${t("analytics.refreshedAt", { at: formatDateTime12h(r.refreshedAt, i18n.language, r.timeZone) })}`
            : null}
        </Text>
        {empty ? (
          <Card>
            <EmptyState heading={t("analytics.empty.heading")} image={emptyStateImage}>
              <p>{t("analytics.empty.body")}</p>
            </EmptyState>
          </Card>
        ) : (
          <>
            <FigureGrid figures={r.figures} currency={r.currency} href={href} />
            {r.series.length > 0 ? (
              <Suspense
                fallback={
                  <Card>
                    <SkeletonBodyText lines={8} />
                  </Card>
                }
              >
                <ReportChart
                  title={t(`analytics.chartTitles.${report}`)}
                  series={r.series}
                  currency={r.currency}
                  dateStyle={dateStyle}
                />
              </Suspense>
            ) : null}
          </>
        )}
        {report === "member" && r.tiers.length > 0 ? (
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t("analytics.tiers.title")}
              </Text>
              <div data-testid="tier-distribution">
                <DataTable
                  columnContentTypes={["text", "numeric", "numeric"]}
                  headings={[
                    t("analytics.tiers.tier"),
                    t("analytics.tiers.members"),
                    t("analytics.tiers.share"),
                  ]}
                  rows={r.tiers.map((tier) => {
                    const all = r.tiers.reduce((sum, x) => sum + x.members, 0);
                    return [
                      tier.name ?? t("analytics.tiers.noTier"),
                      formatFigure(tier.members, "number", i18n.language, r.currency),
                      formatFigure(all ? tier.members / all : null, "percent", i18n.language, r.currency),
                    ];
                  })}
                />
              </div>
            </BlockStack>
          </Card>
        ) : null}
        {report === "member" && r.incrementality ? (
          <IncrementalityCard data={r.incrementality} currency={r.currency} />
        ) : null}
        {report === "loyalty-programs" ? (
          <Card padding="0">
            <Tabs
              tabs={analyticsProgramTabs.map((id) => ({ id, content: t(`analytics.tabs.${id}`) }))}
              selected={analyticsProgramTabs.indexOf(tab as (typeof analyticsProgramTabs)[number])}
              onSelect={(i) => set({ tab: analyticsProgramTabs[i] ?? "earning" })}
            >
              <IndexTable
                resourceName={{ singular: t("analytics.programs.one"), plural: t("analytics.programs.many") }}
                itemCount={r.programs.length}
                selectable={false}
                emptyState={
                  <Text as="p" tone="subdued" alignment="center">
                    {t("analytics.programs.none")}
                  </Text>
                }
                headings={[
                  { title: t("analytics.programs.program") },
                  { title: t("analytics.programs.entries"), alignment: "end" },
                  { title: t(`analytics.programs.points.${tab}`), alignment: "end" },
                  { title: t("analytics.programs.change"), alignment: "end" },
                ]}
              >
                {r.programs.map((p, i) => (
                  <IndexTable.Row id={p.programId} key={p.programId} position={i}>
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        {p.title}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {formatFigure(p.entries, "number", i18n.language, r.currency)}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        <span data-testid={`program-points-${p.programId}`}>
                          {formatFigure(p.points, "points", i18n.language, r.currency)}
                        </span>
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {formatChange(
                          p.previousPoints ? (p.points - p.previousPoints) / p.previousPoints : null,
                          i18n.language,
                        ) ?? "—"}
                      </Text>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </Tabs>
          </Card>
        ) : null}
      </BlockStack>
    );
  }

  return (
    <BlockStack gap="400">
      {toolbar}
      {body}
      <Modal
        open={exportOpen}
        onClose={() => setExportOpen(false)}
        title={t("analytics.export.title")}
        primaryAction={{
          content: t("analytics.export.confirm"),
          onAction: () => void runExport(),
          loading: exporting,
        }}
        secondaryActions={[{ content: t("analytics.export.cancel"), onAction: () => setExportOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {t("analytics.export.body", {
              report: t(`analytics.pages.${report}`),
              from: data.data ? day(data.data.range.from) : "",
              to: data.data ? day(data.data.range.to) : "",
            })}
          </Text>
          <ChoiceList
            title={t("analytics.export.delivery")}
            choices={[
              { label: t("analytics.export.download"), value: "download" },
              {
                label: t("analytics.export.email"),
                value: "email",
                helpText: t("analytics.export.emailHelp"),
              },
            ]}
            selected={[delivery]}
            onChange={(v) => setDelivery(v[0] === "email" ? "email" : "download")}
          />
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
