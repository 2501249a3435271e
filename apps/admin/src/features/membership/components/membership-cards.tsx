import type { MembershipOverview } from "@laurel/contracts";
import { Badge, BlockStack, Button, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";
import { MembershipOverviewGate } from "./membership-overview-gate";

type CardKey = "exclusiveDeal" | "b2b" | "subscription" | "anniversary";
const PATHS: Record<CardKey, string> = {
  exclusiveDeal: "/membership/exclusive-deal",
  b2b: "/wholesale/vip",
  subscription: "/membership/subscription",
  // The anniversary reward is an earning program (member anniversary).
  anniversary: "/programs/member_anniversary/new",
};

function statusOf(key: CardKey, o: MembershipOverview): { tone?: "success" | "attention"; label: string } {
  switch (key) {
    case "exclusiveDeal":
      if (o.exclusiveDeal.running) return { tone: "success", label: "running" };
      return { label: o.exclusiveDeal.planAllowed ? "off" : "needsPlan" };
    case "b2b":
      if (o.b2b.status === "launched") return { tone: "success", label: "running" };
      return o.b2b.available
        ? { tone: "success", label: "available" }
        : { tone: "attention", label: "requirements" };
    case "subscription":
      return o.subscription.planAllowed ? { label: "proposal" } : { label: "needsPlan" };
    case "anniversary":
      return { label: "program" };
  }
}

/** `/membership` (I-01): the other memberships beside VIP tiers, each with its state and its page. */
export function MembershipCards() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  return (
    <MembershipOverviewGate skeletonLines={4}>
      {(overview) => (
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          {(Object.keys(PATHS) as CardKey[]).map((key) => {
            const status = statusOf(key, overview);
            return (
              <Card key={key}>
                <BlockStack gap="200">
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h3" variant="headingSm">
                      {t(`membership.cards.${key}.title`)}
                    </Text>
                    <Badge tone={status.tone}>{t(`membershipMore.cards.status.${status.label}`)}</Badge>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {t(`membership.cards.${key}.body`)}
                  </Text>
                  <InlineStack>
                    <Button url={href(PATHS[key])}>
                      {t(
                        key === "b2b" && overview.b2b.available
                          ? "b2bTiers.open"
                          : `membershipMore.cards.open.${key}`,
                      )}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Card>
            );
          })}
        </InlineGrid>
      )}
    </MembershipOverviewGate>
  );
}
