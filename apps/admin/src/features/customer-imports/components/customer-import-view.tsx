import type { CustomerImport, CustomerImportKindName } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  DropZone,
  IndexTable,
  InlineStack,
  ProgressBar,
  Select,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { customerImportKeys } from "../../../lib/query-keys";
import { useCustomerImport } from "../api/get-customer-import";
import { useCustomerImports } from "../api/get-customer-imports";
import { useImportErrors } from "../api/get-import-errors";
import { downloadImportErrors } from "../api/get-import-errors-csv";
import { postCustomerImport } from "../api/post-customer-import";
import { postStartImport } from "../api/post-start-import";
import { ImportHistoryTable, useCursorPages } from "./import-history-table";

const MAX_BYTES = 25 * 1024 * 1024;

const statusTone = (s: CustomerImport["status"]) =>
  s === "done" ? "success" : s === "failed" ? "critical" : s === "importing" ? "attention" : "info";

/**
 * J-07 … J-12 (`/customers/history`): upload a CSV of points or birthdays; every row is checked
 * before anything is written and refused rows are listed by line and column (and downloadable);
 * the merchant starts the import and watches its progress; the history lists every import. The
 * import in hand is in the URL (`import=`), so a reload keeps following it.
 */
export function CustomerImportView() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const currentId = params.get("import") ?? undefined;
  const [kind, setKind] = useState<CustomerImportKindName>("points");
  const [mode, setMode] = useState<"add" | "reset">("add");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [starting, setStarting] = useState(false);
  const [errorsAfter, setErrorsAfter] = useState<number[]>([]);
  const current = useCustomerImport(currentId);
  const errors = useImportErrors(
    current.data && current.data.errorRows > 0 ? currentId : undefined,
    errorsAfter.at(-1) ?? 0,
  );
  const nf = new Intl.NumberFormat(i18n.language);

  const setCurrent = (id: string | undefined) => {
    setErrorsAfter([]);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set("import", id);
      else next.delete("import");
      return next;
    });
  };

  // The running import finished: say so once, and refresh the history.
  const status = current.data?.status;
  const [seenStatus, setSeenStatus] = useState(status);
  useEffect(() => {
    if (status === seenStatus) return;
    if (seenStatus === "importing" && status === "done") toast(t("customerImports.toast.done"));
    if (seenStatus === "importing" && status === "failed")
      toast(t("customerImports.toast.failed"), { isError: true });
    if (status !== "importing") void queryClient.invalidateQueries({ queryKey: customerImportKeys.all });
    setSeenStatus(status);
  }, [status, seenStatus, toast, t, queryClient]);

  const choose = (files: File[]) => {
    const f = files[0];
    setFileError(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name)) return setFileError(t("customerImports.fileErrors.notCsv"));
    if (f.size > MAX_BYTES) return setFileError(t("customerImports.fileErrors.tooLarge"));
    setFile(f);
  };

  const upload = async () => {
    if (!file) return setFileError(t("customerImports.fileErrors.choose"));
    setUploading(true);
    try {
      const result = await postCustomerImport({ file, kind, mode });
      queryClient.setQueryData(customerImportKeys.detail(result.import.id), result.import);
      setCurrent(result.import.id);
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: [...customerImportKeys.all, "list"] });
    } catch (error) {
      setFileError(isApiError(error) ? error.message : t("customerImports.fileErrors.failed"));
    } finally {
      setUploading(false);
    }
  };

  const start = async () => {
    if (!currentId) return;
    setStarting(true);
    try {
      const started = await postStartImport(currentId);
      queryClient.setQueryData(customerImportKeys.detail(currentId), started.data);
      setSeenStatus("importing");
      toast(t("customerImports.toast.started"));
      void queryClient.invalidateQueries({ queryKey: [...customerImportKeys.all, "list"] });
    } catch (error) {
      toast(isApiError(error) ? error.message : t("customerImports.toast.failed"), { isError: true });
    } finally {
      setStarting(false);
    }
  };

  const imp = current.data;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("customerImports.upload.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t(
              kind === "points"
                ? "customerImports.upload.pointsHelp"
                : kind === "tier"
                  ? "customerImports.upload.tierHelp"
                  : "customerImports.upload.birthdayHelp",
            )}
          </Text>
          <InlineStack gap="400" wrap>
            <Select
              label={t("customerImports.upload.kind")}
              options={[
                { value: "points", label: t("customerImports.kinds.points") },
                { value: "birthday", label: t("customerImports.kinds.birthday") },
                { value: "tier", label: t("customerImports.kinds.tier") },
              ]}
              value={kind}
              onChange={(v) => setKind(v as CustomerImportKindName)}
            />
            {kind === "points" ? (
              <Select
                label={t("customerImports.upload.mode")}
                options={[
                  { value: "add", label: t("customerImports.modes.add") },
                  { value: "reset", label: t("customerImports.modes.reset") },
                ]}
                value={mode}
                onChange={(v) => setMode(v as "add" | "reset")}
              />
            ) : null}
          </InlineStack>
          <DropZone
            label={t("customerImports.upload.file")}
            accept=".csv,text/csv"
            type="file"
            allowMultiple={false}
            onDrop={(_all, accepted, rejected) => choose(accepted.length > 0 ? accepted : rejected)}
            error={Boolean(fileError)}
          >
            {file ? (
              <Box padding="400">
                <Text as="p" variant="bodyMd">
                  {file.name} ({nf.format(Math.ceil(file.size / 1024))} KB)
                </Text>
              </Box>
            ) : (
              <DropZone.FileUpload actionHint={t("customerImports.upload.hint")} />
            )}
          </DropZone>
          {fileError ? (
            <Banner tone="critical" title={fileError} onDismiss={() => setFileError(null)} />
          ) : null}
          <InlineStack align="end">
            <Button variant="primary" onClick={() => void upload()} loading={uploading} disabled={!file}>
              {t("customerImports.upload.check")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>

      {currentId ? (
        <Card>
          {current.isPending ? (
            <SkeletonBodyText lines={4} />
          ) : current.isError || !imp ? (
            <Banner
              tone="critical"
              title={t("customerImports.loadError")}
              action={{ content: t("customerImports.tryAgain"), onAction: () => void current.refetch() }}
            />
          ) : (
            <BlockStack gap="400">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  {imp.fileName}
                </Text>
                <Badge tone={statusTone(imp.status)}>{t(`customerImports.statuses.${imp.status}`)}</Badge>
              </InlineStack>
              <div data-testid="import-summary">
                <Text as="p">
                  {t("customerImports.result.summary", {
                    total: nf.format(imp.totalRows),
                    valid: nf.format(imp.validRows),
                    refused: nf.format(imp.errorRows),
                  })}
                </Text>
              </div>
              {imp.status === "importing" || imp.status === "done" ? (
                <BlockStack gap="200">
                  <ProgressBar
                    progress={imp.validRows === 0 ? 100 : Math.round((imp.doneRows / imp.validRows) * 100)}
                    tone={imp.status === "done" ? "success" : "highlight"}
                  />
                  <div data-testid="import-progress">
                    <Text as="p" tone="subdued">
                      {t("customerImports.result.progress", {
                        done: nf.format(imp.doneRows),
                        valid: nf.format(imp.validRows),
                        changed: nf.format(imp.changedRows),
                      })}
                    </Text>
                  </div>
                </BlockStack>
              ) : null}
              {imp.error ? <Banner tone="critical" title={imp.error} /> : null}
              {imp.errorRows > 0 ? (
                <BlockStack gap="200">
                  <Banner
                    tone="warning"
                    title={t("customerImports.result.refusedTitle", { count: imp.errorRows })}
                  >
                    <p>{t("customerImports.result.refusedBody")}</p>
                  </Banner>
                  <IndexTable
                    selectable={false}
                    itemCount={errors.data?.errors.length ?? 0}
                    loading={errors.isPending || errors.isPlaceholderData}
                    resourceName={{
                      singular: t("customerImports.errors.one"),
                      plural: t("customerImports.errors.many"),
                    }}
                    headings={[
                      { title: t("customerImports.errors.line") },
                      { title: t("customerImports.errors.column") },
                      { title: t("customerImports.errors.reason") },
                    ]}
                    pagination={{
                      hasPrevious: errorsAfter.length > 0,
                      hasNext: errors.data?.nextAfter != null,
                      onPrevious: () => setErrorsAfter((a) => a.slice(0, -1)),
                      onNext: () => {
                        const next = errors.data?.nextAfter;
                        if (next != null) setErrorsAfter((a) => [...a, next]);
                      },
                    }}
                  >
                    {(errors.data?.errors ?? []).map((e, index) => (
                      <IndexTable.Row id={String(e.line)} key={e.line} position={index}>
                        <IndexTable.Cell>{nf.format(e.line)}</IndexTable.Cell>
                        <IndexTable.Cell>
                          {e.field === "file" ? t("customerImports.errors.wholeLine") : e.field}
                        </IndexTable.Cell>
                        <IndexTable.Cell>{e.message}</IndexTable.Cell>
                      </IndexTable.Row>
                    ))}
                  </IndexTable>
                </BlockStack>
              ) : null}
              <InlineStack align="end" gap="200">
                {imp.errorRows > 0 ? (
                  <Button
                    onClick={() =>
                      void downloadImportErrors(imp.id).catch(() =>
                        toast(t("customerImports.toast.downloadFailed"), { isError: true }),
                      )
                    }
                  >
                    {t("customerImports.result.download")}
                  </Button>
                ) : null}
                {imp.status === "ready" ? (
                  <Button
                    variant="primary"
                    onClick={() => void start()}
                    loading={starting}
                    disabled={imp.validRows === 0}
                  >
                    {t("customerImports.result.start", { count: imp.validRows })}
                  </Button>
                ) : null}
              </InlineStack>
            </BlockStack>
          )}
        </Card>
      ) : null}

      <ImportHistory onOpen={(id) => setCurrent(id)} />
    </BlockStack>
  );
}

/** J-12: every import of the shop, newest first, by keyset pages. */
function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const pages = useCursorPages();
  const list = useCustomerImports(pages.cursor);
  const nf = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  let body: React.ReactNode;
  if (list.isPending) body = <SkeletonBodyText lines={5} />;
  else if (list.isError && !list.data)
    body = (
      <Banner
        tone="critical"
        title={t("customerImports.loadError")}
        action={{ content: t("customerImports.tryAgain"), onAction: () => void list.refetch() }}
      />
    );
  else {
    const rows = list.data?.imports ?? [];
    body = (
      <ImportHistoryTable
        loading={list.isPlaceholderData}
        itemCount={rows.length}
        headings={[
          { title: t("customerImports.history.file") },
          { title: t("customerImports.history.kind") },
          { title: t("customerImports.history.status") },
          { title: t("customerImports.history.rows"), alignment: "end" },
          { title: t("customerImports.history.refused"), alignment: "end" },
          { title: t("customerImports.history.changed"), alignment: "end" },
          { title: t("customerImports.history.date") },
        ]}
        pagination={pages.pagination(list.data?.nextCursor)}
      >
        {rows.map((i, index) => (
          <IndexTable.Row id={i.id} key={i.id} position={index}>
            <IndexTable.Cell>
              <Button variant="plain" onClick={() => onOpen(i.id)}>
                {i.fileName}
              </Button>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {t(`customerImports.kinds.${i.kind}`)}
              {i.mode ? ` · ${t(`customerImports.modes.${i.mode}`)}` : ""}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={statusTone(i.status)}>{t(`customerImports.statuses.${i.status}`)}</Badge>
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
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {nf.format(i.changedRows)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{date.format(new Date(i.createdAt))}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ImportHistoryTable>
    );
  }
  return (
    <Card padding="0">
      <Box padding="400">
        <Text as="h2" variant="headingMd">
          {t("customerImports.history.title")}
        </Text>
      </Box>
      {body}
    </Card>
  );
}
