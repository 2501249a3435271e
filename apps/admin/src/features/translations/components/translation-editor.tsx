import {
  type TranslationEditorType,
  type TranslationSettings,
  translationEditorTypes,
  type WidgetTranslationKey,
  type WidgetTranslationTab,
  widgetTranslationDefaults,
  widgetTranslationTabs,
} from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  EmptyState,
  InlineStack,
  Layout,
  Page,
  Select,
  SkeletonBodyText,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { useToast } from "../../../lib/host/host";
import { languageName } from "../../../lib/i18n/language-name";
import { useSaveTranslation, useShippedTranslations, useTranslationSettings } from "../api/translation";
import { isWidgetTab, keysOf, matches, placeholdersOf, tabOf } from "../utils/sections";

const isType = (v: string | null): v is TranslationEditorType =>
  v !== null && (translationEditorTypes as readonly string[]).includes(v);

/**
 * The translation editor (`/settings/translations/editor`, M-11 … M-18): `type`, `tab`,
 * `languageCode` and `field` in the URL; the widget's tabs; search over label, key, value and
 * placeholder; clean → changed → saved with the save bar, discard and the leave-page guard.
 */
export function TranslationEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const settings = useTranslationSettings();
  if (settings.isPending) {
    return (
      <Page
        title={t("translationsEditor.title")}
        backAction={{ content: t("translationsEditor.back"), url: backUrl }}
      >
        <Card>
          <Box data-testid="translations-skeleton">
            <SkeletonBodyText lines={10} />
          </Box>
        </Card>
      </Page>
    );
  }
  if (settings.isError) {
    return (
      <Page
        title={t("translationsEditor.title")}
        backAction={{ content: t("translationsEditor.back"), url: backUrl }}
      >
        <Banner
          tone="critical"
          title={t("translationsEditor.loadError")}
          action={{ content: t("translationsEditor.tryAgain"), onAction: () => void settings.refetch() }}
        />
      </Page>
    );
  }
  return <EditorForm saved={settings.data} backUrl={backUrl} />;
}

function EditorForm({ saved, backUrl }: { saved: TranslationSettings; backUrl: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveTranslation();
  const shipped = useShippedTranslations();
  const [params, setParams] = useSearchParams();
  const languages = [saved.primaryLanguage, ...saved.additionalLanguages];
  const type: TranslationEditorType = isType(params.get("type"))
    ? (params.get("type") as TranslationEditorType)
    : "widget-design";
  const field = params.get("field");
  const fieldTab =
    field && field in widgetTranslationDefaults ? tabOf(field as WidgetTranslationKey) : undefined;
  const tabParam = params.get("tab");
  const tab: WidgetTranslationTab = isWidgetTab(tabParam) ? tabParam : (fieldTab ?? "welcome");
  const languageParam = params.get("languageCode");
  const language =
    languageParam && languages.includes(languageParam) ? languageParam : (languages[0] ?? "en");

  const initial = saved.translations;
  const [texts, setTexts] = useState(initial);
  const [search, setSearch] = useState("");
  useEffect(() => setTexts(initial), [initial]);

  const changed = JSON.stringify(texts) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    onSave: async () => {
      try {
        await save.mutateAsync({ ...saved, translations: texts });
        toast(t("translationsEditor.saved"));
      } catch (error) {
        toast(t("translationsEditor.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => setTexts(initial),
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  // The URL changes keep the save bar: switching tab or language is no leaving.
  const go = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { state: { keepSaveBar: true } },
    );

  // M-12: `field` jumps to its field and focuses it.
  useEffect(() => {
    if (!field) return;
    const el = document.getElementById(`tr-field-${field}`);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.scrollIntoView({ block: "center" });
      el.focus();
    }
  }, [field]);

  const own = texts[language] ?? {};
  const searching = search.trim() !== "";
  // M-15: a search looks through every tab of the type.
  const keys = useMemo(
    () =>
      keysOf(type, type === "widget-design" && !searching ? tab : undefined).filter((k) =>
        matches(k, own[k] ?? "", search),
      ),
    [type, tab, searching, search, own],
  );

  const setText = (key: WidgetTranslationKey, value: string) =>
    setTexts((all) => {
      const mine = { ...(all[language] ?? {}) };
      if (value === "") delete mine[key];
      else mine[key] = value;
      const next = { ...all, [language]: mine };
      if (Object.keys(mine).length === 0) delete next[language];
      return next;
    });

  const tabs = widgetTranslationTabs.map((id) => ({ id, content: t(`translationsEditor.tabs.${id}`) }));
  const english = language.toLowerCase().startsWith("en");

  return (
    <Page
      title={t("translationsEditor.title")}
      subtitle={t(`translationsEditor.types.${type}`)}
      backAction={{ content: t("translationsEditor.back"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
        <Layout.Section>
          <Card>
            <InlineStack gap="400" wrap>
              <Box minWidth="220px">
                <Select
                  label={t("translationsEditor.type")}
                  options={translationEditorTypes.map((v) => ({
                    value: v,
                    label: t(`translationsEditor.types.${v}`),
                  }))}
                  value={type}
                  onChange={(v) => {
                    setSearch("");
                    go({ type: v, tab: undefined, field: undefined });
                  }}
                />
              </Box>
              <Box minWidth="220px">
                <Select
                  label={t("translationsEditor.language")}
                  options={languages.map((l) => ({ value: l, label: languageName(l) }))}
                  value={language}
                  onChange={(v) => go({ languageCode: v, field: undefined })}
                />
              </Box>
              <Box minWidth="280px">
                <TextField
                  label={t("translationsEditor.search")}
                  value={search}
                  onChange={(v) => {
                    setSearch(v);
                    // M-15: searching starts again from the first tab.
                    if (type === "widget-design" && tab !== "welcome")
                      go({ tab: undefined, field: undefined });
                  }}
                  clearButton
                  onClearButtonClick={() => setSearch("")}
                  autoComplete="off"
                  placeholder={t("translationsEditor.searchPlaceholder")}
                />
              </Box>
            </InlineStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card padding="0">
            {type === "widget-design" && !searching ? (
              <Tabs
                tabs={tabs}
                selected={Math.max(0, widgetTranslationTabs.indexOf(tab))}
                onSelect={(i) => go({ tab: widgetTranslationTabs[i], field: undefined })}
              />
            ) : null}
            <Box padding="400">
              {keys.length === 0 ? (
                <EmptyState
                  heading={
                    searching ? t("translationsEditor.noMatchTitle") : t("translationsEditor.noTextsTitle")
                  }
                  image={emptyStateImage}
                >
                  <p>
                    {searching ? t("translationsEditor.noMatchBody") : t("translationsEditor.noTextsBody")}
                  </p>
                </EmptyState>
              ) : (
                <BlockStack gap="400">
                  {english ? null : (
                    <Text as="p" tone="subdued">
                      {Object.keys(shipped[language] ?? {}).length > 0
                        ? t("translationsEditor.shippedHint")
                        : t("translationsEditor.fallbackHint")}
                    </Text>
                  )}
                  {keys.map((key) => {
                    const placeholders = placeholdersOf(key);
                    return (
                      <TextField
                        key={`${language}:${key}`}
                        id={`tr-field-${key}`}
                        label={widgetTranslationDefaults[key]}
                        value={own[key] ?? ""}
                        // Laurel's own text in this language where it ships one (decision 0179).
                        placeholder={shipped[language]?.[key] ?? widgetTranslationDefaults[key]}
                        onChange={(v) => setText(key, v)}
                        autoComplete="off"
                        maxLength={500}
                        helpText={
                          placeholders.length > 0
                            ? t("translationsEditor.placeholders", { key, list: placeholders.join(", ") })
                            : key
                        }
                      />
                    );
                  })}
                </BlockStack>
              )}
            </Box>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
