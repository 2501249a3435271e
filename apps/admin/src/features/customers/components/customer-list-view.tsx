import {
  type CustomerListItem,
  type CustomerListSort,
  customerListSorts,
  customerListTabs,
  MAX_MANUAL_ADJUSTMENT,
} from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Select,
  SkeletonBodyText,
  Tabs,
  TextField,
} from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { customerKeys } from "../../../lib/query-keys";
import { useCreateOrDeleteToast } from "../../../lib/toast-helpers";
import { useCustomers } from "../api/get-customers";
import { postCustomerExport } from "../api/post-customer-export";
import { postCustomerPoints } from "../api/post-customer-points";
import { postCustomersBulk } from "../api/post-customers-bulk";
import { postCustomersResync } from "../api/post-customers-resync";
import { useCustomerListParams } from "../hooks/use-customer-list-params";
import { displayName } from "../utils/format";
import { AdjustPointsModal } from "./adjust-points-modal";
import { CustomersTable } from "./customers-table";
import { ExportProgressBanner } from "./export-progress-banner";
import { ResyncProgressBanner } from "./resync-progress-banner";

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;
/** One bulk adjustment moves each customer by at most one action's maximum. */
const BULK_MAX = 1_000_000;

/**
 * J-03: the customer list. Tab, sort, search and page live in the URL; tab and sort are also
 * remembered. Rows open the profile; row and bulk actions adjust points, exclude or join.
 */
export function CustomerListView({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  const url = useCustomerListParams();
  const queryClient = useQueryClient();
  const run = useCreateOrDeleteToast();
  const cursor = url.cursors.at(-1);
  const list = useCustomers({ tab: url.tab, sort: url.sort, search: url.search || undefined, cursor });
  const [searchInput, setSearchInput] = useState(url.search);
  const [bulkAdjust, setBulkAdjust] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  // J-15: the export runs as a job; the one in hand is `export=` in the URL (the e-mail links there).
  const [params, setParams] = useSearchParams();
  const exportId = params.get("export") ?? undefined;
  const setExportId = (id: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set("export", id);
      else next.delete("export");
      return next;
    });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const started = await postCustomerExport({
        tab: url.tab,
        ...(url.search ? { search: url.search } : {}),
      });
      setExportId(started.data.id);
      toast(t("customers.exportJob.started"));
    } catch (error) {
      const why = error instanceof ApiError && error.status === 403 ? error.serverError : undefined;
      toast(why ?? t("customers.toast.exportFailed"), { isError: true });
    } finally {
      setExporting(false);
    }
  };

  // J-21: the re-sync runs as a job too; the one in hand is `resync=` in the URL.
  const [resyncing, setResyncing] = useState(false);
  const resyncId = params.get("resync") ?? undefined;
  const setResyncId = (id: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set("resync", id);
      else next.delete("resync");
      return next;
    });
  const resync = async () => {
    setResyncing(true);
    try {
      const started = await postCustomersResync();
      setResyncId(started.data.id);
      toast(t("customers.syncJob.started"));
    } catch {
      toast(t("customers.toast.resyncFailed"), { isError: true });
    } finally {
      setResyncing(false);
    }
  };
  const onResyncDone = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    [queryClient],
  );

  useEffect(() => setSearchInput(url.search), [url.search]);
  useEffect(() => {
    if (searchInput.trim() === url.search) return;
    const timer = setTimeout(() => url.setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, url.search, url.setSearch]);

  const customers = list.data?.customers ?? [];
  const adjusting: CustomerListItem | undefined = customers.find((c) => c.id === url.adjust);
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });

  const bulkAction = async (action: "adjust_points" | "exclude" | "join", ids: string[]) => {
    if (action === "adjust_points") return setBulkAdjust(ids);
    const result = await run(() => postCustomersBulk({ action, ids }), {
      failureMessage: t("customers.toast.updateFailed"),
    });
    if (result.ok) await refresh();
  };

  const tabs = customerListTabs.map((tab) => ({
    id: `customers-tab-${tab}`,
    content: t(`customers.tabs.${tab}`),
  }));
  const searching = url.search !== "";

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Box padding="400" data-testid="customers-skeleton">
        <SkeletonBodyText lines={8} />
      </Box>
    );
  } else if (list.isError && !list.data) {
    content = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("customers.list.loadError")}
          action={{ content: t("customers.common.tryAgain"), onAction: () => void list.refetch() }}
        >
          <p>{list.error.message}</p>
        </Banner>
      </Box>
    );
  } else {
    content = (
      <CustomersTable
        customers={customers}
        currency={list.data?.currency ?? "USD"}
        loading={list.isPlaceholderData}
        href={href}
        onAdjust={(id) => url.openAdjust(id)}
        onBulk={(action, ids) => void bulkAction(action, ids)}
        emptyState={
          <EmptyState
            heading={searching ? t("customers.empty.searchTitle") : t("customers.empty.title")}
            image={emptyStateImage}
          >
            <p>{searching ? t("customers.empty.searchBody") : t("customers.empty.body")}</p>
          </EmptyState>
        }
        pagination={{
          hasPrevious: url.cursors.length > 0,
          hasNext: Boolean(list.data?.nextCursor),
          onPrevious: url.previousPage,
          onNext: () => list.data?.nextCursor && url.nextPage(list.data.nextCursor),
        }}
      />
    );
  }

  return (
    <BlockStack gap="400">
      <Card padding="0">
        <Tabs
          tabs={tabs}
          selected={customerListTabs.indexOf(url.tab)}
          onSelect={(i) => url.setTab(customerListTabs[i] ?? "all")}
        />
        <Box padding="300">
          <InlineStack gap="300" wrap={false} blockAlign="center">
            <div style={{ flex: 1 }}>
              <TextField
                label={t("customers.list.search")}
                labelHidden
                placeholder={t("customers.list.searchPlaceholder")}
                value={searchInput}
                onChange={setSearchInput}
                clearButton
                onClearButtonClick={() => setSearchInput("")}
                autoComplete="off"
              />
            </div>
            <Select
              label={t("customers.list.sort")}
              labelInline
              options={customerListSorts.map((s) => ({ value: s, label: t(`customers.sorts.${s}`) }))}
              value={url.sort}
              onChange={(v) => url.setSort(v as CustomerListSort)}
            />
            <Button onClick={() => void exportCsv()} loading={exporting}>
              {t("customers.actions.export")}
            </Button>
            <Button onClick={() => void resync()} loading={resyncing}>
              {t("customers.actions.resync")}
            </Button>
          </InlineStack>
        </Box>
        {resyncId ? (
          <Box padding="300">
            <ResyncProgressBanner
              id={resyncId}
              onDismiss={() => setResyncId(undefined)}
              onDone={onResyncDone}
            />
          </Box>
        ) : null}
        {exportId ? (
          <Box padding="300">
            <ExportProgressBanner id={exportId} onDismiss={() => setExportId(undefined)} />
          </Box>
        ) : null}
        {list.isError && list.data ? (
          <Box padding="300">
            <Banner tone="warning" title={t("customers.list.staleWarning")}>
              <p>{list.error.message}</p>
            </Banner>
          </Box>
        ) : null}
        {content}
      </Card>
      <AdjustPointsModal
        open={Boolean(url.adjust && adjusting)}
        target={adjusting ? displayName(adjusting) : ""}
        max={MAX_MANUAL_ADJUSTMENT}
        onClose={() => url.openAdjust(null)}
        onSubmit={async (points, note) => {
          if (!adjusting) return false;
          const result = await run(() => postCustomerPoints(adjusting.id, { points, note }), {
            failureMessage: t("customers.toast.adjustFailed"),
          });
          if (result.ok) await refresh();
          return result.ok;
        }}
      />
      <AdjustPointsModal
        open={bulkAdjust !== null}
        target={t("customers.list.selectedCount", { count: bulkAdjust?.length ?? 0 })}
        max={BULK_MAX}
        onClose={() => setBulkAdjust(null)}
        onSubmit={async (points, note) => {
          const ids = bulkAdjust ?? [];
          const result = await run(() => postCustomersBulk({ action: "adjust_points", ids, points, note }), {
            failureMessage: t("customers.toast.adjustFailed"),
          });
          if (result.ok) await refresh();
          return result.ok;
        }}
      />
    </BlockStack>
  );
}
