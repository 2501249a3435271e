import type { CheckoutDiscountResponse } from "@laurel/contracts";
import { Banner, BlockStack, Card, Checkbox, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useCheckoutDiscount } from "../api/get-checkout-discount";
import { usePutCheckoutDiscount } from "../api/put-checkout-discount";
import { useEditorForm } from "../hooks/use-editor-form";
import { EditorGate, EditorPage, PreviewCard } from "./editor-frame";

/**
 * `/storefront/branding/checkout-discount` (N-02, N-12): the block that lists a member's reward
 * codes at checkout, with its title and description. A-20: shops with the custom feature, or Plus.
 */
export function CheckoutDiscountEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useCheckoutDiscount();
  return (
    <EditorGate
      title={t("onsite.checkout.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.loadError"
    >
      {(saved) => <CheckoutForm saved={saved} backUrl={backUrl} />}
    </EditorGate>
  );
}

function CheckoutForm({ saved, backUrl }: { saved: CheckoutDiscountResponse; backUrl: string }) {
  const { t } = useTranslation();
  const put = usePutCheckoutDiscount();
  const {
    value: block,
    setValue: setBlock,
    errors,
    saveBar,
  } = useEditorForm({
    saved: saved.block,
    save: put.mutateAsync,
    savedOf: (result) => result.data.block,
    validate: (b) => {
      const errors: Record<string, string> = {};
      if (!b.title.trim()) errors.title = t("onsite.errors.required");
      return errors;
    },
    saveError: "onsite.saveError",
  });

  return (
    <EditorPage
      title={t("onsite.checkout.title")}
      subtitle={t("onsite.checkout.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      {saved.allowed ? null : (
        <Layout.Section>
          <Banner tone="info" title={t("onsite.checkout.gatedTitle")}>
            <p>{t("onsite.checkout.gatedBody")}</p>
          </Banner>
        </Layout.Section>
      )}
      <Layout.Section variant="oneHalf">
        <Card>
          <FormLayout>
            <Checkbox
              label={t("onsite.checkout.enabled")}
              checked={block.enabled}
              disabled={!saved.allowed && !block.enabled}
              onChange={(v) => setBlock((b) => ({ ...b, enabled: v }))}
              error={errors.enabled}
              helpText={t("onsite.checkout.placement")}
            />
            <TextField
              label={t("onsite.popups.titleField")}
              value={block.title}
              onChange={(v) => setBlock((b) => ({ ...b, title: v }))}
              maxLength={80}
              autoComplete="off"
              error={errors.title}
            />
            <TextField
              label={t("onsite.popups.description")}
              value={block.description}
              onChange={(v) => setBlock((b) => ({ ...b, description: v }))}
              maxLength={300}
              multiline={3}
              autoComplete="off"
              error={errors.description}
            />
          </FormLayout>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <PreviewCard>
          <BlockStack gap="200">
            <Text as="p" variant="headingMd">
              {block.title}
            </Text>
            <Text as="p">{block.description}</Text>
            <Text as="p" tone="subdued">
              {t("onsite.checkout.sample")}
            </Text>
          </BlockStack>
        </PreviewCard>
      </Layout.Section>
    </EditorPage>
  );
}
