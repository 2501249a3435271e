import type { EarnEvent } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  SkeletonBodyText,
  Tabs,
  Text,
} from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { EARN_EVENTS_PAGE_SIZE, type QueueKind, useEarnEvents } from "../api/get-earn-events";
import { postReviewExport } from "../api/post-review-export";
import { useSetEarnEventStatus } from "../api/put-earn-event-status";
import { ReviewExportBanner } from "./review-export-banner";

const STATUSES: Record<QueueKind, readonly string[]> = {
  reviews: ["", "pending", "approved", "disapproved"],
  "google-reviews": ["", "pending", "approved", "rejected"],
};
const TONES: Record<string, "attention" | "success" | "critical"> = {
  pending: "attention",
  approved: "success",
  disapproved: "critical",
  rejected: "critical",
};

/**
 * The review activity (G-14) and the Google review queue (G-16): by status (in the URL), each row
 * with its points and the actions the status allows; toasts 'Updated successfully' / 'Updated failed'.
 * "Export CSV" exports the status tab as a job; the export in hand is `export=` in the URL (where
 * the ready e-mail's button leads too).
 */
export function EarnEventQueue({ kind, href }: { kind: QueueKind; href: (p: string) => string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const statuses = STATUSES[kind];
  const status = statuses.includes(params.get("status") ?? "") ? (params.get("status") ?? "") : "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useEarnEvents(kind, status, page);
  const change = useSetEarnEventStatus();
  const set = (next: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...next }, { replace: true });
  const counts = list.data?.counts ?? {};
  const tabs = statuses.map((s) => ({
    id: s || "all",
    content: `${t(`earnEvents.queue.tabs.${s || "all"}`)}${
      list.data ? ` (${s ? (counts[s] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0)})` : ""
    }`,
  }));
  const decide = async (id: string, next: string) => {
    try {
      await change.mutateAsync({ kind, id, status: next });
      toast(t("earnEvents.queue.updated"));
    } catch {
      toast(t("earnEvents.queue.updateFailed"), { isError: true });
    }
  };
  const exportKey = kind === "reviews" ? "reviews" : "googleReviews";
  const exportId = params.get("export") ?? undefined;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const started = await postReviewExport(kind, status);
      set({ export: started.data.id });
      toast(t("earnEvents.export.started"));
    } catch (error) {
      // 404: nothing in this tab; 403: the plan (the server's words); otherwise the spec's message.
      const code = error instanceof ApiError ? error.status : 0;
      const message =
        code === 404
          ? t(`earnEvents.export.${exportKey}.empty`)
          : code === 403 && error instanceof ApiError
            ? error.serverError
            : undefined;
      toast(message ?? t(`earnEvents.export.${exportKey}.failed`), { isError: true });
    } finally {
      setExporting(false);
    }
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const approveLabel = t("earnEvents.queue.approve");
  const refuse = kind === "reviews" ? "disapproved" : "rejected";
  const refuseLabel = kind === "reviews" ? t("earnEvents.queue.disapprove") : t("earnEvents.queue.reject");

  let body: ReactNode;
  if (list.isPending) body = <SkeletonBodyText lines={6} />;
  else if (list.isError && !list.data) {
    body = (
      <Banner
        tone="critical"
        title={t("earnEvents.queue.loadError")}
        action={{ content: t("earnEvents.tryAgain"), onAction: () => void list.refetch() }}
      />
    );
  } else {
    const rows: EarnEvent[] = list.data?.items ?? [];
    const total = list.data?.total ?? 0;
    body = (
      <IndexTable
        resourceName={{ singular: t("earnEvents.queue.item"), plural: t("earnEvents.queue.items") }}
        itemCount={rows.length}
        selectable={false}
        loading={list.isPlaceholderData}
        headings={[
          { title: t("earnEvents.queue.customer") },
          { title: kind === "reviews" ? t("earnEvents.queue.content") : t("earnEvents.queue.link") },
          ...(kind === "reviews" ? [{ title: t("earnEvents.queue.rating") }] : []),
          { title: t("earnEvents.queue.points") },
          { title: t("earnEvents.queue.status") },
          { title: t("earnEvents.queue.reason") },
          { title: t("earnEvents.queue.date") },
          { title: t("earnEvents.queue.actions") },
        ]}
        emptyState={
          <EmptyState heading={t(`earnEvents.queue.empty.${kind}`)} image={emptyStateImage}>
            <p>{t("earnEvents.queue.emptyBody")}</p>
          </EmptyState>
        }
        pagination={{
          hasPrevious: page > 1,
          hasNext: page * EARN_EVENTS_PAGE_SIZE < total,
          onPrevious: () => set({ page: String(page - 1) }),
          onNext: () => set({ page: String(page + 1) }),
        }}
      >
        {rows.map((r, i) => (
          <IndexTable.Row id={r.id} key={r.id} position={i}>
            <IndexTable.Cell>
              {r.customer ? (
                <Link url={href(`/customers/profile/${r.customer.id}`)} removeUnderline>
                  {r.customer.name}
                </Link>
              ) : (
                "—"
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              {kind === "reviews" ? (
                <BlockStack gap="050">
                  <Text as="span" truncate>
                    {r.content ?? ""}
                  </Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {[
                      r.mediaCount > 0 ? t("earnEvents.queue.media", { count: r.mediaCount }) : null,
                      r.verifiedBuyer ? t("earnEvents.queue.verifiedBuyer") : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                </BlockStack>
              ) : r.url ? (
                <Link url={r.url} target="_blank">
                  {r.url}
                </Link>
              ) : (
                "—"
              )}
            </IndexTable.Cell>
            {kind === "reviews" ? <IndexTable.Cell>{"★".repeat(r.rating ?? 0)}</IndexTable.Cell> : null}
            <IndexTable.Cell>
              {t("earnEvents.queue.pointsValue", { paid: r.pointsPaid, due: r.pointsDue })}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={TONES[r.status]}>{t(`earnEvents.queue.statuses.${r.status}`)}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>{r.reason ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>{date(r.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <ButtonGroup>
                {r.status !== "approved" && (kind === "reviews" || r.status === "pending") ? (
                  <Button
                    size="slim"
                    onClick={() => void decide(r.id, "approved")}
                    loading={change.isPending}
                  >
                    {approveLabel}
                  </Button>
                ) : null}
                {r.status !== refuse && (kind === "reviews" || r.status === "pending") ? (
                  <Button
                    size="slim"
                    tone="critical"
                    onClick={() => void decide(r.id, refuse)}
                    loading={change.isPending}
                  >
                    {refuseLabel}
                  </Button>
                ) : null}
              </ButtonGroup>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <BlockStack gap="400">
      {exportId ? (
        <ReviewExportBanner
          kind={kind}
          id={exportId}
          onDismiss={() => {
            const next = new URLSearchParams(params);
            next.delete("export");
            setParams(next, { replace: true });
          }}
        />
      ) : null}
      <Card padding="0">
        <BlockStack gap="0">
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            <Tabs
              tabs={tabs}
              selected={Math.max(0, statuses.indexOf(status))}
              onSelect={(i) => set({ status: statuses[i] ?? "", page: "1" })}
            />
            <Box paddingInlineEnd="300">
              <Button onClick={() => void exportCsv()} loading={exporting}>
                {t("earnEvents.export.button")}
              </Button>
            </Box>
          </InlineStack>
          {body}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
