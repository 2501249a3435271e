import { REFERRAL_DESCRIPTION_MAX, type ReferralSettings } from "@laurel/contracts";

/** A reward as the form edits it: the kind and the number as typed (money in major units). */
export interface RewardDraft {
  kind: "percentage" | "amount" | "points";
  value: string;
}

/** The settings form's state: text fields as typed, converted on save. */
export interface ReferralDraft {
  enabled: boolean;
  title: string;
  description: string;
  friendReward: RewardDraft;
  referrerReward: RewardDraft;
  redirectUrl: string;
  linkPrefix: string;
  eligibility: ReferralSettings["eligibility"];
  orderTags: string;
  customerTags: string;
  perCustomerLimit: string;
  perTier: ReferralSettings["perCustomerLimit"]["perTier"];
  antiCheat: ReferralSettings["antiCheat"];
  cancelWindowDays: string;
}

function rewardDraft(r: ReferralSettings["friendReward"]): RewardDraft {
  if (r.kind === "percentage") return { kind: "percentage", value: String(r.percentage) };
  if (r.kind === "amount") return { kind: "amount", value: (r.amount / 100).toFixed(2) };
  return { kind: "points", value: String(r.points) };
}

export function draftOf(s: ReferralSettings): ReferralDraft {
  return {
    enabled: s.enabled,
    title: s.title,
    description: s.description,
    friendReward: rewardDraft(s.friendReward),
    referrerReward: rewardDraft(s.referrerReward),
    redirectUrl: s.redirectUrl,
    linkPrefix: s.linkPrefix,
    eligibility: s.eligibility,
    orderTags: s.orderTags.join(", "),
    customerTags: s.customerTags.join(", "),
    perCustomerLimit: s.perCustomerLimit.limit === null ? "" : String(s.perCustomerLimit.limit),
    perTier: s.perCustomerLimit.perTier,
    antiCheat: s.antiCheat,
    cancelWindowDays: String(s.cancelWindowDays),
  };
}

const tagsOf = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

function rewardOf(d: RewardDraft): ReferralSettings["friendReward"] {
  const n = Number(d.value);
  if (d.kind === "percentage") return { kind: "percentage", percentage: n };
  if (d.kind === "amount") return { kind: "amount", amount: Math.round(n * 100) };
  return { kind: "points", points: n };
}

export function settingsOf(d: ReferralDraft): ReferralSettings {
  return {
    enabled: d.enabled,
    title: d.title.trim(),
    description: d.description,
    friendReward: rewardOf(d.friendReward),
    referrerReward: rewardOf(d.referrerReward),
    redirectUrl: d.redirectUrl.trim(),
    linkPrefix: d.linkPrefix.trim(),
    eligibility: d.eligibility,
    orderTags: tagsOf(d.orderTags),
    customerTags: tagsOf(d.customerTags),
    perCustomerLimit: {
      limit: d.perCustomerLimit.trim() === "" ? null : Number(d.perCustomerLimit),
      perTier: d.perTier,
    },
    antiCheat: d.antiCheat,
    cancelWindowDays: Number(d.cancelWindowDays),
  };
}

/** Field → translation key of its problem (E-04), or nothing when the draft can be saved. */
export type DraftErrors = Partial<Record<string, string>>;

const REDIRECT = /^(\/(?!\/)[^\s\\]*|https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s\\]*)?)$/;

function rewardProblem(d: RewardDraft): string | undefined {
  const n = Number(d.value);
  if (d.value.trim() === "" || !Number.isFinite(n) || n <= 0) return "referrals.errors.rewardPositive";
  if (d.kind === "percentage" && n > 100) return "referrals.errors.percentageMax";
  if (d.kind === "points" && !Number.isInteger(n)) return "referrals.errors.wholePoints";
  return undefined;
}

export function validateDraft(d: ReferralDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (d.title.trim() === "") errors.title = "referrals.errors.titleRequired";
  if (d.description.length > REFERRAL_DESCRIPTION_MAX)
    errors.description = "referrals.errors.descriptionTooLong";
  if (!REDIRECT.test(d.redirectUrl.trim())) errors.redirectUrl = "referrals.errors.redirectUrlInvalid";
  if (!/^[A-Za-z0-9-]{0,12}$/.test(d.linkPrefix.trim()))
    errors.linkPrefix = "referrals.errors.linkPrefixInvalid";
  const friend = rewardProblem(d.friendReward);
  if (friend) errors.friendReward = friend;
  const referrer = rewardProblem(d.referrerReward);
  if (referrer) errors.referrerReward = referrer;
  const limit = d.perCustomerLimit.trim();
  if (limit !== "" && !(Number.isInteger(Number(limit)) && Number(limit) >= 1)) {
    errors.perCustomerLimit = "referrals.errors.limitWhole";
  }
  const days = Number(d.cancelWindowDays);
  if (!(Number.isInteger(days) && days >= 0 && days <= 365))
    errors.cancelWindowDays = "referrals.errors.windowDays";
  return errors;
}

/** The tab a path shows: settings, the friend's reward or the referrer's. */
export type ReferralTab = "settings" | "friendReward" | "customerReward";
export function tabOfPath(path: string): ReferralTab {
  if (path.endsWith("/friendReward")) return "friendReward";
  if (path.endsWith("/customerReward")) return "customerReward";
  return "settings";
}

/** E-10: a pasted list (commas, semicolons, new lines; a CSV column) as distinct entries. */
export function parseCustomerList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n\r,;\t]+/)
        .map((s) => s.trim().replace(/^"|"$/g, ""))
        .filter((s) => s !== "" && s.toLowerCase() !== "email"),
    ),
  ];
}
