import type { TierDesignBody, TierDesignView } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  FormLayout,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useTierDesign } from "../api/get-tier-design";
import { usePutTierDesign } from "../api/put-tier-design";

/** The VIP Design tab (I-03, I-04, I-27): how the storefront shows tiers; never locked. */
export function TierDesignCard() {
  const { t } = useTranslation();
  const design = useTierDesign();
  if (design.isPending) {
    return (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  }
  if (design.isError) {
    return (
      <Banner
        tone="critical"
        title={t("membershipMore.design.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void design.refetch() }}
      >
        <p>{design.error.message}</p>
      </Banner>
    );
  }
  return <TierDesignForm design={design.data} />;
}

function TierDesignForm({ design }: { design: TierDesignView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutTierDesign();
  const [form, setForm] = useState<TierDesignBody>(design);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bar = useSaveBar({
    onSave: async () => {
      try {
        const res = await put.mutateAsync(form);
        setForm(res.data);
        setErrors({});
        toast(t("membership.toast.settingsSaved"));
      } catch (error) {
        if (error instanceof ApiError)
          setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("membership.toast.settingsFailed"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setForm(design);
      setErrors({});
    },
  });
  const change = (patch: Partial<TierDesignBody>) => {
    setForm((f) => ({ ...f, ...patch }));
    bar.setSaveChanged(true);
  };
  return (
    <Card>
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("membershipMore.design.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("membershipMore.design.help")}
        </Text>
        <FormLayout>
          <Checkbox
            label={t("membershipMore.design.hideDefaultTier")}
            helpText={t("membershipMore.design.hideDefaultTierHelp")}
            checked={form.hideDefaultTier}
            onChange={(hideDefaultTier) => change({ hideDefaultTier })}
          />
          <Checkbox
            label={t("membershipMore.design.showProgress")}
            checked={form.showProgress}
            onChange={(showProgress) => change({ showProgress })}
          />
          <Checkbox
            label={t("membershipMore.design.showPerks")}
            checked={form.showPerks}
            onChange={(showPerks) => change({ showPerks })}
          />
          <TextField
            label={t("membershipMore.design.accentColor")}
            autoComplete="off"
            placeholder="#1A2B3C"
            value={form.accentColor}
            error={errors.accentColor}
            onChange={(accentColor) => change({ accentColor })}
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
