import { BlockStack, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import {
  EarnEventQueue,
  GrowthRewardsView,
  InboundKeyCard,
  ReviewConnectorsCard,
} from "../../../features/earn-events";
import { useAppPaths } from "../../../lib/routing";

/**
 * Issue 15 part 2: the review activity (`/customers/activity/review`, `/customers/programs/review`,
 * G-14), the Google Maps review queue (`/customers/programs/google-maps-review`, G-16) and the
 * growth rewards page (`/programs/growth-rewards`, F-09).
 */
export default function EarnEventsScreen() {
  const { t } = useTranslation();
  const { path, href } = useAppPaths();
  if (path === "/programs/growth-rewards") {
    return (
      <Page
        title={t("earnEvents.growth.title")}
        backAction={{ content: t("earnEvents.programs"), url: href("/programs") }}
      >
        <GrowthRewardsView />
      </Page>
    );
  }
  const google = path === "/customers/programs/google-maps-review";
  return (
    <Page
      fullWidth
      title={google ? t("earnEvents.queue.googleTitle") : t("earnEvents.queue.reviewTitle")}
      backAction={{ content: t("earnEvents.customers"), url: href("/customers") }}
    >
      <BlockStack gap="400">
        <EarnEventQueue kind={google ? "google-reviews" : "reviews"} href={href} />
        {google ? null : <ReviewConnectorsCard />}
        {google ? null : <InboundKeyCard />}
      </BlockStack>
    </Page>
  );
}
