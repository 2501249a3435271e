import type { CheckoutDiscount, CheckoutDiscountResponse } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  Checkbox,
  FormLayout,
  Layout,
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
import { useCheckoutDiscount } from "../api/get-checkout-discount";
import { usePutCheckoutDiscount } from "../api/put-checkout-discount";

/**
 * `/storefront/branding/checkout-discount` (N-02, N-12): the block that lists a member's reward
 * codes at checkout, with its title and description. A-20: shops with the custom feature, or Plus.
 */
export function CheckoutDiscountEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useCheckoutDiscount();
  const title = t("onsite.checkout.title");
  if (query.isPending) return <ScreenSkeleton title={title} />;
  if (query.isError) {
    return (
      <Page title={title} backAction={{ content: t("onsite.title"), url: backUrl }}>
        <Banner
          tone="critical"
          title={t("onsite.loadError")}
          action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return <CheckoutForm saved={query.data} backUrl={backUrl} />;
}

function CheckoutForm({ saved, backUrl }: { saved: CheckoutDiscountResponse; backUrl: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutCheckoutDiscount();
  const [initial, setInitial] = useState(saved.block);
  const [block, setBlock] = useState<CheckoutDiscount>(saved.block);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = JSON.stringify(block) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next: Record<string, string> = {};
      if (!block.title.trim()) next.title = t("onsite.errors.required");
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await put.mutateAsync(block);
        setInitial(result.data.block);
        setBlock(result.data.block);
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("onsite.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setBlock(initial);
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  return (
    <Page
      title={t("onsite.checkout.title")}
      subtitle={t("onsite.checkout.subtitle")}
      backAction={{ content: t("onsite.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
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
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingSm">
                {t("onsite.popups.preview")}
              </Text>
              <Box background="bg-surface-secondary" padding="400" borderRadius="200">
                <BlockStack gap="200">
                  <Text as="p" variant="headingMd">
                    {block.title}
                  </Text>
                  <Text as="p">{block.description}</Text>
                  <Text as="p" tone="subdued">
                    {t("onsite.checkout.sample")}
                  </Text>
                </BlockStack>
              </Box>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
