import { type ReferralBranding, type ReferralSettings, referralBrandingSchema } from "@laurel/contracts";
import type { ShopRow, Tx } from "@laurel/db";
import { DEFAULT_CURRENCY } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import * as repo from "./referrals.repository";

/** E-13 (decision 0125): the referral pages' design as stored, and its placeholders filled. */

/** What a shop that never designed its referral pages shows. */
export const DEFAULT_REFERRAL_BRANDING: ReferralBranding = {
  invite: {
    heading: "Give {{reward}}, get rewarded",
    body: "Share your link: your friends get {{reward}} on their first order at {{shop}}, and you are rewarded when they buy.",
    shareChannels: ["copy", "email", "facebook", "x", "whatsapp"],
    showStats: true,
  },
  popup: {
    enabled: true,
    layout: "modal",
    title: "{{referrer}} sent you {{reward}}",
    description: "Create an account at {{shop}} to get {{reward}} on your first order.",
    buttonText: "Claim my reward",
    claimedText: "Your reward is ready: {{code}}",
    imageUrl: null,
    delaySeconds: 1,
    colors: { background: "#ffffff", text: "#1a1a1a", button: "#1f6feb", buttonText: "#ffffff" },
  },
};

export async function loadReferralBranding(conn: Deps["db"] | Tx, shopId: string): Promise<ReferralBranding> {
  const row = await repo.findBranding(conn, shopId);
  const parsed = row ? referralBrandingSchema.safeParse(row.branding) : null;
  return parsed?.success ? parsed.data : DEFAULT_REFERRAL_BRANDING;
}

/** The friend's reward in words, in the shop's language and currency: "10% off", "$5.00 off", "200 points". */
export function rewardText(reward: ReferralSettings["friendReward"], shop: ShopRow): string {
  const locale = shop.settings.translation?.primaryLanguage || "en";
  if (reward.kind === "points") return `${reward.points.toLocaleString(locale)} points`;
  if (reward.kind === "percentage") return `${reward.percentage}% off`;
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  try {
    const f = new Intl.NumberFormat(locale, { style: "currency", currency });
    return `${f.format(reward.amount / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2))} off`;
  } catch {
    return `${(reward.amount / 100).toFixed(2)} ${currency} off`;
  }
}

/** Fills `{{reward}}`, `{{referrer}}`, `{{shop}}` (and leaves any other placeholder for the widget). */
export function fillPlaceholders(text: string, values: { reward: string; referrer: string; shop: string }) {
  return text.replace(/\{\{(reward|referrer|shop)\}\}/g, (_, name: keyof typeof values) => values[name]);
}

/** The invite card of the widget's referral view (E-13), its texts filled for this shop. */
export async function inviteOf(deps: Deps, shop: ShopRow, settings: ReferralSettings, referrer: string) {
  const { invite } = await loadReferralBranding(deps.db, shop.id);
  const values = { reward: rewardText(settings.friendReward, shop), referrer, shop: shop.name };
  return {
    heading: fillPlaceholders(invite.heading, values),
    body: fillPlaceholders(invite.body, values),
    shareChannels: [...invite.shareChannels],
    showStats: invite.showStats,
  };
}
