import { Badge, Banner, Box, Card, IndexTable, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useDevImports } from "../api/get-dev-imports";
import { ImportHistoryTable, useCursorPages } from "./import-history-table";

/** `/dev_zone/import-file-manager` (J-12): every shop's imports for staff, newest first. */
export function DevImportListView() {
  const { t, i18n } = useTranslation();
  const pages = useCursorPages();
  const list = useDevImports(pages.cursor);
  const nf = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (list.isPending)
    return (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  if (list.isError && !list.data)
    return (
      <Banner
        tone="critical"
        title={t("customerImports.loadError")}
        action={{ content: t("customerImports.tryAgain"), onAction: () => void list.refetch() }}
      />
    );
  const rows = list.data?.imports ?? [];
  return (
    <Card padding="0">
      <ImportHistoryTable
        loading={list.isPlaceholderData}
        itemCount={rows.length}
        headings={[
          { title: t("customerImports.history.shop") },
          { title: t("customerImports.history.file") },
          { title: t("customerImports.history.kind") },
          { title: t("customerImports.history.status") },
          { title: t("customerImports.history.rows"), alignment: "end" },
          { title: t("customerImports.history.refused"), alignment: "end" },
          { title: t("customerImports.history.date") },
        ]}
        pagination={pages.pagination(list.data?.nextCursor)}
      >
        {rows.map((i, index) => (
          <IndexTable.Row id={i.id} key={i.id} position={index}>
            <IndexTable.Cell>{i.shopDomain}</IndexTable.Cell>
            <IndexTable.Cell>
              <Box>
                <Text as="span">{i.fileName}</Text>
              </Box>
            </IndexTable.Cell>
            <IndexTable.Cell>{t(`customerImports.kinds.${i.kind}`)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={i.status === "failed" ? "critical" : i.status === "done" ? "success" : "info"}>
                {t(`customerImports.statuses.${i.status}`)}
              </Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {nf.format(i.totalRows)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {nf.format(i.errorRows)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{date.format(new Date(i.createdAt))}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ImportHistoryTable>
    </Card>
  );
}
