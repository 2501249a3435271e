import { EmptyState, IndexTable, type IndexTableProps } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";

/**
 * A list of imports, newest first, paged by cursor: the shop's import history and the staff's list
 * of every shop's imports share the table, its empty state and its paging; only their columns differ.
 */
export function ImportHistoryTable({
  loading,
  itemCount,
  headings,
  pagination,
  children,
}: {
  loading: boolean;
  itemCount: number;
  headings: IndexTableProps["headings"];
  pagination: IndexTableProps["pagination"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <IndexTable
      selectable={false}
      loading={loading}
      itemCount={itemCount}
      resourceName={{
        singular: t("customerImports.history.one"),
        plural: t("customerImports.history.many"),
      }}
      emptyState={
        <EmptyState heading={t("customerImports.history.empty")} image={emptyStateImage}>
          <p>{t("customerImports.history.emptyBody")}</p>
        </EmptyState>
      }
      headings={headings}
      pagination={pagination}
    >
      {children}
    </IndexTable>
  );
}

/** Cursor paging: the cursors walked so far, so Previous goes back one page and Next on to the next. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    pagination: (nextCursor: string | null | undefined) => ({
      hasPrevious: cursors.length > 0,
      hasNext: Boolean(nextCursor),
      onPrevious: () => setCursors((c) => c.slice(0, -1)),
      onNext: () => {
        if (nextCursor) setCursors((c) => [...c, nextCursor]);
      },
    }),
  };
}
