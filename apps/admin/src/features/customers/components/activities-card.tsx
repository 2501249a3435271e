import { type CustomerActivityFilter, customerActivityFilters } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  EmptyState,
  IndexTable,
  SkeletonBodyText,
  Tabs,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { ACTIVITY_PAGE_SIZE, useCustomerActivities } from "../api/get-customer-activities";
import { formatDateTime } from "../utils/format";
import { TierChangesTable } from "./tier-changes-table";

export interface ActivitiesCardProps {
  customerId: string;
  filter: CustomerActivityFilter;
  page: number;
  onFilter: (f: CustomerActivityFilter) => void;
  onPage: (p: number) => void;
}

/**
 * J-04, H-21: the customer's ledger, by sub-tab, newest first, paged; the "VIP tier changes"
 * sub-tab lists the member's tier changes instead (from, to, why).
 */
export function ActivitiesCard({ customerId, filter, page, onFilter, onPage }: ActivitiesCardProps) {
  const { t } = useTranslation();
  const tabs = customerActivityFilters.map((f) => ({
    id: `activity-${f}`,
    content: t(`customers.activityTabs.${f}`),
  }));
  return (
    <Card padding="0">
      <BlockStack>
        <Box padding="400" paddingBlockEnd="0">
          <Text as="h2" variant="headingMd">
            {t("customers.activities.title")}
          </Text>
        </Box>
        <Tabs
          tabs={tabs}
          selected={customerActivityFilters.indexOf(filter)}
          onSelect={(i) => onFilter(customerActivityFilters[i] ?? "all")}
        />
        {filter === "tier" ? (
          <TierChangesTable customerId={customerId} page={page} onPage={onPage} />
        ) : (
          <LedgerActivities customerId={customerId} filter={filter} page={page} onPage={onPage} />
        )}
      </BlockStack>
    </Card>
  );
}

/** One sub-tab of the ledger. */
function LedgerActivities({
  customerId,
  filter,
  page,
  onPage,
}: Pick<ActivitiesCardProps, "customerId" | "filter" | "page" | "onPage">) {
  const { t, i18n } = useTranslation();
  const q = useCustomerActivities(customerId, filter, page);
  const n = new Intl.NumberFormat(i18n.language, { signDisplay: "exceptZero" });
  let body: React.ReactNode;
  if (q.isPending) {
    body = (
      <Box padding="400">
        <SkeletonBodyText lines={5} />
      </Box>
    );
  } else if (q.isError && !q.data) {
    body = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("customers.activities.loadError")}
          action={{ content: t("customers.common.tryAgain"), onAction: () => void q.refetch() }}
        />
      </Box>
    );
  } else {
    const rows = q.data?.activities ?? [];
    const info = q.data?.pageInfo;
    body = (
      <IndexTable
        selectable={false}
        loading={q.isPlaceholderData}
        itemCount={rows.length}
        resourceName={{ singular: t("customers.activities.one"), plural: t("customers.activities.many") }}
        emptyState={
          <EmptyState heading={t("customers.activities.empty")} image={emptyStateImage}>
            <p>{t("customers.activities.emptyBody")}</p>
          </EmptyState>
        }
        headings={[
          { title: t("customers.activities.date") },
          { title: t("customers.activities.action") },
          { title: t("customers.activities.points"), alignment: "end" },
          { title: t("customers.activities.pending"), alignment: "end" },
          { title: t("customers.activities.note") },
          { title: t("customers.activities.by") },
        ]}
        pagination={{
          hasPrevious: page > 1,
          hasNext: Boolean(info?.hasNextPage),
          onPrevious: () => onPage(page - 1),
          onNext: () => onPage(page + 1),
          label: info
            ? t("customers.activities.pageOf", {
                page,
                pages: Math.max(1, Math.ceil(info.total / ACTIVITY_PAGE_SIZE)),
              })
            : undefined,
        }}
      >
        {rows.map((a, index) => (
          <IndexTable.Row id={a.id} key={a.id} position={index}>
            <IndexTable.Cell>{formatDateTime(a.createdAt, i18n.language)}</IndexTable.Cell>
            <IndexTable.Cell>
              {t(`customers.activityTypes.${a.activityType}`, { defaultValue: a.activityType })}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={a.points < 0 ? "critical" : undefined}>
                {a.points === 0 ? "—" : n.format(a.points)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {a.pendingPoints === 0 ? "—" : n.format(a.pendingPoints)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div style={{ maxWidth: "16rem", whiteSpace: "normal" }}>{a.note ?? ""}</div>
            </IndexTable.Cell>
            <IndexTable.Cell>{a.actor ?? t("customers.activities.system")}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return body;
}
