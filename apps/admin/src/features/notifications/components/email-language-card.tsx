import { Banner, BlockStack, Card, Select, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { usePostTranslation, useTranslationSettings } from "../api/translation";

/** The storefront languages whose e-mail words ship with the app (decisions 0075, 0130). */
const EMAIL_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "pt-PT", "ja", "id"] as const;

/**
 * M-09: the shop's primary storefront language, in which e-mails are written. Saved at once with
 * the whole translation object (`POST /translation`), the other languages and texts unchanged.
 */
export function EmailLanguageCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = useTranslationSettings();
  const save = usePostTranslation();

  let body: React.ReactNode;
  if (settings.isPending) body = <SkeletonBodyText lines={2} />;
  else if (settings.isError)
    body = (
      <Banner
        tone="critical"
        title={t("notifications.loadError")}
        action={{ content: t("notifications.tryAgain"), onAction: () => void settings.refetch() }}
      />
    );
  else {
    const current = settings.data;
    const onChange = (primaryLanguage: string) =>
      save.mutate(
        {
          ...current,
          primaryLanguage,
          additionalLanguages: current.additionalLanguages.filter((l) => l !== primaryLanguage),
        },
        {
          onSuccess: () => toast(t("notifications.language.saved")),
          onError: () => toast(t("notifications.language.saveError"), { isError: true }),
        },
      );
    body = (
      <Select
        label={t("notifications.language.label")}
        options={EMAIL_LANGUAGES.map((code) => ({
          value: code,
          label: t(`notifications.language.names.${code}`),
        }))}
        value={current.primaryLanguage}
        onChange={onChange}
        disabled={save.isPending}
        helpText={t("notifications.language.help")}
      />
    );
  }
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("notifications.language.title")}
        </Text>
        {body}
      </BlockStack>
    </Card>
  );
}
