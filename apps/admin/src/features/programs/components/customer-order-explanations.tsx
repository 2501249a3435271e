import { Banner, BlockStack, Card, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useOrderExplanations } from "../api/get-order-explanations";
import { OrderExplanationCard } from "./order-explanation-view";

/**
 * "Why did (or didn't) this order earn?" on a customer's profile (issue 14): the customer's latest
 * orders, each with every place order program's decision, the rule-engine conditions it met or not,
 * and the entries it produced. Composed into the profile by the customers route.
 */
export function CustomerOrderExplanations({
  customerId,
  language,
}: {
  customerId: string;
  language: string;
}) {
  const { t } = useTranslation();
  const found = useOrderExplanations(customerId);
  let body: React.ReactNode;
  if (found.isPending) {
    body = (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  } else if (found.isError) {
    body = (
      <Banner
        tone="critical"
        title={t("programs.explain.loadError")}
        action={{ content: t("programs.list.tryAgain"), onAction: () => void found.refetch() }}
      >
        <p>{found.error.message}</p>
      </Banner>
    );
  } else if (found.data.length === 0) {
    body = (
      <Card>
        <Text as="p" tone="subdued">
          {t("programs.explain.customerNoOrders")}
        </Text>
      </Card>
    );
  } else {
    body = found.data.map((o) => <OrderExplanationCard key={o.orderId} order={o} language={language} />);
  }
  return (
    <BlockStack gap="300">
      <Text as="h2" variant="headingLg">
        {t("programs.explain.customerHeading")}
      </Text>
      {body}
    </BlockStack>
  );
}
