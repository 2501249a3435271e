import { inputToMinor, minorToInput } from "./money";
import type { FormErrors, FormValue } from "./program-form";

/**
 * The form of the earning kinds by date and action (issue 15, part 1): birthday (G-01 … G-07),
 * member anniversary (G-26), social (G-24), visit website (G-21, G-22) and streak (G-17, G-18).
 * Kept apart from the other kinds' form so each part grows in its own file.
 */
export const earnDatesEditorEvents = [
  "birthday",
  "member_anniversary",
  "social_activity",
  "interact_website",
  "streak_interact_website",
] as const;
export const isEarnDatesEditor = (event: string) =>
  (earnDatesEditorEvents as readonly string[]).includes(event);

export const birthdayRewardMethods = [
  "point",
  "discount_percentage",
  "discount_amount",
  "gift_product",
  "buy_x_get_y",
  "no_reward",
] as const;
export const birthdayTimings = ["exact_date", "calendar_month", "around"] as const;
export const birthdayFrequencies = ["yearly", "lifetime"] as const;
export const birthdayDeliveries = ["automatic", "manual"] as const;
/** G-07 `characterSplitBirthday`. */
export const birthdaySeparators = ["/", "-", "."] as const;
export const birthdayDateFormats = [
  "MM/DD/YYYY",
  "DD/MM/YYYY",
  "YYYY/MM/DD",
  "MM/DD",
  "DD/MM",
  "YYYY-MM-DD",
] as const;
export const birthdayInputMethods = ["calendar", "manual"] as const;
/** G-05: the conditions of a birthday discount code. */
export const birthdayMinimums = ["none", "amount", "quantity"] as const;
export const birthdaySaleChannels = ["online", "pos", "both"] as const;
export const birthdayPurchaseTypes = ["one_time", "subscription", "both"] as const;
/** G-01: the birthday rewards paid as a discount code (the others are points or nothing). */
export const isBirthdayDiscount = (method: FormValue | undefined) =>
  method === "discount_percentage" ||
  method === "discount_amount" ||
  method === "gift_product" ||
  method === "buy_x_get_y";
/** The methods whose value is typed (points, percent, amount); the product rewards name a product instead. */
export const hasBirthdayValue = (method: FormValue | undefined) =>
  method === "point" || method === "discount_percentage" || method === "discount_amount";
export const socialActions = [
  "like_facebook",
  "follow_instagram",
  "follow_twitter",
  "follow_pinterest",
  "share_facebook",
  "share_twitter",
  "follow_tiktok",
  "subscribe_youtube",
  "join_discord",
  "join_telegram",
  "join_whatsapp",
  "join_line",
] as const;
/** the chat groups need a paid plan. */
export const proSocialActions = new Set(["join_discord", "join_telegram", "join_whatsapp", "join_line"]);

type Config = Record<string, unknown>;
const str = (v: unknown, fallback = ""): string =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v : fallback;
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);

/** Streak milestones as the editor holds them: `day:points` pairs, `;`-separated. */
export interface MilestoneRow {
  day: string;
  points: string;
}
export function milestonesOf(value: FormValue | undefined): MilestoneRow[] {
  if (typeof value !== "string" || value.trim() === "") return [];
  return value.split(";").map((pair) => {
    const [day = "", points = ""] = pair.split(":");
    return { day, points };
  });
}
export const milestonesText = (rows: readonly MilestoneRow[]) =>
  rows.map((r) => `${r.day}:${r.points}`).join(";");

/** Stored settings → form, with the spec's defaults for a new program (G-18, G-22, R-24). Money in the shop's currency. */
export function earnDatesFields(event: string, c: Config, currency: string): Record<string, FormValue> {
  switch (event) {
    case "birthday": {
      const combines = (c.combinesWith ?? {}) as Config;
      const minimum = str(c.minimumRequirement, "none");
      return {
        rewardMethod: str(c.rewardMethod, "point"),
        rewardValue:
          c.rewardMethod === "discount_amount" && typeof c.rewardValue === "number"
            ? minorToInput(c.rewardValue, currency)
            : str(c.rewardValue, "100"),
        delivery: str(c.delivery, "automatic"),
        timing: str(c.timing, "exact_date"),
        daysBefore: str(c.daysBefore, "0"),
        daysAfter: str(c.daysAfter, "0"),
        frequency: str(c.frequency, "yearly"),
        dateFormat: str(c.dateFormat, "MM/DD"),
        separator: str(c.separator, "/"),
        inputMethod: str(c.inputMethod, "calendar"),
        discountPrefix: str(c.discountPrefix, "BIRTHDAY"),
        discountExpiryDays: str(c.discountExpiryDays, "30"),
        minimumRequirement: minimum,
        minimumValue:
          minimum === "amount" && typeof c.minimumValue === "number"
            ? minorToInput(c.minimumValue, currency)
            : str(c.minimumValue),
        combineOrder: bool(combines.orderDiscounts, false),
        combineProduct: bool(combines.productDiscounts, false),
        combineShipping: bool(combines.shippingDiscounts, false),
        saleChannel: str(c.saleChannel, "online"),
        purchaseType: str(c.purchaseType, "one_time"),
        tierIds: Array.isArray(c.tierIds) ? c.tierIds.join(",") : "",
        giftProductId: str(c.giftProductId),
        bxgyBuyQuantity: str(c.bxgyBuyQuantity, "1"),
        bxgyGetQuantity: str(c.bxgyGetQuantity, "1"),
        bxgyProductId: str(c.bxgyProductId),
      };
    }
    case "member_anniversary":
      return { earnPoint: str(c.earnPoint, "100") };
    case "social_activity":
      return {
        action: str(c.action, "follow_instagram"),
        url: str(c.url),
        earnPoint: str(c.earnPoint, "50"),
      };
    case "interact_website":
      return {
        earnPoint: str(c.earnPoint, "10"),
        enabledAntiCheat: bool(c.enabledAntiCheat, true),
        enableEarnPointsLimit: bool(c.enableEarnPointsLimit, true),
        earnPointsLimit: str(c.earnPointsLimit, "100"),
        limitUnit: str(c.limitUnit, "day"),
      };
    default: {
      const stored = Array.isArray(c.streakMilestones)
        ? (c.streakMilestones as Config[])
        : [{ day: 7, earnPoint: 100 }];
      return {
        earnPoint: str(c.earnPoint, "10"),
        streakMilestones: milestonesText(stored.map((m) => ({ day: str(m.day), points: str(m.earnPoint) }))),
      };
    }
  }
}

const numberOr = (text: FormValue | undefined): number | string | null => {
  const s = String(text ?? "").trim();
  if (s === "") return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
};

const moneyOr = (text: FormValue | undefined, currency: string): number | string | null => {
  const minor = inputToMinor(String(text ?? ""), currency);
  return minor === null ? null : Number.isNaN(minor) ? String(text) : minor;
};

/** Form → the API's settings. */
export function earnDatesConfig(event: string, f: Record<string, FormValue>, currency: string): Config {
  switch (event) {
    case "birthday":
      return {
        rewardMethod: f.rewardMethod,
        rewardValue: !hasBirthdayValue(f.rewardMethod)
          ? null
          : f.rewardMethod === "discount_amount"
            ? moneyOr(f.rewardValue, currency)
            : numberOr(f.rewardValue),
        delivery: f.delivery,
        timing: f.timing,
        daysBefore: f.timing === "around" ? numberOr(f.daysBefore) : 0,
        daysAfter: f.timing === "around" ? numberOr(f.daysAfter) : 0,
        frequency: f.frequency,
        dateFormat: f.dateFormat,
        separator: f.separator,
        inputMethod: f.inputMethod,
        discountPrefix: f.discountPrefix,
        discountExpiryDays: numberOr(f.discountExpiryDays),
        // G-05: sent as they are (the API keeps them for points rewards too, unused there); a buy X
        // get Y code has its own condition (the quantity bought), so no minimum.
        minimumRequirement: f.rewardMethod === "buy_x_get_y" ? "none" : f.minimumRequirement,
        minimumValue:
          f.rewardMethod === "buy_x_get_y"
            ? null
            : f.minimumRequirement === "amount"
              ? moneyOr(f.minimumValue, currency)
              : f.minimumRequirement === "quantity"
                ? numberOr(f.minimumValue)
                : null,
        combinesWith: {
          orderDiscounts: f.combineOrder === true,
          productDiscounts: f.combineProduct === true,
          shippingDiscounts: f.combineShipping === true,
        },
        saleChannel: f.saleChannel,
        purchaseType: f.purchaseType,
        tierIds: String(f.tierIds ?? "")
          .split(",")
          .filter((id) => id !== ""),
        giftProductId: f.rewardMethod === "gift_product" ? String(f.giftProductId ?? "") || null : null,
        bxgyBuyQuantity: numberOr(f.bxgyBuyQuantity),
        bxgyGetQuantity: numberOr(f.bxgyGetQuantity),
        bxgyProductId: f.rewardMethod === "buy_x_get_y" ? String(f.bxgyProductId ?? "") || null : null,
      };
    case "member_anniversary":
      return { earnPoint: numberOr(f.earnPoint) };
    case "social_activity":
      return { action: f.action, url: String(f.url ?? "").trim(), earnPoint: numberOr(f.earnPoint) };
    case "interact_website":
      return {
        earnPoint: numberOr(f.earnPoint),
        enabledAntiCheat: f.enabledAntiCheat,
        enableEarnPointsLimit: f.enableEarnPointsLimit,
        earnPointsLimit: numberOr(f.earnPointsLimit),
        limitUnit: f.limitUnit,
      };
    default:
      return {
        earnPoint: numberOr(f.earnPoint),
        streakMilestones: milestonesOf(f.streakMilestones).map((m) => ({
          day: numberOr(m.day),
          earnPoint: numberOr(m.points),
        })),
      };
  }
}

const isUrl = (s: string) => /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i.test(s.trim());
const whole = (v: FormValue | undefined) => {
  const n = Number(String(v ?? "").trim());
  return String(v ?? "").trim() !== "" && Number.isInteger(n) ? n : null;
};

/** Messages are keys under `programs.validation` (shared), or full keys `earnDates.validation.*`. */
export function validateEarnDates(
  event: string,
  f: Record<string, FormValue>,
  dates: { startDate: string; endDate: string },
): FormErrors {
  const errors: FormErrors = {};
  const points = (field: string, v: FormValue | undefined) => {
    const n = whole(v);
    if (String(v ?? "").trim() === "") errors[field] = "required";
    else if (n === null) errors[field] = "earnDates.validation.wholeNumber";
    else if (n < 1) errors[field] = "pointsAboveZero";
  };
  if (event === "birthday") {
    if (f.rewardMethod === "point") points("config.rewardValue", f.rewardValue);
    if (f.rewardMethod === "discount_percentage") {
      const n = whole(f.rewardValue);
      if (n === null || n < 1 || n > 100) errors["config.rewardValue"] = "percentageRange";
    }
    if (f.rewardMethod === "gift_product" && String(f.giftProductId ?? "") === "")
      errors["config.giftProductId"] = "earnDates.validation.giftProduct";
    if (f.rewardMethod === "buy_x_get_y") {
      if (String(f.bxgyProductId ?? "") === "")
        errors["config.bxgyProductId"] = "earnDates.validation.bxgyProduct";
      for (const k of ["bxgyBuyQuantity", "bxgyGetQuantity"]) {
        const n = whole(f[k]);
        if (n === null || n < 1 || n > 100) errors[`config.${k}`] = "earnDates.validation.quantity";
      }
    }
    if (
      isBirthdayDiscount(f.rewardMethod) &&
      f.rewardMethod !== "buy_x_get_y" &&
      f.minimumRequirement !== "none"
    ) {
      const text = String(f.minimumValue ?? "").trim();
      const n = f.minimumRequirement === "amount" && /^\d+(\.\d+)?$/.test(text) ? Number(text) : whole(text);
      if (n === null || n <= 0) errors["config.minimumValue"] = "earnDates.validation.minimum";
    }
    if (f.timing === "around") {
      for (const k of ["daysBefore", "daysAfter"]) {
        const n = whole(f[k]);
        if (n === null || n < 0 || n > 30) errors[`config.${k}`] = "earnDates.validation.daysRange";
      }
    }
  } else if (event === "social_activity") {
    if (!isUrl(String(f.url ?? ""))) errors["config.url"] = "earnDates.validation.socialUrl";
    points("config.earnPoint", f.earnPoint);
  } else if (event === "interact_website") {
    points("config.earnPoint", f.earnPoint);
    if (f.enableEarnPointsLimit === true) points("config.earnPointsLimit", f.earnPointsLimit);
  } else if (event === "streak_interact_website") {
    points("config.earnPoint", f.earnPoint);
    const rows = milestonesOf(f.streakMilestones);
    if (rows.length === 0) errors["config.streakMilestones"] = "required";
    const days = rows.map((r) => whole(r.day));
    if (
      days.some((d) => d === null || d < 1) ||
      rows.some((r) => !(whole(r.points) !== null && (whole(r.points) ?? 0) >= 1))
    ) {
      errors["config.streakMilestones"] = "earnDates.validation.milestoneRows";
    } else if (new Set(days).size !== days.length)
      errors["config.streakMilestones"] = "earnDates.validation.milestoneDays";
    else if (dates.startDate && dates.endDate) {
      const runtime = (Date.parse(dates.endDate) - Date.parse(dates.startDate)) / 86_400_000 + 1;
      if (Math.max(...(days as number[])) > runtime)
        errors["config.streakMilestones"] = "earnDates.validation.streakTooLong";
    }
  } else {
    points("config.earnPoint", f.earnPoint);
  }
  return errors;
}

/** What a birthday, anniversary, social, visit or streak program gives, in words (C-05). */
export function earnDatesSummary(
  event: string,
  c: Record<string, unknown>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const points = n(c.earnPoint);
  switch (event) {
    case "birthday": {
      const value = n(c.rewardValue);
      if (c.rewardMethod === "no_reward") return t("earnDates.summary.birthdayNone");
      if (c.rewardMethod === "gift_product") return t("earnDates.summary.birthdayGift");
      if (c.rewardMethod === "buy_x_get_y")
        return t("earnDates.summary.birthdayBxgy", {
          buy: n(c.bxgyBuyQuantity) ?? 1,
          get: n(c.bxgyGetQuantity) ?? 1,
        });
      if (value === null) return null;
      if (c.rewardMethod === "discount_percentage")
        return t("earnDates.summary.birthdayPercent", { percent: value });
      if (c.rewardMethod === "discount_amount")
        return t("earnDates.summary.birthdayAmount", { amount: value / 100 });
      return t("earnDates.summary.birthdayPoints", { points: value });
    }
    case "member_anniversary":
      return points === null ? null : t("earnDates.summary.anniversary", { points });
    case "social_activity":
      return points === null ? null : t("earnDates.summary.social", { points });
    case "interact_website":
      return points === null
        ? null
        : t("earnDates.summary.visit", { points, limit: n(c.earnPointsLimit) ?? points });
    case "streak_interact_website": {
      const rows = Array.isArray(c.streakMilestones) ? (c.streakMilestones as Record<string, unknown>[]) : [];
      const last = rows.reduce((m, r) => Math.max(m, n(r.day) ?? 0), 0);
      const bonus = rows.find((r) => n(r.day) === last);
      return points === null || !bonus
        ? null
        : t("earnDates.summary.streak", { points, days: last, bonus: n(bonus.earnPoint) });
    }
    default:
      return null;
  }
}
