import type { ReferralListResponse } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Tabs,
  Text,
} from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { REFERRALS_PAGE_SIZE, useReferrals } from "../api/get-referrals";
import { downloadReferralsCsv } from "../api/get-referrals-export";
import { useExportReferrals } from "../api/post-referrals-export";

const STATUSES = ["", "pending", "completed", "canceled"] as const;
const TONES = { pending: "attention", completed: "success", canceled: "critical" } as const;

type Referral = ReferralListResponse["referrals"][number];

/**
 * Referral activity (E-05, E-12): by status, with the refusal reason and a CSV export. The shop's
 * list keeps its status and page in the URL; one customer's (`referrerId`, the profile's referral
 * tab) keeps them in the card, so the profile's own URL state is left alone.
 */
export function ReferralListCard({ referrerId }: { referrerId?: string } = {}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<Record<string, string>>({});
  const read = (key: string) => (referrerId ? local[key] : params.get(key)) ?? "";
  const status = (STATUSES as readonly string[]).includes(read("status")) ? read("status") : "";
  const page = Math.max(1, Number(read("page")) || 1);
  const list = useReferrals(status, page, referrerId);
  const [exporting, setExporting] = useState(false);
  const set = (next: Record<string, string>) =>
    referrerId
      ? setLocal((before) => ({ ...before, ...next }))
      : setParams(
          { ...Object.fromEntries(params), ...next },
          { replace: true, state: { keepSaveBar: true } },
        );

  const emailExport = useExportReferrals();
  // E-12: the export goes by e-mail (a job builds it); "Download" keeps the file at hand.
  const exportByEmail = () =>
    emailExport.mutate(status ? { status } : {}, {
      onSuccess: (result) => toast(t("referrals.list.exportEmailed", { email: result.data.recipient })),
      onError: (error) =>
        toast(
          isApiError(error, "referral_export_empty")
            ? t("referrals.list.exportEmpty")
            : t("referrals.list.exportFailed"),
          { isError: true },
        ),
    });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const sent = await downloadReferralsCsv(status);
      toast(sent ? t("referrals.list.exported") : t("referrals.list.exportEmpty"), { isError: !sent });
    } catch {
      toast(t("referrals.list.exportFailed"), { isError: true });
    } finally {
      setExporting(false);
    }
  };
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : "—");
  const counts = list.data?.counts;
  const tabs = STATUSES.map((s) => ({
    id: s || "all",
    content: `${t(`referrals.list.tabs.${s || "all"}`)}${counts ? ` (${s ? counts[s] : counts.pending + counts.completed + counts.canceled})` : ""}`,
  }));

  let body: ReactNode;
  if (list.isPending)
    body = (
      <Text as="p" tone="subdued">
        {t("referrals.list.loading")}
      </Text>
    );
  else if (list.isError && !list.data) {
    body = (
      <Banner
        tone="critical"
        title={t("referrals.list.loadError")}
        action={{ content: t("referrals.tryAgain"), onAction: () => void list.refetch() }}
      />
    );
  } else {
    const rows: Referral[] = list.data?.referrals ?? [];
    const total = list.data?.total ?? 0;
    body = (
      <IndexTable
        resourceName={{ singular: t("referrals.list.referral"), plural: t("referrals.list.referrals") }}
        itemCount={rows.length}
        selectable={false}
        loading={list.isPlaceholderData}
        headings={[
          { title: t("referrals.list.referrer") },
          { title: t("referrals.list.friend") },
          { title: t("referrals.list.status") },
          { title: t("referrals.list.reason") },
          { title: t("referrals.list.createdAt") },
          { title: t("referrals.list.completedAt") },
        ]}
        emptyState={
          <EmptyState heading={t("referrals.list.emptyTitle")} image={emptyStateImage}>
            <p>{t("referrals.list.emptyBody")}</p>
          </EmptyState>
        }
        pagination={{
          hasPrevious: page > 1,
          hasNext: page * REFERRALS_PAGE_SIZE < total,
          onPrevious: () => set({ page: String(page - 1) }),
          onNext: () => set({ page: String(page + 1) }),
        }}
      >
        {rows.map((r, i) => (
          <IndexTable.Row id={r.id} key={r.id} position={i}>
            <IndexTable.Cell>{r.referrer.name || r.referrer.email}</IndexTable.Cell>
            <IndexTable.Cell>{r.friend.email ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={TONES[r.status]}>{t(`referrals.list.statuses.${r.status}`)}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {r.reason ? t(`referrals.list.reasons.${r.reason}`, { defaultValue: r.reason }) : "—"}
            </IndexTable.Cell>
            <IndexTable.Cell>{date(r.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>{date(r.completedAt)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: "var(--p-space-400)" }}>
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {referrerId ? t("referrals.list.customerTitle") : t("referrals.list.title")}
            </Text>
            {referrerId ? null : (
              <InlineStack gap="200">
                <Button onClick={() => void exportCsv()} loading={exporting} variant="tertiary">
                  {t("referrals.list.download")}
                </Button>
                <Button onClick={exportByEmail} loading={emailExport.isPending}>
                  {t("referrals.list.export")}
                </Button>
              </InlineStack>
            )}
          </InlineStack>
        </div>
        <Tabs
          tabs={tabs}
          selected={Math.max(0, STATUSES.indexOf(status as (typeof STATUSES)[number]))}
          onSelect={(i) => set({ status: STATUSES[i] ?? "", page: "1" })}
        />
        {body}
      </BlockStack>
    </Card>
  );
}
