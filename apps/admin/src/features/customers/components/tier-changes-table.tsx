import type { CustomerTierChange } from "@laurel/contracts";
import { Badge, Banner, Box, EmptyState, IndexTable, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { TIER_CHANGES_PAGE_SIZE, useCustomerTierChanges } from "../api/get-customer-tier-changes";
import { formatDateTime } from "../utils/format";

export interface TierChangesTableProps {
  customerId: string;
  page: number;
  onPage: (p: number) => void;
}

/**
 * J-04 "VIP tier changes": each change of the member's tier, newest first, dated in the store's
 * time zone, with the tier before and after and why it moved.
 */
export function TierChangesTable({ customerId, page, onPage }: TierChangesTableProps) {
  const { t, i18n } = useTranslation();
  const q = useCustomerTierChanges(customerId, page);

  if (q.isPending) {
    return (
      <Box padding="400">
        <SkeletonBodyText lines={5} />
      </Box>
    );
  }
  if (q.isError && !q.data) {
    return (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("customers.tierChanges.loadError")}
          action={{ content: t("customers.common.tryAgain"), onAction: () => void q.refetch() }}
        />
      </Box>
    );
  }
  const rows = q.data?.tierChanges ?? [];
  const info = q.data?.pageInfo;
  const timeZone = q.data?.timeZone ?? "UTC";
  const tierName = (name: string | null, id: string | null) =>
    name ?? (id === null ? t("customers.tierChanges.noTier") : t("customers.tierChanges.deletedTier"));
  return (
    <IndexTable
      selectable={false}
      loading={q.isPlaceholderData}
      itemCount={rows.length}
      resourceName={{ singular: t("customers.tierChanges.one"), plural: t("customers.tierChanges.many") }}
      emptyState={
        <EmptyState heading={t("customers.tierChanges.empty")} image={emptyStateImage}>
          <p>{t("customers.tierChanges.emptyBody")}</p>
        </EmptyState>
      }
      headings={[
        { title: t("customers.tierChanges.date") },
        { title: t("customers.tierChanges.change") },
        { title: t("customers.tierChanges.reason") },
      ]}
      pagination={{
        hasPrevious: page > 1,
        hasNext: Boolean(info?.hasNextPage),
        onPrevious: () => onPage(page - 1),
        onNext: () => onPage(page + 1),
        label: info
          ? t("customers.activities.pageOf", {
              page,
              pages: Math.max(1, Math.ceil(info.total / TIER_CHANGES_PAGE_SIZE)),
            })
          : undefined,
      }}
    >
      {rows.map((c: CustomerTierChange, index) => (
        <IndexTable.Row id={c.id} key={c.id} position={index}>
          <IndexTable.Cell>{formatDateTime(c.createdAt, i18n.language, timeZone)}</IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span">
              {t("customers.tierChanges.fromTo", {
                from: tierName(c.fromTier, c.fromTierId),
                to: tierName(c.toTier, c.toTierId),
              })}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Badge>{t(`customers.tierChanges.reasons.${c.reason}`)}</Badge>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
