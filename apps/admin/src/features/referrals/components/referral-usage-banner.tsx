import type { ReferralSettingsResponse } from "@laurel/contracts";
import { Banner, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** E-06, E-07: the plan's cap on completed referrals this cycle, and the warnings near and at it. */
export function ReferralUsageBanner({ usage }: { usage: ReferralSettingsResponse["usage"] }) {
  const { t } = useTranslation();
  if (usage.cap === null) {
    return (
      <Text as="p" tone="subdued" data-testid="referral-usage">
        {t("referrals.usage.unlimited", { used: usage.used })}
      </Text>
    );
  }
  const line = t("referrals.usage.capped", { used: usage.used, cap: usage.cap });
  if (usage.status === "ok") {
    return (
      <Text as="p" tone="subdued" data-testid="referral-usage">
        {line}
      </Text>
    );
  }
  return (
    <Banner
      tone={usage.status === "reached" ? "critical" : "warning"}
      title={
        usage.status === "reached" ? t("referrals.usage.reachedTitle") : t("referrals.usage.warningTitle")
      }
    >
      <p data-testid="referral-usage">{line}</p>
      <p>{t("referrals.usage.upgrade")}</p>
    </Banner>
  );
}
