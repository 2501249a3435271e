import {
  Badge,
  Banner,
  BlockStack,
  Card,
  EmptyState,
  InlineStack,
  Page,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { useDiscountLink } from "../api/get-discount-link";

export interface DiscountLinkViewProps {
  functionId: string;
  discountId: string;
  language: string;
  href: (path: string) => string;
}

/**
 * D-20: the page the platform opens for one of its discounts (`/discount/{functionId}/{id}`): the
 * Laurel reward behind it (code, reward, shopper, status) with links to the reward and the
 * customer, or why there is none.
 */
export function DiscountLinkView({ functionId, discountId, language, href }: DiscountLinkViewProps) {
  const { t } = useTranslation();
  const found = useDiscountLink(functionId, discountId);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso))
      : t("programs.discount.never");

  let body: React.ReactNode;
  if (found.isPending) {
    body = (
      <Card>
        <SkeletonBodyText lines={5} />
      </Card>
    );
  } else if (found.isError) {
    body = (
      <Banner
        tone="critical"
        title={t("programs.discount.loadError")}
        action={{ content: t("programs.list.tryAgain"), onAction: () => void found.refetch() }}
      >
        <p>{found.error.message}</p>
      </Banner>
    );
  } else if (found.data.reward === null) {
    body = (
      <Card>
        <EmptyState
          heading={t("programs.discount.emptyTitle")}
          image={emptyStateImage}
          action={{ content: t("programs.discount.toPrograms"), url: href("/programs?type=redeem") }}
        >
          <p>{t("programs.discount.emptyBody", { id: discountId })}</p>
        </EmptyState>
      </Card>
    );
  } else {
    const r = found.data.reward;
    const rows: Array<[string, string]> = [
      [t("programs.discount.reward"), r.programTitle],
      [t("programs.discount.customer"), r.customerEmail ?? r.customerId],
      [t("programs.discount.points"), t("programs.explain.points", { points: r.points })],
      [t("programs.discount.issued"), date(r.issuedAt)],
      [t("programs.discount.expires"), date(r.expiresAt)],
      [
        t("programs.discount.used"),
        r.usedAt ? `${date(r.usedAt)}${r.usedOrderId ? ` · #${r.usedOrderId}` : ""}` : "—",
      ],
    ];
    body = (
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {r.code}
            </Text>
            <Badge>{t(`programs.discount.status.${r.status}`, { defaultValue: r.status })}</Badge>
          </InlineStack>
          {rows.map(([label, value]) => (
            <InlineStack key={label} gap="200">
              <Text as="span" tone="subdued">
                {label}
              </Text>
              <Text as="span">{value}</Text>
            </InlineStack>
          ))}
          <InlineStack gap="300">
            <a href={href(`/programs/point/${r.programId}`)}>{t("programs.discount.openReward")}</a>
            <a href={href(`/customers/${r.customerId}`)}>{t("programs.discount.openCustomer")}</a>
          </InlineStack>
        </BlockStack>
      </Card>
    );
  }

  return (
    <Page
      title={t("programs.discount.title")}
      subtitle={t("programs.discount.subtitle", { functionId })}
      backAction={{ content: t("programs.title"), url: href("/programs?type=redeem") }}
    >
      {body}
    </Page>
  );
}
