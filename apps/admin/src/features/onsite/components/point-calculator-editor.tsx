import type { PointCalculator, PointCalculatorResponse } from "@laurel/contracts";
import {
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Layout,
  Link,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePointCalculator } from "../api/get-point-calculator";
import { usePutPointCalculator } from "../api/put-point-calculator";
import { useEditorForm } from "../hooks/use-editor-form";
import { previewCalculatorPoints, toMinor } from "../utils/calculator-preview";
import { EditorGate, EditorPage, PreviewCard } from "./editor-frame";

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
  return (
    <EditorGate
      title={t("onsite.calculator.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.calculator.loadError"
    >
      {(saved) => <CalculatorForm saved={saved} backUrl={backUrl} translationsUrl={translationsUrl} />}
    </EditorGate>
  );
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
  const put = usePutPointCalculator();
  // The default amount as typed; the calculator holds it in minor units once it reads as money.
  const [amount, setAmount] = useState(amountText(saved.calculator.defaultAmount));
  const [sample, setSample] = useState(amountText(saved.calculator.defaultAmount) || "100.00");
  const amountMinor = amount.trim() === "" ? 0 : toMinor(amount);
  const withAmount = (c: PointCalculator): PointCalculator => ({
    ...c,
    defaultAmount: amountMinor ?? c.defaultAmount,
  });
  const {
    value: calculator,
    setValue: setCalculator,
    errors,
    saveBar,
  } = useEditorForm({
    saved: saved.calculator,
    save: (c) => put.mutateAsync(withAmount(c)),
    savedOf: (result) => result.data.calculator,
    isChanged: (c, initial) =>
      JSON.stringify(withAmount(c)) !== JSON.stringify(initial) || (amountMinor === null && amount !== ""),
    validate: (c) => {
      const next: Record<string, string> = {};
      if (!c.title.trim()) next.title = t("onsite.errors.required");
      if (amountMinor === null || amountMinor > 100_000_000)
        next.defaultAmount = t("onsite.calculator.amountError");
      if (c.programIds !== null && c.programIds.length === 0)
        next.programIds = t("onsite.calculator.programsError");
      return next;
    },
    saveError: "onsite.calculator.saveError",
    onSaved: (result) => setAmount(amountText(result.data.calculator.defaultAmount)),
    onDiscard: (initial) => setAmount(amountText(initial.defaultAmount)),
  });

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
    <EditorPage
      title={t("onsite.calculator.title")}
      subtitle={t("onsite.calculator.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
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
                      : saved.programs.filter((p) => p.active && p.earnBy !== "item").map((p) => p.programId),
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
        <PreviewCard
          footer={
            <Text as="p" tone="subdued">
              {t("onsite.calculator.texts")}{" "}
              <Link url={translationsUrl}>{t("onsite.calculator.textsLink")}</Link>
            </Text>
          }
        >
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
        </PreviewCard>
      </Layout.Section>
    </EditorPage>
  );
}
