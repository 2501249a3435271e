import type { GetShopsResponse } from "@laurel/contracts";
import { Avatar, Badge, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** a support agent is signed in to this merchant account. */
export function isSupportLogin(data: Pick<GetShopsResponse, "shop" | "session">): boolean {
  return Boolean(data.session.impersonatedBy) || data.shop.isCrmLogin;
}

/** 'Logged in' with the shop logo and name, shown while support is signed in as the shop. */
export function LoggedInBadge({ shopName, logo }: { shopName: string; logo: string | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid="logged-in-badge" style={{ paddingInline: "var(--p-space-200)" }}>
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        {logo ? (
          <Thumbnail source={logo} alt={shopName} size="extraSmall" />
        ) : (
          <Avatar name={shopName} initials={initialsOf(shopName)} size="sm" />
        )}
        <Text as="span" variant="bodySm" fontWeight="semibold" tone="text-inverse">
          {shopName}
        </Text>
        <Badge tone="attention">{t("status.loggedIn")}</Badge>
      </InlineStack>
    </div>
  );
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "").slice(0, 2);
  return letters.toUpperCase() || "?";
}
