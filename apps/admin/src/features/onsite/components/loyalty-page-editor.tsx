import { type LoyaltyPage, type LoyaltyPageResponse, loyaltyPageSections } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Link,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoyaltyPage } from "../api/get-loyalty-page";
import { usePutLoyaltyPage } from "../api/put-loyalty-page";
import { useEditorForm } from "../hooks/use-editor-form";
import { EditorGate, EditorPage } from "./editor-frame";

/** What the server accepts (contracts `loyaltyPageSlugSchema`), checked before saving. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * `/storefront/loyalty-page` (N-10): the page's address on the store (renamable slug), its hero and
 * which sections show in what order. The page's colours are the shop's (Settings › Colours, M-04).
 */
export function LoyaltyPageEditor({ backUrl, settingsUrl }: { backUrl: string; settingsUrl: string }) {
  const { t } = useTranslation();
  const query = useLoyaltyPage();
  return (
    <EditorGate
      title={t("onsite.loyaltyPage.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.loyaltyPage.loadError"
    >
      {(saved) => <LoyaltyPageForm saved={saved} backUrl={backUrl} settingsUrl={settingsUrl} />}
    </EditorGate>
  );
}

function validate(page: LoyaltyPage, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (page.slug.length < 3 || page.slug.length > 80 || !SLUG.test(page.slug))
    errors.slug = t("onsite.loyaltyPage.slugError");
  if (!page.hero.title.trim()) errors["hero.title"] = t("onsite.errors.required");
  return errors;
}

function LoyaltyPageForm({
  saved,
  backUrl,
  settingsUrl,
}: {
  saved: LoyaltyPageResponse;
  backUrl: string;
  settingsUrl: string;
}) {
  const { t } = useTranslation();
  const put = usePutLoyaltyPage();
  const [url, setUrl] = useState(saved.url);
  const {
    value: page,
    setValue: setPage,
    initial,
    errors,
    changed,
    saveBar,
  } = useEditorForm({
    saved: saved.page,
    save: (p) =>
      put.mutateAsync({
        ...p,
        hero: { ...p.hero, buttonText: p.hero.buttonText?.trim() ? p.hero.buttonText : null },
      }),
    savedOf: (result) => result.data.page,
    validate: (p) => validate(p, t),
    saveError: "onsite.loyaltyPage.saveError",
    onSaved: (result) => setUrl(result.data.url),
  });

  const setHero = (patch: Partial<LoyaltyPage["hero"]>) =>
    setPage((p) => ({ ...p, hero: { ...p.hero, ...patch } }));
  const move = (i: number, by: number) =>
    setPage((p) => {
      const next = [...p.sections];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return { ...p, sections: next };
    });
  const prefix = url.slice(0, url.length - initial.slug.length);

  return (
    <EditorPage
      title={t("onsite.loyaltyPage.title")}
      subtitle={t("onsite.loyaltyPage.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
      secondaryActions={[{ content: t("onsite.loyaltyPage.view"), url, target: "_blank" }]}
    >
      <Layout.AnnotatedSection
        title={t("onsite.loyaltyPage.addressTitle")}
        description={t("onsite.loyaltyPage.addressBody")}
      >
        <Card>
          <BlockStack gap="300">
            <TextField
              label={t("onsite.loyaltyPage.slug")}
              prefix={prefix}
              value={page.slug}
              onChange={(v) => setPage((p) => ({ ...p, slug: v }))}
              maxLength={80}
              autoComplete="off"
              helpText={t("onsite.loyaltyPage.slugHelp")}
              error={errors.slug}
            />
            <InlineStack gap="200" blockAlign="center">
              <Text as="span" tone="subdued">
                {t("onsite.loyaltyPage.liveAt")}
              </Text>
              <Text as="span" breakWord>
                <span data-testid="loyalty-page-url">{url}</span>
              </Text>
            </InlineStack>
            <InlineStack>
              <Button url={url} target="_blank">
                {t("onsite.loyaltyPage.view")}
              </Button>
            </InlineStack>
            {changed && page.slug !== initial.slug ? (
              <Banner tone="info">
                <p>{t("onsite.loyaltyPage.renameWarning")}</p>
              </Banner>
            ) : null}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title={t("onsite.loyaltyPage.heroTitle")}
        description={t("onsite.loyaltyPage.heroBody")}
      >
        <Card>
          <FormLayout>
            <TextField
              label={t("onsite.loyaltyPage.heroHeading")}
              value={page.hero.title}
              onChange={(v) => setHero({ title: v })}
              maxLength={80}
              autoComplete="off"
              error={errors["hero.title"]}
            />
            <TextField
              label={t("onsite.loyaltyPage.heroSubtitle")}
              value={page.hero.subtitle}
              onChange={(v) => setHero({ subtitle: v })}
              maxLength={300}
              multiline={2}
              autoComplete="off"
              error={errors["hero.subtitle"]}
            />
            <TextField
              label={t("onsite.loyaltyPage.heroButton")}
              value={page.hero.buttonText ?? ""}
              onChange={(v) => setHero({ buttonText: v })}
              maxLength={40}
              autoComplete="off"
              helpText={t("onsite.loyaltyPage.heroButtonHelp")}
              error={errors["hero.buttonText"]}
            />
            <Text as="p" tone="subdued">
              {t("onsite.loyaltyPage.colours")}{" "}
              <Link url={settingsUrl}>{t("onsite.loyaltyPage.coloursLink")}</Link>
            </Text>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title={t("onsite.loyaltyPage.sectionsTitle")}
        description={t("onsite.loyaltyPage.sectionsBody")}
      >
        <Card>
          <BlockStack gap="200">
            {errors.sections ? (
              <Text as="p" tone="critical">
                {errors.sections}
              </Text>
            ) : null}
            {page.sections.map((entry, i) => {
              const name = t(`onsite.loyaltyPage.sections.${entry.section}`);
              return (
                <InlineStack key={entry.section} align="space-between" blockAlign="center" gap="200">
                  <Checkbox
                    label={name}
                    checked={entry.visible}
                    onChange={(visible) =>
                      setPage((p) => ({
                        ...p,
                        sections: p.sections.map((s, j) => (j === i ? { ...s, visible } : s)),
                      }))
                    }
                  />
                  <InlineStack gap="200">
                    <Button
                      size="slim"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      accessibilityLabel={t("onsite.loyaltyPage.moveUp", { section: name })}
                    >
                      ↑
                    </Button>
                    <Button
                      size="slim"
                      disabled={i === loyaltyPageSections.length - 1}
                      onClick={() => move(i, 1)}
                      accessibilityLabel={t("onsite.loyaltyPage.moveDown", { section: name })}
                    >
                      ↓
                    </Button>
                  </InlineStack>
                </InlineStack>
              );
            })}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
    </EditorPage>
  );
}
