import { storefrontLanguages, type TranslationSettings, translationEditorTypes } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  ProgressBar,
  ResourceItem,
  ResourceList,
  Select,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { languageName } from "../../../lib/i18n/language-name";
import { useSaveTranslation, useShippedTranslations, useTranslationSettings } from "../api/translation";
import { completenessOf } from "../utils/sections";

const editorUrl = (href: (p: string) => string, params: Record<string, string>) =>
  `${href("/settings/translations/editor")}?${new URLSearchParams(params)}`;

/**
 * The translation list (`/translations`, `/settings?type=translations`; M-01, M-09, M-19): the
 * shop's storefront languages with how complete each is, adding and removing languages, and the
 * editor's types (M-13) each leading to the editor.
 */
export function TranslationList({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  const settings = useTranslationSettings();
  if (settings.isPending) {
    return (
      <Card>
        <Box data-testid="translations-skeleton">
          <SkeletonBodyText lines={6} />
        </Box>
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <Banner
        tone="critical"
        title={t("translationsEditor.loadError")}
        action={{ content: t("translationsEditor.tryAgain"), onAction: () => void settings.refetch() }}
      />
    );
  }
  return <Languages saved={settings.data} href={href} />;
}

function Languages({ saved, href }: { saved: TranslationSettings; href: (path: string) => string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveTranslation();
  const shipped = useShippedTranslations();
  const languages = [saved.primaryLanguage, ...saved.additionalLanguages];
  const addable = storefrontLanguages.filter(
    (l) => !languages.some((x) => x.toLowerCase() === l.toLowerCase()),
  );
  const [adding, setAdding] = useState<string>("");

  const add = () => {
    if (!adding) return;
    save.mutate(
      { ...saved, additionalLanguages: [...saved.additionalLanguages, adding] },
      {
        onSuccess: () => {
          setAdding("");
          toast(t("translationsEditor.languageAdded"));
        },
        onError: () => toast(t("translationsEditor.createLanguageError"), { isError: true }),
      },
    );
  };
  const remove = (language: string) => {
    const { [language]: _drop, ...translations } = saved.translations;
    save.mutate(
      {
        ...saved,
        additionalLanguages: saved.additionalLanguages.filter((l) => l !== language),
        translations,
      },
      {
        onSuccess: () => toast(t("translationsEditor.languageRemoved")),
        onError: () => toast(t("translationsEditor.deleteLanguageError"), { isError: true }),
      },
    );
  };

  return (
    <Layout>
      <Layout.AnnotatedSection
        title={t("translationsEditor.languagesTitle")}
        description={t("translationsEditor.languagesHelp", { count: storefrontLanguages.length })}
      >
        <Card padding="0">
          <ResourceList
            resourceName={{
              singular: t("translationsEditor.language"),
              plural: t("translationsEditor.languages"),
            }}
            items={languages.map((id) => ({ id }))}
            renderItem={({ id: language }) => {
              const complete = completenessOf(language, saved.translations[language], shipped[language]);
              const primary = language === saved.primaryLanguage;
              return (
                <ResourceItem
                  id={language}
                  url={editorUrl(href, { type: "widget-design", languageCode: language })}
                  accessibilityLabel={t("translationsEditor.editLanguage", {
                    language: languageName(language),
                  })}
                >
                  <BlockStack gap="200">
                    <InlineStack align="space-between" blockAlign="center">
                      <InlineStack gap="200" blockAlign="center">
                        <Text as="span" fontWeight="semibold">
                          {languageName(language)}
                        </Text>
                        {primary ? <Badge tone="info">{t("translationsEditor.primary")}</Badge> : null}
                      </InlineStack>
                      {primary ? null : (
                        <Button
                          variant="plain"
                          tone="critical"
                          onClick={() => remove(language)}
                          accessibilityLabel={t("translationsEditor.removeLanguage", {
                            language: languageName(language),
                          })}
                        >
                          {t("translationsEditor.remove")}
                        </Button>
                      )}
                    </InlineStack>
                    <InlineStack gap="200" blockAlign="center" wrap={false}>
                      <Box width="200px">
                        <ProgressBar
                          progress={complete}
                          size="small"
                          tone={complete === 100 ? "success" : "highlight"}
                        />
                      </Box>
                      <Text as="span" tone="subdued" variant="bodySm">
                        {t("translationsEditor.complete", { percent: complete })}
                      </Text>
                    </InlineStack>
                  </BlockStack>
                </ResourceItem>
              );
            }}
          />
          <Box padding="400" borderBlockStartWidth="025" borderColor="border">
            <InlineStack gap="200" blockAlign="end">
              <Box minWidth="240px">
                <Select
                  label={t("translationsEditor.addLanguage")}
                  options={[
                    { value: "", label: t("translationsEditor.chooseLanguage") },
                    ...addable.map((l) => ({ value: l, label: languageName(l) })),
                  ]}
                  value={adding}
                  onChange={setAdding}
                />
              </Box>
              <Button onClick={add} disabled={!adding} loading={save.isPending}>
                {t("translationsEditor.add")}
              </Button>
            </InlineStack>
          </Box>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title={t("translationsEditor.textsTitle")}
        description={t("translationsEditor.textsHelp")}
      >
        <Card padding="0">
          <ResourceList
            resourceName={{
              singular: t("translationsEditor.type"),
              plural: t("translationsEditor.typesPlural"),
            }}
            items={translationEditorTypes.map((id) => ({ id }))}
            renderItem={({ id: type }) => (
              <ResourceItem
                id={type}
                url={editorUrl(href, { type })}
                accessibilityLabel={t(`translationsEditor.types.${type}`)}
              >
                <Text as="span">{t(`translationsEditor.types.${type}`)}</Text>
              </ResourceItem>
            )}
          />
        </Card>
      </Layout.AnnotatedSection>
    </Layout>
  );
}
