import type { TierPreview } from "@laurel/contracts";
import { BlockStack, Button, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** What a launch of the tiers as edited would do: members per tier before and after, moves, cost. */
export function TierPreviewCard({ preview, onClose }: { preview: TierPreview; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("membership.preview.title")}
          </Text>
          <Button variant="plain" onClick={onClose}>
            {t("membership.preview.close")}
          </Button>
        </InlineStack>
        <div data-testid="tier-preview">
          <DataTable
            columnContentTypes={["text", "numeric", "numeric"]}
            headings={[
              t("membership.preview.tier"),
              t("membership.preview.before"),
              t("membership.preview.after"),
            ]}
            rows={preview.tiers.map((row) => [row.name, row.before, row.after])}
          />
        </div>
        <div data-testid="tier-preview-moves">
          <Text as="p">
            {t("membership.preview.moves", {
              up: preview.movedUp,
              down: preview.movedDown,
              members: preview.members,
            })}
          </Text>
        </div>
        <Text as="p" tone="subdued">
          {t("membership.preview.rewards", {
            count: preview.entryRewardMembers,
            points: preview.entryRewardPoints,
          })}
        </Text>
        {preview.entryRewardCoupons > 0 && (
          <Text as="p" tone="subdued">
            {t("tierRewards.previewCoupons", { count: preview.entryRewardCoupons })}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
