import type { StuckTierCoupon } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  SkeletonBodyText,
  Text,
  useIndexResourceState,
} from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useStuckTierCoupons } from "../api/get-stuck-tier-coupons";
import { useRetryStuckTierCoupons } from "../api/post-retry-stuck-tier-coupons";

/** The list is open (`?coupons=stuck`) at `?couponsPage=` (decision 0173: open views live in the URL). */
const LIST_PARAM = "coupons";
const PAGE_PARAM = "couponsPage";

export function useStuckCouponsView() {
  const [params, setParams] = useSearchParams();
  const open = params.get(LIST_PARAM) === "stuck";
  const page = Math.max(1, Math.floor(Number(params.get(PAGE_PARAM) ?? "1")) || 1);
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return {
    open,
    page,
    show: () => update({ [LIST_PARAM]: "stuck", [PAGE_PARAM]: null }),
    hide: () => update({ [LIST_PARAM]: null, [PAGE_PARAM]: null }),
    goTo: (p: number) => update({ [PAGE_PARAM]: p === 1 ? null : String(p) }),
  };
}

/**
 * Decision 0173: on the VIP tier screens, a warning when tier-up or pre-tier coupons could not be
 * made on the platform, linking to their list. Nothing shows while the count loads or fails to
 * load (the list itself shows its error).
 */
export function StuckTierCouponsBanner() {
  const { t } = useTranslation();
  const view = useStuckCouponsView();
  const summary = useStuckTierCoupons(1);
  const total = summary.data?.pageInfo.total ?? 0;
  if (view.open || total === 0) return null;
  return (
    <Banner
      tone="warning"
      title={t("tierCoupons.banner.title", { count: total })}
      action={{ content: t("tierCoupons.banner.review"), onAction: view.show }}
    >
      <p>{t("tierCoupons.banner.body")}</p>
    </Banner>
  );
}

/** A duration in the largest whole unit, in the admin's language ("3 hours ago"). */
function ageText(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (seconds < 3_600) return format.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3_600), "hour");
  return format.format(-Math.floor(seconds / 86_400), "day");
}

/** The grant's time as the store's clock showed it (the API gives it at the store's UTC offset). */
function storeTimeText(iso: string, language: string): string {
  const wallClock = new Date(`${iso.slice(0, 19)}Z`);
  return new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(wallClock);
}

/** Decision 0173: the stuck tier coupons, with "Retry" for the chosen ones and "Retry all". */
export function StuckTierCouponsCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const view = useStuckCouponsView();
  const list = useStuckTierCoupons(view.page);
  const retry = useRetryStuckTierCoupons();
  const coupons: StuckTierCoupon[] = list.data?.coupons ?? [];
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(coupons);
  // A new page starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => clearSelection(), [list.data]);

  const run = async (body: { ids: string[] } | { all: true }) => {
    try {
      const { data } = await retry.mutateAsync(body);
      toast(
        data.queued > 0 ? t("tierCoupons.toast.queued", { count: data.queued }) : t("tierCoupons.toast.none"),
      );
      clearSelection();
    } catch (error) {
      toast(error instanceof ApiError && error.message ? error.message : t("tierCoupons.toast.failed"), {
        isError: true,
      });
    }
  };
  const chosen = allResourcesSelected ? coupons.map((c) => c.id) : selectedResources;

  let content: React.ReactNode;
  if (list.isPending) {
    content = (
      <div data-testid="stuck-coupons-skeleton">
        <SkeletonBodyText lines={4} />
      </div>
    );
  } else if (list.isError) {
    content = (
      <Banner
        tone="critical"
        title={t("tierCoupons.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void list.refetch() }}
      >
        <p>{list.error.message}</p>
      </Banner>
    );
  } else if (list.data.pageInfo.total === 0) {
    content = <Text as="p">{t("tierCoupons.empty")}</Text>;
  } else {
    const { pageInfo } = list.data;
    content = (
      <IndexTable
        loading={list.isFetching}
        itemCount={coupons.length}
        selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        resourceName={{ singular: t("tierCoupons.coupon"), plural: t("tierCoupons.coupons") }}
        promotedBulkActions={[
          {
            content: t("tierCoupons.retry"),
            disabled: retry.isPending,
            onAction: () => void run({ ids: chosen }),
          },
        ]}
        headings={[
          { title: t("tierCoupons.columns.member") },
          { title: t("tierCoupons.columns.tier") },
          { title: t("tierCoupons.columns.granted") },
          { title: t("tierCoupons.columns.attempts"), alignment: "end" },
          { title: t("tierCoupons.columns.lastError") },
        ]}
        pagination={
          pageInfo.page > 1 || pageInfo.hasNextPage
            ? {
                hasPrevious: pageInfo.page > 1,
                hasNext: pageInfo.hasNextPage,
                onPrevious: () => view.goTo(pageInfo.page - 1),
                onNext: () => view.goTo(pageInfo.page + 1),
              }
            : undefined
        }
      >
        {coupons.map((c, index) => (
          <IndexTable.Row id={c.id} key={c.id} position={index} selected={selectedResources.includes(c.id)}>
            <IndexTable.Cell>
              <BlockStack>
                <Text as="span" fontWeight="semibold">
                  {c.customerName ?? c.customerEmail ?? c.customerId}
                </Text>
                {c.customerName && c.customerEmail && (
                  <Text as="span" tone="subdued">
                    {c.customerEmail}
                  </Text>
                )}
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack>
                <Text as="span">{c.tierName ?? t("tierCoupons.removedTier")}</Text>
                <Text as="span" tone="subdued">
                  {t(`tierCoupons.kind.${c.kind}`)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack>
                <Text as="span">{storeTimeText(c.grantedAt, i18n.language)}</Text>
                <Text as="span" tone="subdued">
                  {ageText(c.ageSeconds, i18n.language)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {c.attempts}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div style={{ whiteSpace: "normal", maxWidth: "28rem" }}>
                <Text as="span" tone={c.lastError ? "critical" : "subdued"}>
                  {c.lastError ?? t("tierCoupons.notTried")}
                </Text>
              </div>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  const total = list.data?.pageInfo.total ?? 0;
  return (
    <Card padding="0">
      <div data-testid="stuck-coupons">
        <BlockStack gap="300">
          <div style={{ padding: "var(--p-space-400) var(--p-space-400) 0" }}>
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h2" variant="headingMd">
                  {t("tierCoupons.title")}
                </Text>
                <InlineStack gap="200">
                  <Button onClick={view.hide}>{t("tierCoupons.close")}</Button>
                  <Button
                    variant="primary"
                    disabled={total === 0}
                    loading={retry.isPending}
                    onClick={() => void run({ all: true })}
                  >
                    {t("tierCoupons.retryAll")}
                  </Button>
                </InlineStack>
              </InlineStack>
              <Text as="p" tone="subdued">
                {t("tierCoupons.help")}
              </Text>
            </BlockStack>
          </div>
          <div
            style={{ padding: list.isSuccess && total > 0 ? 0 : "0 var(--p-space-400) var(--p-space-400)" }}
          >
            {content}
          </div>
        </BlockStack>
      </div>
    </Card>
  );
}
