import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { useGrowthRewards } from "../api/get-growth-rewards";
import { useClaimGrowthReward } from "../api/post-growth-claim";

const TONES = { locked: undefined, claimable: "attention", claimed: "success" } as const;

/** F-09, X-33: the merchant's growth rewards, free orders by lifetime orders, claimable → claimed. */
export function GrowthRewardsView() {
  const { t } = useTranslation();
  const toast = useToast();
  const growth = useGrowthRewards();
  const claim = useClaimGrowthReward();
  const onClaim = async (threshold: number) => {
    try {
      await claim.mutateAsync(threshold);
      toast(t("earnEvents.growth.claimed"));
    } catch {
      toast(t("earnEvents.growth.claimFailed"), { isError: true });
    }
  };
  if (growth.isPending) {
    return (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  }
  if (growth.isError || !growth.data) {
    return (
      <Banner
        tone="critical"
        title={t("earnEvents.growth.loadError")}
        action={{ content: t("earnEvents.tryAgain"), onAction: () => void growth.refetch() }}
      />
    );
  }
  const data = growth.data;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="p">
            {t("earnEvents.growth.summary", { orders: data.lifetimeOrders, factor: data.factor })}
          </Text>
          <Text as="p" tone="subdued">
            {t("earnEvents.growth.bonus", { count: data.bonusFreeOrders })}
          </Text>
        </BlockStack>
      </Card>
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: t("earnEvents.growth.reward"), plural: t("earnEvents.growth.rewards") }}
          itemCount={data.rewards.length}
          selectable={false}
          headings={[
            { title: t("earnEvents.growth.threshold") },
            { title: t("earnEvents.growth.freeOrders") },
            { title: t("earnEvents.growth.state") },
            { title: "" },
          ]}
        >
          {data.rewards.map((r, i) => (
            <IndexTable.Row id={String(r.threshold)} key={r.threshold} position={i}>
              <IndexTable.Cell>{t("earnEvents.growth.orders", { count: r.threshold })}</IndexTable.Cell>
              <IndexTable.Cell>{r.freeOrders}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={TONES[r.state]}>{t(`earnEvents.growth.states.${r.state}`)}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack align="end">
                  {r.state === "claimable" ? (
                    <Button
                      variant="primary"
                      loading={claim.isPending}
                      onClick={() => void onClaim(r.threshold)}
                    >
                      {t("earnEvents.growth.claim")}
                    </Button>
                  ) : null}
                </InlineStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </BlockStack>
  );
}
