import type { MembershipOverview } from "@laurel/contracts";
import { Banner, Card, SkeletonBodyText } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMembershipOverview } from "../api/get-membership-overview";

/**
 * The membership overview's skeleton while it loads, its load error with a retry, then what is
 * built from it: shared by the membership cards and the B2B and subscription pages, which all read
 * the same overview.
 */
export function MembershipOverviewGate({
  skeletonLines,
  children,
}: {
  skeletonLines: number;
  children: (overview: MembershipOverview) => ReactNode;
}) {
  const { t } = useTranslation();
  const overview = useMembershipOverview();
  if (overview.isPending) {
    return (
      <Card>
        <SkeletonBodyText lines={skeletonLines} />
      </Card>
    );
  }
  if (overview.isError) {
    return (
      <Banner
        tone="critical"
        title={t("membershipMore.cards.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void overview.refetch() }}
      >
        <p>{overview.error.message}</p>
      </Banner>
    );
  }
  return children(overview.data);
}
