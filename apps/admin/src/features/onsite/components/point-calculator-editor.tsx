import type { PointCalculator, PointCalculatorResponse } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Layout,
  Link,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { usePointCalculator } from "../api/get-point-calculator";
import { usePutPointCalculator } from "../api/put-point-calculator";
import { previewCalculatorPoints, toMinor } from "../utils/calculator-preview";

/**
 * `/storefront/calculator` and `/storefront/point-calculator` (N-20, M-22): the loyalty page's
 * point calculator — on or off, its title and description, the amount it starts from and the order
 * programs it counts — with a live preview computed by the same rule as the store's page.
 */
export function PointCalculatorEditor({
  backUrl,
  translationsUrl,
}: {
  backUrl: string;
  translationsUrl: string;
}) {
  const { t } = useTranslation();
  const query = usePointCalculator();
  const title = t("onsite.calculator.title");
  if (query.isPending) return <ScreenSkeleton title={title} />;
  if (query.isError) {
    return (
      <Page title={title} backAction={{ content: t("onsite.title"), url: backUrl }}>
        <Banner
          tone="critical"
          title={t("onsite.calculator.loadError")}
          action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return <CalculatorForm saved={query.data} backUrl={backUrl} translationsUrl={translationsUrl} />;
}

const amountText = (minor: number) => (minor === 0 ? "" : (minor / 100).toFixed(2));

function CalculatorForm({
  saved,
  backUrl,
  translationsUrl,
}: {
  saved: PointCalculatorResponse;
  backUrl: string;
  translationsUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const put = usePutPointCalculator();
  const [initial, setInitial] = useState(saved.calculator);
  const [calculator, setCalculator] = useState<PointCalculator>(saved.calculator);
  const [amount, setAmount] = useState(amountText(saved.calculator.defaultAmount));
  const [sample, setSample] = useState(amountText(saved.calculator.defaultAmount) || "100.00");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const amountMinor = amount.trim() === "" ? 0 : toMinor(amount);
  const draft: PointCalculator = { ...calculator, defaultAmount: amountMinor ?? calculator.defaultAmount };
  const changed =
    JSON.stringify(draft) !== JSON.stringify(initial) || (amountMinor === null && amount !== "");
  const saveBar = useSaveBar({
    validate: () => {
      const next: Record<string, string> = {};
      if (!calculator.title.trim()) next.title = t("onsite.errors.required");
      if (amountMinor === null || amountMinor > 100_000_000)
        next.defaultAmount = t("onsite.calculator.amountError");
      if (calculator.programIds !== null && calculator.programIds.length === 0)
        next.programIds = t("onsite.calculator.programsError");
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await put.mutateAsync(draft);
        setInitial(result.data.calculator);
        setCalculator(result.data.calculator);
        setAmount(amountText(result.data.calculator.defaultAmount));
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("onsite.calculator.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setCalculator(initial);
      setAmount(amountText(initial.defaultAmount));
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  const money = (minor: number) => {
    try {
      return new Intl.NumberFormat(i18n.language, { style: "currency", currency: saved.currency }).format(
        minor / 100,
      );
    } catch {
      return (minor / 100).toFixed(2);
    }
  };
  const sampleMinor = toMinor(sample);
  const points =
    sampleMinor === null ? null : previewCalculatorPoints(calculator, saved.programs, sampleMinor);
  const pointWord = (n: number) => (n === 1 ? saved.pointLabel.singular : saved.pointLabel.plural);
  const countable = saved.programs.filter((p) => p.earnBy !== "item");

  return (
    <Page
      title={t("onsite.calculator.title")}
      subtitle={t("onsite.calculator.subtitle")}
      backAction={{ content: t("onsite.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
        <Layout.Section variant="oneHalf">
          <BlockStack gap="400">
            <Card>
              <FormLayout>
                <Checkbox
                  label={t("onsite.calculator.enabled")}
                  helpText={t("onsite.calculator.enabledHelp")}
                  checked={calculator.enabled}
                  onChange={(v) => setCalculator((c) => ({ ...c, enabled: v }))}
                  error={errors.enabled}
                />
                <TextField
                  label={t("onsite.popups.titleField")}
                  value={calculator.title}
                  onChange={(v) => setCalculator((c) => ({ ...c, title: v }))}
                  maxLength={80}
                  autoComplete="off"
                  error={errors.title}
                />
                <TextField
                  label={t("onsite.popups.description")}
                  value={calculator.description}
                  onChange={(v) => setCalculator((c) => ({ ...c, description: v }))}
                  maxLength={300}
                  multiline={2}
                  autoComplete="off"
                  error={errors.description}
                />
                <TextField
                  label={t("onsite.calculator.defaultAmount", { currency: saved.currency })}
                  value={amount}
                  onChange={setAmount}
                  inputMode="decimal"
                  autoComplete="off"
                  helpText={t("onsite.calculator.defaultAmountHelp")}
                  error={errors.defaultAmount}
                />
              </FormLayout>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingSm">
                  {t("onsite.calculator.programsTitle")}
                </Text>
                <Checkbox
                  label={t("onsite.calculator.allPrograms")}
                  helpText={t("onsite.calculator.allProgramsHelp")}
                  checked={calculator.programIds === null}
                  onChange={(all) =>
                    setCalculator((c) => ({
                      ...c,
                      programIds: all
                        ? null
                        : saved.programs
                            .filter((p) => p.active && p.earnBy !== "item")
                            .map((p) => p.programId),
                    }))
                  }
                />
                {calculator.programIds === null ? null : countable.length === 0 ? (
                  <Text as="p" tone="subdued">
                    {t("onsite.calculator.noPrograms")}
                  </Text>
                ) : (
                  <ChoiceList
                    title={t("onsite.calculator.programsTitle")}
                    titleHidden
                    allowMultiple
                    choices={countable.map((p) => ({
                      value: p.programId,
                      label: p.title,
                      helpText: p.active ? undefined : t("onsite.calculator.inactive"),
                    }))}
                    selected={calculator.programIds}
                    onChange={(ids) => setCalculator((c) => ({ ...c, programIds: ids }))}
                    error={errors.programIds}
                  />
                )}
                <Text as="p" tone="subdued">
                  {t("onsite.calculator.itemNote")}
                </Text>
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingSm">
                {t("onsite.popups.preview")}
              </Text>
              <Box background="bg-surface-secondary" padding="400" borderRadius="200">
                <div data-testid="calculator-preview">
                  <BlockStack gap="200">
                    {calculator.enabled ? null : (
                      <Text as="p" tone="caution">
                        {t("onsite.calculator.hidden")}
                      </Text>
                    )}
                    <Text as="p" variant="headingMd">
                      {calculator.title}
                    </Text>
                    {calculator.description ? <Text as="p">{calculator.description}</Text> : null}
                    <TextField
                      label={t("onsite.calculator.sample", { currency: saved.currency })}
                      value={sample}
                      onChange={setSample}
                      inputMode="decimal"
                      autoComplete="off"
                      error={sampleMinor === null ? t("onsite.calculator.amountError") : undefined}
                    />
                    {points === null || sampleMinor === null ? null : (
                      <Text as="p" fontWeight="semibold">
                        <span data-testid="calculator-preview-result">
                          {t("onsite.calculator.result", {
                            amount: money(sampleMinor),
                            points: `${points.toLocaleString(i18n.language)} ${pointWord(points)}`,
                          })}
                        </span>
                      </Text>
                    )}
                  </BlockStack>
                </div>
              </Box>
              <Text as="p" tone="subdued">
                {t("onsite.calculator.texts")}{" "}
                <Link url={translationsUrl}>{t("onsite.calculator.textsLink")}</Link>
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
