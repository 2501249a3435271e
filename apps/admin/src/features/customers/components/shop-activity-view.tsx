import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useShopActivity } from "../api/get-shop-activity";
import { postActivityExport } from "../api/post-activity-export";
import { formatDateTime } from "../utils/format";
import { ActivityExportBanner } from "./activity-export-banner";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * K-01, K-03: point activity across the shop (customer, action, points, program, date), newest
 * first. Filters (action, customer e-mail, store days) and the pages walked are in the URL.
 */
export function ShopActivityView({ href }: { href: (path: string) => string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = params.get("action") ?? "";
  const customer = params.get("customer") ?? "";
  const from = DAY.test(params.get("from") ?? "") ? (params.get("from") as string) : "";
  const to = DAY.test(params.get("to") ?? "") ? (params.get("to") as string) : "";
  const cursors = (params.get("pages") ?? "").split(",").filter((c) => /^\d+$/.test(c));
  const [customerInput, setCustomerInput] = useState(customer);
  const list = useShopActivity({
    action: action || undefined,
    customer: customer || undefined,
    from: from || undefined,
    to: to || undefined,
    cursor: cursors.at(-1),
  });
  const n = new Intl.NumberFormat(i18n.language, { signDisplay: "exceptZero" });
  const toast = useToast();
  const exportId = params.get("export") ?? undefined;
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  useEffect(() => setCustomerInput(customer), [customer]);
  useEffect(() => {
    if (customerInput.trim() === customer) return;
    const timer = setTimeout(
      () => update({ customer: customerInput.trim() || undefined, pages: undefined }),
      300,
    );
    return () => clearTimeout(timer);
  });

  // K-05: the filtered activity is exported by a job; the one in hand is `export=` in the URL.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const started = await postActivityExport({
        ...(action ? { action } : {}),
        ...(customer ? { customer } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      });
      update({ export: started.data.id });
      toast(t("customers.activityExport.started"));
    } catch (error) {
      // 404: nothing matches the filters; 403: the plan; otherwise the spec's failure message.
      const status = error instanceof ApiError ? error.status : 0;
      const message =
        status === 404
          ? t("customers.activityExport.empty")
          : status === 403 && error instanceof ApiError
            ? error.serverError
            : undefined;
      toast(message ?? t("customers.activityExport.failed"), { isError: true });
    } finally {
      setExporting(false);
    }
  };

  const actionOptions = [
    { value: "", label: t("customers.activityPage.allActions") },
    ...Object.keys(t("customers.activityTypes", { returnObjects: true }) as Record<string, string>).map(
      (code) => ({
        value: code,
        label: t(`customers.activityTypes.${code}`),
      }),
    ),
  ];

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Box padding="400">
        <SkeletonBodyText lines={8} />
      </Box>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("customers.activities.loadError")}
          action={{ content: t("customers.common.tryAgain"), onAction: () => void list.refetch() }}
        >
          <p>{list.error.message}</p>
        </Banner>
      </Box>
    );
  } else {
    const rows = list.data?.activities ?? [];
    body = (
      <IndexTable
        selectable={false}
        loading={list.isPlaceholderData}
        itemCount={rows.length}
        resourceName={{ singular: t("customers.activities.one"), plural: t("customers.activities.many") }}
        emptyState={
          <EmptyState heading={t("customers.activities.empty")} image={emptyStateImage}>
            <p>{t("customers.activities.emptyBody")}</p>
          </EmptyState>
        }
        headings={[
          { title: t("customers.activityPage.customer") },
          { title: t("customers.activities.action") },
          { title: t("customers.activities.points"), alignment: "end" },
          { title: t("customers.activityPage.program") },
          { title: t("customers.columns.lastUpdate") },
        ]}
        pagination={{
          hasPrevious: cursors.length > 0,
          hasNext: Boolean(list.data?.nextCursor),
          onPrevious: () => update({ pages: cursors.slice(0, -1).join(",") || undefined }),
          onNext: () =>
            list.data?.nextCursor && update({ pages: [...cursors, list.data.nextCursor].join(",") }),
        }}
      >
        {rows.map((a, index) => (
          <IndexTable.Row id={a.id} key={a.id} position={index}>
            <IndexTable.Cell>
              <Link url={href(`/customers/profile/${encodeURIComponent(a.customerId)}`)} removeUnderline>
                {a.customerName ?? a.customerEmail ?? a.customerId}
              </Link>
              {a.customerName && a.customerEmail ? (
                <Text as="p" tone="subdued" variant="bodySm">
                  {a.customerEmail}
                </Text>
              ) : null}
            </IndexTable.Cell>
            <IndexTable.Cell>
              {t(`customers.activityTypes.${a.activityType}`, { defaultValue: a.activityType })}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={a.points < 0 ? "critical" : undefined}>
                {a.points === 0 ? "—" : n.format(a.points)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{a.programTitle ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>{formatDateTime(a.createdAt, i18n.language)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <BlockStack gap="400">
      {exportId ? (
        <ActivityExportBanner id={exportId} onDismiss={() => update({ export: undefined })} />
      ) : null}
      <Card padding="0">
        <Box padding="300">
          <InlineStack gap="300" blockAlign="end">
            <Select
              label={t("customers.activities.action")}
              options={actionOptions}
              value={action}
              onChange={(v) => update({ action: v || undefined, pages: undefined })}
            />
            <TextField
              label={t("customers.activityPage.customer")}
              placeholder={t("customers.activityPage.customerPlaceholder")}
              value={customerInput}
              onChange={setCustomerInput}
              autoComplete="off"
            />
            <TextField
              label={t("customers.activityPage.from")}
              type="date"
              value={from}
              onChange={(v) => update({ from: v || undefined, pages: undefined })}
              autoComplete="off"
            />
            <TextField
              label={t("customers.activityPage.to")}
              type="date"
              value={to}
              onChange={(v) => update({ to: v || undefined, pages: undefined })}
              autoComplete="off"
            />
            <Button onClick={() => void exportCsv()} loading={exporting}>
              {t("customers.activityExport.button")}
            </Button>
          </InlineStack>
          <Box paddingBlockStart="200">
            <Text as="p" tone="subdued" variant="bodySm">
              {t("customers.activityPage.storeTime")}
            </Text>
          </Box>
        </Box>
        {body}
      </Card>
    </BlockStack>
  );
}
