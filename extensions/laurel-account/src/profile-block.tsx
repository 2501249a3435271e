import "@shopify/ui-extensions/preact";
import type { ExtensionAccountResponse, ProxyTier } from "@laurel/contracts";
import { render } from "preact";
import { useLaurel } from "../../ui-shared/laurel-api";

/**
 * The rewards block on the customer account's profile page (N-11, decision 0180): the member's
 * balance, tier and progress, and their reward codes to copy; a customer who has not joined gets
 * the way to the loyalty page instead. The theme's account page block (`account-page.liquid`)
 * serves stores on the legacy customer accounts; this serves the new ones.
 */
export default async () => {
  render(<RewardsProfileBlock />, document.body);
};

const token = () => shopify.sessionToken.get();
const t = (key: string, options?: Record<string, string | number>) =>
  String(shopify.i18n.translate(key, options));

function remainingText(next: NonNullable<ProxyTier["next"]>, label: string): string {
  if (next.unit === "money") return shopify.i18n.formatCurrency(next.remaining / 100);
  const count = shopify.i18n.formatNumber(next.remaining);
  return next.unit === "orders"
    ? t("orders", { count: next.remaining, formatted: count })
    : `${count} ${label}`;
}

export function RewardsProfileBlock() {
  const locale = shopify.localization.language.value.isoCode;
  const loaded = useLaurel<ExtensionAccountResponse>("/extensions/account", token, locale);
  if (loaded.state === "loading")
    return (
      <s-section heading={t("heading")}>
        <s-skeleton-paragraph />
      </s-section>
    );
  if (loaded.state === "failed")
    return (
      <s-section heading={t("heading")}>
        <s-banner tone="warning">{t("unavailable")}</s-banner>
      </s-section>
    );
  const { member, pointLabel, loyaltyPageUrl } = loaded.data;
  if (!member)
    return (
      <s-section heading={t("heading")}>
        <s-stack gap="base">
          <s-paragraph>{t("join")}</s-paragraph>
          <s-link href={loyaltyPageUrl}>{t("openLoyaltyPage")}</s-link>
        </s-stack>
      </s-section>
    );
  const label = member.availablePoints === 1 ? pointLabel.singular : pointLabel.plural;
  const { tier } = member;
  return (
    <s-section heading={t("heading")}>
      <s-stack gap="base">
        <s-heading>{`${shopify.i18n.formatNumber(member.availablePoints)} ${label}`}</s-heading>
        {member.pendingPoints > 0 ? (
          <s-text color="subdued">
            {t("pending", {
              points: `${shopify.i18n.formatNumber(member.pendingPoints)} ${pointLabel.plural}`,
            })}
          </s-text>
        ) : null}
        {tier ? (
          <s-stack gap="small-200">
            <s-text>{t("tier", { tier: tier.name })}</s-text>
            {tier.next ? (
              <>
                <s-progress max={100} value={Math.min(100, Math.max(0, tier.next.progress))} />
                <s-text color="subdued">
                  {t("nextTier", {
                    remaining: remainingText(tier.next, pointLabel.plural),
                    tier: tier.next.name,
                  })}
                </s-text>
              </>
            ) : null}
          </s-stack>
        ) : null}
        {member.coupons.length > 0 ? (
          <s-stack gap="small-200">
            <s-text type="strong">{t("codes")}</s-text>
            {member.coupons.map((coupon) => (
              <s-stack key={coupon.id} direction="inline" gap="base" alignItems="center">
                <s-text>{coupon.title}</s-text>
                <s-text type="strong">{coupon.code}</s-text>
                <s-clipboard-item id={`laurel-code-${coupon.id}`} text={coupon.code} />
                <s-button variant="secondary" command="--copy" commandFor={`laurel-code-${coupon.id}`}>
                  {t("copy")}
                </s-button>
              </s-stack>
            ))}
          </s-stack>
        ) : null}
        <s-link href={loyaltyPageUrl}>{t("openLoyaltyPage")}</s-link>
      </s-stack>
    </s-section>
  );
}
