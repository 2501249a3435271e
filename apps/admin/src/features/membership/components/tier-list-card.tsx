import type { TierProgramView } from "@laurel/contracts";
import { Badge, Card, EmptyState, IndexTable, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { useAppPaths } from "../../../lib/routing";
import { tierPaths, useTierProgramKind } from "../api/tier-program-kind";
import { milestoneToInput } from "../utils/milestone";

/** I-04: the ladder, lowest milestone first: name, milestone, entry reward, members. */
export function TierListCard({ program }: { program: TierProgramView }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const paths = tierPaths(useTierProgramKind());
  const basis = program.settings.basis;
  if (program.tiers.length === 0) {
    return (
      <Card>
        <div data-testid="tiers-empty">
          <EmptyState
            heading={t("membership.tiers.emptyTitle")}
            action={{ content: t("membership.tiers.add"), url: href(paths.create) }}
            image={emptyStateImage}
          >
            <p>{t("membership.tiers.emptyBody")}</p>
          </EmptyState>
        </div>
      </Card>
    );
  }
  return (
    <Card padding="0">
      <IndexTable
        resourceName={{ singular: t("membership.tiers.singular"), plural: t("membership.tiers.plural") }}
        itemCount={program.tiers.length}
        selectable={false}
        headings={[
          { title: t("membership.tiers.name") },
          { title: t(`membership.basis.${basis}`) },
          { title: t("membership.tiers.entryReward") },
          { title: t("membership.tiers.members"), alignment: "end" },
        ]}
      >
        {program.tiers.map((tier, index) => (
          <IndexTable.Row id={tier.id} key={tier.id} position={index}>
            <IndexTable.Cell>
              <span data-testid="tier-row-name">
                <Link url={href(paths.editTier(tier.id))} removeUnderline>
                  {tier.name}
                </Link>
              </span>{" "}
              {tier.exclusive && <Badge tone="magic">{t("membership.tiers.exclusive")}</Badge>}
            </IndexTable.Cell>
            <IndexTable.Cell>
              {tier.exclusive ? "—" : milestoneToInput(basis, tier.milestone)}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Link url={href(paths.rewards(tier.id))} removeUnderline>
                {[
                  tier.entryPoints > 0 ? t("membership.tiers.points", { count: tier.entryPoints }) : null,
                  tier.entryCoupon ? t("tierRewards.couponBadge") : null,
                  tier.preTier ? t("tierRewards.preBadge") : null,
                ]
                  .filter(Boolean)
                  .join(" · ") || t("tierRewards.set")}
              </Link>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                <span data-testid="tier-row-members">{tier.members}</span>
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}
