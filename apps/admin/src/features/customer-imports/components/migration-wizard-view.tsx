import {
  type CustomerImportUploadResponse,
  guessMigrationMapping,
  guessMigrationSource,
  type MigrationColumn,
  type MigrationMapping,
  type MigrationSource,
  type MigrationTierRule,
  migrationColumns,
  migrationSources,
  validateMigrationTierRule,
} from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  DropZone,
  InlineGrid,
  InlineStack,
  ProgressBar,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { customerImportKeys } from "../../../lib/query-keys";
import { useCustomerImport } from "../api/get-customer-import";
import { downloadImportErrors } from "../api/get-import-errors-csv";
import { useTierLadder } from "../api/get-tier-ladder";
import { postCustomerImport } from "../api/post-customer-import";
import { postStartImport } from "../api/post-start-import";
import { parseCsvHead } from "../utils/csv-head";

const MAX_BYTES = 25 * 1024 * 1024;
/** The head read for the headers and preview: enough for a header and five rows of any export. */
const HEAD_BYTES = 64 * 1024;
const REQUIRED: readonly MigrationColumn[] = ["email", "points"];

type Step = "upload" | "map" | "tierRule" | "dryRun";

/** The headers the apps write for a member's tier name (compacted), best first. */
const TIER_COLUMN_ALIASES = ["viptiername", "tiername", "viptier", "currenttier", "loyaltytier", "tier"];
const compact = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
export function guessTierColumn(headers: readonly string[]): string | undefined {
  for (const alias of TIER_COLUMN_ALIASES) {
    const hit = headers.find((h) => compact(h) === alias);
    if (hit) return hit;
  }
  return undefined;
}

/** The other app's tier names in the rows read (distinct, first seen first). */
function tierNamesIn(head: string[][], column: string): string[] {
  const i = (head[0] ?? []).indexOf(column);
  if (i < 0) return [];
  const names: string[] = [];
  for (const row of head.slice(1)) {
    const v = (row[i] ?? "").trim();
    if (v && !names.some((n) => n.toLowerCase() === v.toLowerCase())) names.push(v);
  }
  return names;
}

/** An amount in minor units in the store's currency (its own number of decimals). */
function formatMinor(minor: number, currency: string, language: string): string {
  try {
    const format = new Intl.NumberFormat(language, { style: "currency", currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** A blob's text through FileReader (works wherever File does, test DOMs included). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * J-13 / J-14 (`/customers/migration`): upload another loyalty app's export → map its columns
 * (guessed from the headers Smile, LoyaltyLion, Yotpo and Rivo write, with the first rows shown) →
 * dry run (what each row would change, what is refused, nothing written) → migrate (progress) →
 * completed. The migration in hand is the `import=` of the URL, so a reload keeps following it.
 */
export function MigrationWizardView({ historyUrl }: { historyUrl: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const nf = new Intl.NumberFormat(i18n.language);
  const [step, setStep] = useState<Step>("upload");
  const [file, setFile] = useState<File | null>(null);
  const [head, setHead] = useState<string[][]>([]);
  const [mapping, setMapping] = useState<MigrationMapping>({});
  const [source, setSource] = useState<MigrationSource>("other");
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dryRun, setDryRun] = useState<CustomerImportUploadResponse | null>(null);
  const [migrationId, setMigrationId] = useState<string | undefined>();
  const migration = useCustomerImport(migrationId);
  // J-14: the optional tier step — the file's tier column, and each of its tier names' Laurel tier.
  const [tierColumn, setTierColumn] = useState<string>("");
  const [tierNames, setTierNames] = useState<string[]>([]);
  const [tierChoice, setTierChoice] = useState<Record<string, string>>({});
  const [extraName, setExtraName] = useState("");
  const ladder = useTierLadder(step === "tierRule");

  const headers = head[0] ?? [];
  const choose = async (files: File[]) => {
    const f = files[0];
    setFileError(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name)) return setFileError(t("customerImports.fileErrors.notCsv"));
    if (f.size > MAX_BYTES) return setFileError(t("customerImports.fileErrors.tooLarge"));
    const records = parseCsvHead(await readText(f.slice(0, HEAD_BYTES)), 6);
    if (records.length < 2) return setFileError(t("customerImports.migration.noRows"));
    setFile(f);
    setHead(records);
    setMapping(guessMigrationMapping(records[0] ?? []));
    setSource(guessMigrationSource(records[0] ?? []));
    const guessed = guessTierColumn(records[0] ?? []) ?? "";
    setTierColumn(guessed);
    setTierNames(guessed ? tierNamesIn(records, guessed) : []);
    setTierChoice({});
    setStep("map");
  };

  const missing = REQUIRED.filter((c) => !mapping[c]);
  const milestones = new Map((ladder.data?.tiers ?? []).map((x) => [x.id, x.milestone]));
  const tierRule: MigrationTierRule = tierNames.map((name) => ({
    name,
    requirement: milestones.get(tierChoice[name] ?? "") ?? -1,
  }));
  // J-14, checked here as the server checks it: each name needs a tier, one base tier at 0, no duplicates.
  const ruleIssues = tierColumn
    ? tierRule.some((r) => r.requirement < 0)
      ? [{ field: "", message: t("customerImports.migration.tier.chooseEach") }]
      : tierRule.length === 0
        ? [{ field: "", message: t("customerImports.migration.tier.noNames") }]
        : validateMigrationTierRule(tierRule)
    : [];
  const issueOf = (i: number) =>
    ruleIssues.find((x) => x.field.startsWith(`tierRule[${i}]`))?.message ?? undefined;
  const runDryRun = async () => {
    if (!file || missing.length > 0 || ruleIssues.length > 0) return;
    setBusy(true);
    setFileError(null);
    try {
      const result = await postCustomerImport({
        file,
        kind: "migration",
        mode: "reset",
        source,
        mapping,
        ...(tierColumn ? { tierColumn, tierRule } : {}),
      });
      setDryRun(result);
      setStep("dryRun");
      void queryClient.invalidateQueries({ queryKey: [...customerImportKeys.all, "list"] });
    } catch (error) {
      setFileError(isApiError(error) ? error.message : t("customerImports.fileErrors.failed"));
    } finally {
      setBusy(false);
    }
  };

  const migrate = async () => {
    if (!dryRun) return;
    setBusy(true);
    try {
      const started = await postStartImport(dryRun.import.id);
      queryClient.setQueryData(customerImportKeys.detail(dryRun.import.id), started.data);
      setMigrationId(dryRun.import.id);
      toast(t("customerImports.migration.started"));
    } catch (error) {
      toast(isApiError(error) ? error.message : t("customerImports.toast.failed"), { isError: true });
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setStep("upload");
    setFile(null);
    setHead([]);
    setDryRun(null);
    setMigrationId(undefined);
    setFileError(null);
  };

  const steps: Step[] = ["upload", "map", "tierRule", "dryRun"];
  const addName = () => {
    const name = extraName.trim();
    if (name && !tierNames.some((n) => n.toLowerCase() === name.toLowerCase()))
      setTierNames((prev) => [...prev, name]);
    setExtraName("");
  };
  const m = migration.data;
  // C-30: the order history columns are mapped: the dry run tells what they would bring.
  const withOrders = Boolean(mapping.orders || mapping.spent);
  return (
    <BlockStack gap="400">
      <InlineStack gap="200">
        {steps.map((s, i) => (
          <Badge key={s} tone={s === step ? "info" : undefined}>
            {`${i + 1}. ${t(`customerImports.migration.steps.${s}`)}`}
          </Badge>
        ))}
        <Badge tone={m?.status === "done" ? "success" : m ? "attention" : undefined}>
          {`5. ${t(m?.status === "done" ? "customerImports.migration.steps.completed" : "customerImports.migration.steps.migrating")}`}
        </Badge>
      </InlineStack>
      {fileError ? <Banner tone="critical" title={fileError} /> : null}

      {step === "upload" ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("customerImports.migration.uploadTitle")}
            </Text>
            <Text as="p" tone="subdued">
              {t("customerImports.migration.uploadHelp")}
            </Text>
            <DropZone
              label={t("customerImports.upload.file")}
              accept=".csv,text/csv"
              allowMultiple={false}
              onDrop={(_all, accepted) => void choose(accepted)}
            >
              <DropZone.FileUpload actionHint={t("customerImports.upload.hint")} />
            </DropZone>
          </BlockStack>
        </Card>
      ) : null}

      {step === "map" ? (
        <Card>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("customerImports.migration.mapTitle", { file: file?.name ?? "" })}
            </Text>
            <Select
              label={t("customerImports.migration.source")}
              options={migrationSources.map((s) => ({
                value: s,
                label: t(`customerImports.migration.sources.${s}`),
              }))}
              value={source}
              onChange={(v) => setSource(v as MigrationSource)}
            />
            <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
              {migrationColumns.map((column) => (
                <Select
                  key={column}
                  label={t(`customerImports.migration.columns.${column}`)}
                  options={[
                    { value: "", label: t("customerImports.migration.notInFile") },
                    ...headers.map((h) => ({ value: h, label: h })),
                  ]}
                  value={mapping[column] ?? ""}
                  onChange={(v) => setMapping((prev) => ({ ...prev, [column]: v || undefined }))}
                  error={
                    REQUIRED.includes(column) && !mapping[column]
                      ? t("customerImports.migration.required")
                      : undefined
                  }
                />
              ))}
            </InlineGrid>
            <Text as="h3" variant="headingSm">
              {t("customerImports.migration.previewTitle")}
            </Text>
            <DataTable
              columnContentTypes={headers.map(() => "text" as const)}
              headings={headers}
              rows={head.slice(1)}
            />
            <InlineStack gap="200">
              <Button onClick={restart}>{t("customerImports.migration.back")}</Button>
              <Button variant="primary" onClick={() => setStep("tierRule")} disabled={missing.length > 0}>
                {t("customerImports.migration.next")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      ) : null}

      {step === "tierRule" ? (
        <Card>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("customerImports.migration.tier.title")}
            </Text>
            <Text as="p" tone="subdued">
              {t("customerImports.migration.tier.help")}
            </Text>
            <Select
              label={t("customerImports.migration.tier.column")}
              options={[
                { value: "", label: t("customerImports.migration.tier.noColumn") },
                ...headers.map((h) => ({ value: h, label: h })),
              ]}
              value={tierColumn}
              onChange={(v) => {
                setTierColumn(v);
                setTierNames(v ? tierNamesIn(head, v) : []);
                setTierChoice({});
              }}
            />
            {tierColumn ? (
              ladder.isPending ? (
                <ProgressBar progress={30} size="small" />
              ) : ladder.isError ? (
                <Banner
                  tone="critical"
                  title={t("customerImports.loadError")}
                  action={{ content: t("customerImports.tryAgain"), onAction: () => void ladder.refetch() }}
                />
              ) : (ladder.data?.tiers.length ?? 0) === 0 ? (
                <Banner tone="warning" title={t("customerImports.migration.tier.noTiers")} />
              ) : (
                <BlockStack gap="300">
                  {tierNames.map((name, i) => (
                    <InlineGrid key={name} columns={{ xs: 1, md: "2fr 2fr 1fr" }} gap="300" alignItems="end">
                      <Text as="p" variant="bodyMd" fontWeight="semibold">
                        {name}
                      </Text>
                      <Select
                        label={t("customerImports.migration.tier.laurelTier", { name })}
                        options={[
                          { value: "", label: t("customerImports.migration.tier.choose") },
                          ...(ladder.data?.tiers ?? []).map((x) => ({ value: x.id, label: x.name })),
                        ]}
                        value={tierChoice[name] ?? ""}
                        onChange={(v) => setTierChoice((prev) => ({ ...prev, [name]: v }))}
                        error={issueOf(i)}
                      />
                      <Button
                        onClick={() => setTierNames((prev) => prev.filter((n) => n !== name))}
                        accessibilityLabel={t("customerImports.migration.tier.remove", { name })}
                      >
                        {t("customerImports.migration.tier.removeShort")}
                      </Button>
                    </InlineGrid>
                  ))}
                  <InlineStack gap="200" blockAlign="end">
                    <TextField
                      label={t("customerImports.migration.tier.addName")}
                      value={extraName}
                      onChange={setExtraName}
                      autoComplete="off"
                      maxLength={100}
                    />
                    <Button onClick={addName} disabled={extraName.trim() === ""}>
                      {t("customerImports.migration.tier.add")}
                    </Button>
                  </InlineStack>
                  {ruleIssues.length > 0 ? (
                    <Banner tone="warning" title={ruleIssues[0]?.message ?? ""} />
                  ) : null}
                </BlockStack>
              )
            ) : null}
            <InlineStack gap="200">
              <Button onClick={() => setStep("map")}>{t("customerImports.migration.back")}</Button>
              <Button
                variant="primary"
                onClick={() => void runDryRun()}
                loading={busy}
                disabled={missing.length > 0 || ruleIssues.length > 0}
              >
                {t("customerImports.migration.runDryRun")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      ) : null}

      {step === "dryRun" && dryRun?.dryRun ? (
        <Card>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("customerImports.migration.dryRunTitle")}
            </Text>
            <Text as="p">
              {t("customerImports.migration.dryRunSummary", {
                change: nf.format(dryRun.dryRun.change),
                keep: nf.format(dryRun.dryRun.keep),
                refused: nf.format(dryRun.dryRun.refused),
                birthdays: nf.format(dryRun.dryRun.birthdays),
              })}
            </Text>
            {mapping.orders || mapping.spent ? (
              <Text as="p">
                {t("customerImports.migration.orders.dryRun", {
                  create: nf.format(dryRun.dryRun.ordersCreate),
                  change: nf.format(dryRun.dryRun.ordersChange),
                  keep: nf.format(dryRun.dryRun.ordersKeep),
                })}
              </Text>
            ) : null}
            {dryRun.import.tierBasis ? (
              <Text as="p">
                {t("customerImports.migration.tier.dryRun", {
                  change: nf.format(dryRun.dryRun.tierChange),
                  keep: nf.format(dryRun.dryRun.tierKeep),
                })}
              </Text>
            ) : null}
            <Text as="p" tone="subdued">
              {t("customerImports.migration.nothingWritten")}
            </Text>
            {dryRun.dryRun.preview.length > 0 ? (
              <DataTable
                columnContentTypes={[
                  "numeric",
                  "text",
                  "numeric",
                  "numeric",
                  ...(withOrders ? (["numeric", "numeric", "text"] as const) : []),
                ]}
                headings={[
                  t("customerImports.errors.line"),
                  t("customerImports.migration.columns.email"),
                  t("customerImports.migration.pointsNow"),
                  t("customerImports.migration.pointsAfter"),
                  ...(withOrders
                    ? [
                        t("customerImports.migration.orders.ordersHeading"),
                        t("customerImports.migration.orders.spentHeading"),
                        t("customerImports.migration.orders.outcomeHeading"),
                      ]
                    : []),
                ]}
                rows={dryRun.dryRun.preview.map((r) => [
                  r.line,
                  r.email ?? "",
                  nf.format(r.currentPoints),
                  nf.format(r.newPoints),
                  ...(withOrders
                    ? [
                        r.orders === null ? "—" : nf.format(r.orders),
                        r.spentMinor === null
                          ? "—"
                          : formatMinor(r.spentMinor, dryRun.dryRun?.currency ?? "USD", i18n.language),
                        r.ordersOutcome
                          ? t(`customerImports.migration.orders.outcome.${r.ordersOutcome}`)
                          : "—",
                      ]
                    : []),
                ])}
              />
            ) : null}
            {dryRun.errors.length > 0 ? (
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {t("customerImports.migration.refusedTitle")}
                </Text>
                <DataTable
                  columnContentTypes={["numeric", "text", "text"]}
                  headings={[
                    t("customerImports.errors.line"),
                    t("customerImports.errors.column"),
                    t("customerImports.errors.reason"),
                  ]}
                  rows={dryRun.errors.map((e) => [e.line, e.field, e.message])}
                />
                <InlineStack>
                  <Button
                    onClick={() =>
                      void downloadImportErrors(dryRun.import.id).catch(() =>
                        toast(t("customerImports.toast.downloadFailed"), { isError: true }),
                      )
                    }
                  >
                    {t("customerImports.result.download")}
                  </Button>
                </InlineStack>
              </BlockStack>
            ) : null}
            {m ? (
              <BlockStack gap="200">
                <ProgressBar
                  progress={m.validRows === 0 ? 100 : Math.round((m.doneRows / m.validRows) * 100)}
                  tone={m.status === "done" ? "success" : "highlight"}
                />
                <Text as="p">
                  {t("customerImports.result.progress", {
                    done: nf.format(m.doneRows),
                    valid: nf.format(m.validRows),
                    changed: nf.format(m.changedRows),
                  })}
                </Text>
                {m.status === "done" ? (
                  <Banner tone="success" title={t("customerImports.migration.completed")}>
                    <p>{t("customerImports.migration.completedBody")}</p>
                  </Banner>
                ) : null}
                {m.error ? <Banner tone="critical" title={m.error} /> : null}
                <InlineStack gap="200">
                  <Button url={historyUrl}>{t("customerImports.history.title")}</Button>
                  {m.status === "done" || m.status === "failed" ? (
                    <Button onClick={restart}>{t("customerImports.migration.another")}</Button>
                  ) : null}
                </InlineStack>
              </BlockStack>
            ) : (
              <InlineStack gap="200">
                <Button onClick={() => setStep("tierRule")}>{t("customerImports.migration.back")}</Button>
                <Button
                  variant="primary"
                  onClick={() => void migrate()}
                  loading={busy}
                  disabled={dryRun.import.validRows === 0}
                >
                  {t("customerImports.migration.migrate")}
                </Button>
              </InlineStack>
            )}
          </BlockStack>
        </Card>
      ) : null}
    </BlockStack>
  );
}
