import { BlockStack, Select, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { RewardDraft } from "../utils/form";

/** One side's reward (E-02): a discount percentage, a fixed amount or points, above 0 (E-04). */
export function RewardEditor({
  heading,
  help,
  reward,
  error,
  onChange,
}: {
  heading: string;
  help: string;
  reward: RewardDraft;
  error: string | undefined;
  onChange: (reward: RewardDraft) => void;
}) {
  const { t } = useTranslation();
  const suffix =
    reward.kind === "percentage"
      ? "%"
      : reward.kind === "points"
        ? t("referrals.reward.pointsSuffix")
        : undefined;
  return (
    <BlockStack gap="300">
      <Text as="h2" variant="headingMd">
        {heading}
      </Text>
      <Text as="p" tone="subdued">
        {help}
      </Text>
      <Select
        label={t("referrals.reward.kind")}
        options={[
          { label: t("referrals.reward.percentage"), value: "percentage" },
          { label: t("referrals.reward.amount"), value: "amount" },
          { label: t("referrals.reward.points"), value: "points" },
        ]}
        value={reward.kind}
        onChange={(kind) => onChange({ ...reward, kind: kind as RewardDraft["kind"] })}
      />
      <TextField
        label={t("referrals.reward.value")}
        type="number"
        autoComplete="off"
        value={reward.value}
        suffix={suffix}
        error={error ? t(error) : undefined}
        onChange={(value) => onChange({ ...reward, value })}
      />
    </BlockStack>
  );
}
