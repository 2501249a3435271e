import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useWidgetDesign } from "../api/get-widget-design";

/** The on-site pages built so far (N-01, N-02), each with its path. */
const PAGES = [
  ["loyaltyPage", "/storefront/loyalty-page"],
  ["calculator", "/storefront/point-calculator"],
  ["faqs", "/storefront/faqs"],
  ["signUpPopup", "/storefront/branding/signup-widget"],
  ["signupBlock", "/storefront/branding/signup-block"],
  ["customerLogin", "/storefront/branding/customer-login"],
  ["visitPopup", "/storefront/branding/interact-website"],
  ["reminder", "/storefront/branding/reminder"],
  ["checkout", "/storefront/branding/checkout-discount"],
  ["referral", "/storefront/branding/referral"],
] as const;

/** `/storefront` (N-01): the on-site content, starting with the widget's design. */
export function OnsiteOverview({ href }: { href: (path: string) => string }) {
  const { t } = useTranslation();
  return (
    <Page title={t("onsite.title")} subtitle={t("onsite.subtitle")}>
      <Layout>
        <Layout.Section>
          <EmbedStatus />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t("onsite.overview.widgetTitle")}
              </Text>
              <Text as="p">{t("onsite.overview.widgetBody")}</Text>
              <InlineStack>
                <Button variant="primary" url={href("/storefront/branding/point")}>
                  {t("onsite.overview.widgetAction")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t("onsite.overview.pagesTitle")}
              </Text>
              {PAGES.map(([key, path]) => (
                <InlineStack key={key} align="space-between" blockAlign="center" gap="200">
                  <BlockStack gap="100">
                    <Text as="p" fontWeight="semibold">
                      {t(`onsite.overview.pages.${key}`)}
                    </Text>
                    <Text as="p" tone="subdued">
                      {t(`onsite.overview.pages.${key}Body`)}
                    </Text>
                  </BlockStack>
                  <Button url={href(path)}>{t("onsite.overview.edit")}</Button>
                </InlineStack>
              ))}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/**
 * N-17: is the theme's app embed on? The widget shows on the store only when it is; the deep link
 * opens the theme editor with Laurel's embed ready to turn on. Themes without app blocks
 * (`isThemeOS2` false) get the embed but not the blocks.
 */
function EmbedStatus() {
  const { t } = useTranslation();
  const query = useWidgetDesign();
  if (query.isPending) {
    return (
      <Card>
        <SkeletonBodyText lines={2} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Banner
        tone="critical"
        title={t("onsite.loadError")}
        action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
      />
    );
  }
  const { embed } = query.data;
  const link = embed.themeEditorUrl
    ? { content: t("onsite.embed.enable"), url: embed.themeEditorUrl, external: true }
    : undefined;
  return (
    <div data-testid="embed-status">
      {embed.disabledEmbedApp ? (
        <Banner tone="warning" title={t("onsite.embed.offTitle")} action={link}>
          <p>{t("onsite.embed.offBody")}</p>
        </Banner>
      ) : (
        <Banner
          tone="success"
          title={t("onsite.embed.onTitle")}
          secondaryAction={link ? { ...link, content: t("onsite.embed.open") } : undefined}
        >
          <p>{embed.themeEditorUrl ? t("onsite.embed.onBody") : t("onsite.embed.demoBody")}</p>
        </Banner>
      )}
      {embed.isThemeOS2 === false ? (
        <Banner tone="info" title={t("onsite.embed.noBlocksTitle")}>
          <p>{t("onsite.embed.noBlocksBody")}</p>
        </Banner>
      ) : null}
    </div>
  );
}
