import type { CustomerListItem } from "@laurel/contracts";
import { Button, IndexTable, Link, Text, useIndexResourceState } from "@shopify/polaris";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "../../../components/status-badge";
import { displayName, formatDate, formatMoney } from "../utils/format";

export interface CustomersTableProps {
  customers: CustomerListItem[];
  currency: string;
  loading: boolean;
  emptyState: ReactNode;
  href: (path: string) => string;
  onAdjust: (id: string) => void;
  onBulk: (action: "adjust_points" | "exclude" | "join", ids: string[]) => void;
  pagination: { hasNext: boolean; hasPrevious: boolean; onNext: () => void; onPrevious: () => void };
}

/** J-03: the spec's columns; rows select for bulk actions (adjust points, exclude, join). */
export function CustomersTable(props: CustomersTableProps) {
  const { customers, currency, loading, emptyState, href, onAdjust, onBulk, pagination } = props;
  const { t, i18n } = useTranslation();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(customers);
  // A new page or filter starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => clearSelection(), [customers]);
  const number = new Intl.NumberFormat(i18n.language);
  const bulk = (action: "adjust_points" | "exclude" | "join") => () => onBulk(action, selectedResources);

  return (
    <IndexTable
      loading={loading}
      itemCount={customers.length}
      emptyState={emptyState}
      selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
      onSelectionChange={handleSelectionChange}
      resourceName={{ singular: t("customers.list.customer"), plural: t("customers.list.customers") }}
      promotedBulkActions={[
        { content: t("customers.actions.adjustPoints"), onAction: bulk("adjust_points") },
        { content: t("customers.actions.exclude"), onAction: bulk("exclude") },
        { content: t("customers.actions.join"), onAction: bulk("join") },
      ]}
      headings={[
        { title: t("customers.columns.name") },
        { title: t("customers.columns.email") },
        { title: t("customers.columns.phone") },
        { title: t("customers.columns.birthday") },
        { title: t("customers.columns.type") },
        { title: t("customers.columns.points"), alignment: "end" },
        { title: t("customers.columns.orders"), alignment: "end" },
        { title: t("customers.columns.spent"), alignment: "end" },
        { title: t("customers.columns.lastUpdate") },
        { title: t("customers.columns.actions") },
      ]}
      pagination={pagination}
    >
      {customers.map((c, index) => (
        <IndexTable.Row id={c.id} key={c.id} position={index} selected={selectedResources.includes(c.id)}>
          <IndexTable.Cell>
            <Link
              url={href(`/customers/profile/${encodeURIComponent(c.id)}`)}
              removeUnderline
              dataPrimaryLink
            >
              <Text as="span" fontWeight="semibold">
                {displayName(c)}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>{c.email ?? "—"}</IndexTable.Cell>
          <IndexTable.Cell>{c.phone ?? "—"}</IndexTable.Cell>
          <IndexTable.Cell>{c.birthday ?? "—"}</IndexTable.Cell>
          <IndexTable.Cell>
            <StatusBadge status={c.type} />
            {c.isB2b ? (
              <Text as="span" tone="subdued" variant="bodySm">
                {" "}
                {t("customers.list.b2b")}
              </Text>
            ) : null}
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {number.format(c.availablePoints)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {number.format(c.ordersCount)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {formatMoney(c.amountSpentMinor, currency, i18n.language)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>{formatDate(c.updatedAt, i18n.language)}</IndexTable.Cell>
          <IndexTable.Cell>
            {/* The row itself opens the profile; the button must not. */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click */}
            <div
              role="presentation"
              onClick={(e) => e.stopPropagation()}
              onKeyDown={(e) => e.stopPropagation()}
            >
              <Button
                size="slim"
                onClick={() => onAdjust(c.id)}
                accessibilityLabel={t("customers.actions.adjustPointsFor", { name: displayName(c) })}
              >
                {t("customers.actions.adjustPoints")}
              </Button>
            </div>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
