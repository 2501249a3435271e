import { type NotificationLogEntry, notificationEvents, notificationStatuses } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  ChoiceList,
  EmptyState,
  IndexFilters,
  IndexTable,
  SkeletonBodyText,
  Text,
  useSetIndexFiltersMode,
} from "@shopify/polaris";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { useToast } from "../../../lib/host/host";
import { useEmailLog } from "../api/get-email-log";
import { useResend } from "../api/post-resend";
import { useEmailLogParams } from "../hooks/use-email-log-params";

type Tone = "success" | "info" | "critical" | "attention" | undefined;
const toneOf: Record<NotificationLogEntry["status"], Tone> = {
  queued: "attention",
  sent: "info",
  opened: "success",
  clicked: "success",
  failed: "critical",
};

/** How long the search box waits for typing to stop before it filters. */
const SEARCH_DELAY_MS = 300;

/**
 * The notification log (`/customers/notifications/manage`, L-01 … L-03): every e-mail with its
 * status (queued, sent, opened, clicked, failed with the reason), filtered by status and event and
 * searched by recipient or subject, paged, with Resend on sent and failed e-mails.
 */
export function EmailLogView() {
  const { t, i18n } = useTranslation();
  const url = useEmailLogParams();
  const list = useEmailLog({
    status: url.status,
    event: url.event,
    query: url.query,
    cursor: url.cursors.at(-1),
  });
  const resend = useResend();
  const toast = useToast();
  const { mode, setMode } = useSetIndexFiltersMode();
  const [search, setSearch] = useState(url.query ?? "");
  const filtered = Boolean(url.status || url.event || url.query);

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (url.query ?? "")) return;
    const timer = setTimeout(() => url.setFilter("query", trimmed || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, url]);

  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(iso),
        )
      : "—";

  const onResend = (entry: NotificationLogEntry) =>
    resend.mutate(entry.id, {
      onSuccess: () => toast(t("emailLog.resent")),
      onError: () => toast(t("emailLog.resendError"), { isError: true }),
    });

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Box padding="400" data-testid="email-log-skeleton">
        <SkeletonBodyText lines={8} />
      </Box>
    );
  } else if (list.isError && !list.data) {
    content = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("emailLog.loadError")}
          action={{ content: t("emailLog.tryAgain"), onAction: () => void list.refetch() }}
        />
      </Box>
    );
  } else {
    const entries = list.data?.entries ?? [];
    content = (
      <IndexTable
        resourceName={{ singular: t("emailLog.resource.singular"), plural: t("emailLog.resource.plural") }}
        itemCount={entries.length}
        selectable={false}
        loading={list.isPlaceholderData}
        emptyState={
          <EmptyState
            heading={filtered ? t("emailLog.empty.filteredTitle") : t("emailLog.empty.title")}
            image={emptyStateImage}
            action={
              filtered ? { content: t("emailLog.clearFilters"), onAction: url.clearFilters } : undefined
            }
          >
            <p>{filtered ? t("emailLog.empty.filteredBody") : t("emailLog.empty.body")}</p>
          </EmptyState>
        }
        headings={[
          { title: t("emailLog.columns.recipient") },
          { title: t("emailLog.columns.event") },
          { title: t("emailLog.columns.subject") },
          { title: t("emailLog.columns.status") },
          { title: t("emailLog.columns.date") },
          { title: t("emailLog.columns.actions"), hidden: true },
        ]}
        pagination={{
          hasPrevious: url.cursors.length > 0,
          hasNext: Boolean(list.data?.nextCursor),
          onPrevious: url.previousPage,
          onNext: () => list.data?.nextCursor && url.nextPage(list.data.nextCursor),
        }}
      >
        {entries.map((e, i) => (
          <IndexTable.Row id={e.id} key={e.id} position={i}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {e.recipient}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{t(`notifications.events.${e.event}.title`)}</IndexTable.Cell>
            <IndexTable.Cell>{e.subject ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="100">
                <span data-testid={`email-status-${e.id}`}>
                  <Badge tone={toneOf[e.status]}>{t(`emailLog.status.${e.status}`)}</Badge>
                </span>
                {e.status === "failed" && e.lastError ? (
                  <Text as="span" tone="critical" variant="bodySm">
                    {e.lastError}
                  </Text>
                ) : null}
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>{date(e.sentAt ?? e.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              {e.status !== "queued" ? (
                <Button
                  size="slim"
                  onClick={() => onResend(e)}
                  loading={resend.isPending && resend.variables === e.id}
                  accessibilityLabel={t("emailLog.resendTo", { recipient: e.recipient })}
                >
                  {t("emailLog.resend")}
                </Button>
              ) : null}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  const appliedFilters = [
    ...(url.status
      ? [
          {
            key: "status",
            label: `${t("emailLog.columns.status")}: ${t(`emailLog.status.${url.status}`)}`,
            onRemove: () => url.setFilter("status", undefined),
          },
        ]
      : []),
    ...(url.event
      ? [
          {
            key: "event",
            label: `${t("emailLog.columns.event")}: ${t(`notifications.events.${url.event}.title`)}`,
            onRemove: () => url.setFilter("event", undefined),
          },
        ]
      : []),
  ];

  return (
    <BlockStack gap="400">
      {list.isError && list.data ? <Banner tone="warning" title={t("emailLog.loadError")} /> : null}
      <Card padding="0">
        <IndexFilters
          queryValue={search}
          queryPlaceholder={t("emailLog.searchPlaceholder")}
          onQueryChange={setSearch}
          onQueryClear={() => {
            setSearch("");
            url.setFilter("query", undefined);
          }}
          tabs={[
            { id: "all", content: t("emailLog.tabs.all") },
            ...notificationStatuses.map((s) => ({ id: s, content: t(`emailLog.status.${s}`) })),
          ]}
          selected={
            url.status
              ? notificationStatuses.indexOf(url.status as (typeof notificationStatuses)[number]) + 1
              : 0
          }
          onSelect={(i) => url.setFilter("status", i === 0 ? undefined : notificationStatuses[i - 1])}
          filters={[
            {
              key: "event",
              label: t("emailLog.columns.event"),
              filter: (
                <EventChoice
                  value={url.event}
                  onChange={(v) => url.setFilter("event", v)}
                  label={(e) => t(`notifications.events.${e}.title`)}
                />
              ),
              shortcut: true,
            },
          ]}
          appliedFilters={appliedFilters}
          onClearAll={url.clearFilters}
          mode={mode}
          setMode={setMode}
          canCreateNewView={false}
          cancelAction={{ onAction: () => undefined }}
        />
        {content}
      </Card>
    </BlockStack>
  );
}

function EventChoice({
  value,
  onChange,
  label,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  label: (event: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceList
      title={t("emailLog.columns.event")}
      titleHidden
      choices={notificationEvents.map((e) => ({ label: label(e), value: e }))}
      selected={value ? [value] : []}
      onChange={(selected) => onChange(selected[0])}
    />
  );
}
