import { FAQS_MAX, type Faq, type FaqsResponse } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Layout,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useFaqs } from "../api/get-faqs";
import { usePutFaqs } from "../api/put-faqs";
import { useEditorForm } from "../hooks/use-editor-form";
import { EditorGate, EditorPage } from "./editor-frame";

/** `/storefront/faqs` (N-10): the questions and answers the loyalty page shows, in order. */
export function FaqsEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useFaqs();
  return (
    <EditorGate title={t("onsite.faqs.title")} backUrl={backUrl} query={query} loadError="onsite.loadError">
      {(saved) => <FaqsForm saved={saved} backUrl={backUrl} />}
    </EditorGate>
  );
}

function validate(faqs: Faq[], t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  faqs.forEach((f, i) => {
    if (!f.question.trim()) errors[`faqs.${i}.question`] = t("onsite.errors.required");
    if (!f.answer.trim()) errors[`faqs.${i}.answer`] = t("onsite.errors.required");
  });
  return errors;
}

function FaqsForm({ saved, backUrl }: { saved: FaqsResponse; backUrl: string }) {
  const { t } = useTranslation();
  const put = usePutFaqs();
  const {
    value: faqs,
    setValue: setFaqs,
    errors,
    changed,
    saveBar,
  } = useEditorForm({
    saved: saved.faqs,
    save: put.mutateAsync,
    savedOf: (result) => result.data.faqs,
    validate: (list) => validate(list, t),
    saveError: "onsite.saveError",
  });

  const update = (i: number, patch: Partial<Faq>) =>
    setFaqs((list) => list.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, by: number) =>
    setFaqs((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });
  const add = () => setFaqs((list) => [...list, { question: "", answer: "" }]);

  return (
    <EditorPage
      title={t("onsite.faqs.title")}
      subtitle={t("onsite.faqs.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      {saved.isDefault && !changed ? (
        <Layout.Section>
          <Banner tone="info" title={t("onsite.faqs.defaultTitle")}>
            <p>{t("onsite.faqs.defaultBody")}</p>
          </Banner>
        </Layout.Section>
      ) : null}
      <Layout.Section>
        {faqs.length === 0 ? (
          <Card>
            <EmptyState
              heading={t("onsite.faqs.emptyTitle")}
              action={{ content: t("onsite.faqs.add"), onAction: add }}
              image=""
            >
              <p>{t("onsite.faqs.emptyBody")}</p>
            </EmptyState>
          </Card>
        ) : (
          <BlockStack gap="400">
            {faqs.map((faq, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list the merchant orders.
              <Card key={i}>
                <BlockStack gap="300" data-testid="faq-row">
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h2" variant="headingSm">
                      {t("onsite.faqs.number", { n: i + 1 })}
                    </Text>
                    <InlineStack gap="200">
                      <Button
                        size="slim"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        accessibilityLabel={t("onsite.faqs.moveUp", { n: i + 1 })}
                      >
                        ↑
                      </Button>
                      <Button
                        size="slim"
                        disabled={i === faqs.length - 1}
                        onClick={() => move(i, 1)}
                        accessibilityLabel={t("onsite.faqs.moveDown", { n: i + 1 })}
                      >
                        ↓
                      </Button>
                      <Button
                        size="slim"
                        tone="critical"
                        variant="plain"
                        onClick={() => setFaqs((list) => list.filter((_, j) => j !== i))}
                      >
                        {t("onsite.faqs.remove")}
                      </Button>
                    </InlineStack>
                  </InlineStack>
                  <TextField
                    label={t("onsite.faqs.question")}
                    value={faq.question}
                    onChange={(v) => update(i, { question: v })}
                    maxLength={200}
                    autoComplete="off"
                    error={errors[`faqs.${i}.question`]}
                  />
                  <TextField
                    label={t("onsite.faqs.answer")}
                    value={faq.answer}
                    onChange={(v) => update(i, { answer: v })}
                    maxLength={2000}
                    multiline={3}
                    autoComplete="off"
                    error={errors[`faqs.${i}.answer`]}
                  />
                </BlockStack>
              </Card>
            ))}
            {errors.faqs ? (
              <Text as="p" tone="critical">
                {errors.faqs}
              </Text>
            ) : null}
            <InlineStack>
              <Button onClick={add} disabled={faqs.length >= FAQS_MAX}>
                {t("onsite.faqs.add")}
              </Button>
            </InlineStack>
          </BlockStack>
        )}
      </Layout.Section>
    </EditorPage>
  );
}
