import type { FormErrors, FormValue } from "./program-form";

/**
 * The editors of the event kinds (issue 15 part 2): write review (G-10), Google Maps review
 * (G-15), fill survey (C-29), custom program (C-28) and milestones (F-01 … F-05). Stored settings
 * ↔ form, and the checks before saving (the API checks again, in the spec's words).
 */
export const eventEditorEvents = [
  "write_review",
  "google_maps_review",
  "fill_survey",
  "custom_program",
  "milestone",
] as const;
export const isEventKind = (event: string) => (eventEditorEvents as readonly string[]).includes(event);

export const reviewApps = ["laurel", "judgeme", "yotpo", "stamped", "loox", "fera", "air_reviews"] as const;
export const milestoneTypes = [
  "milestone_order",
  "milestone_amount_spent",
  "milestone_earned_point",
  "milestone_reviews",
  "milestone_inactivity",
  "milestone_referral",
] as const;
export const milestoneActions = [
  "bonus_point",
  "amount",
  "percentage",
  "give_product",
  "free_shipping",
] as const;

/** One rung of a milestone ladder as the editor holds it (numbers as typed). */
export interface MilestoneRow {
  value: string;
  action: string;
  earnPoint: string;
  rewardValue: string;
  productId: string;
}

type Config = Record<string, unknown>;
const str = (v: unknown, fallback = ""): string =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v : fallback;
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);
const numberOr = (text: FormValue | undefined): number | string | null => {
  const s = String(text ?? "").trim();
  if (s === "") return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
};

/** F-05's placeholders (X-35): 100, 200, 300. */
const PLACEHOLDER_MILESTONES: MilestoneRow[] = [100, 200, 300].map((v) => ({
  value: String(v),
  action: "bonus_point",
  earnPoint: "",
  rewardValue: "",
  productId: "",
}));

/** The milestones are kept in the form as JSON text (the form holds text, booleans and rows). */
export function milestoneRowsOf(value: FormValue | undefined): MilestoneRow[] {
  if (typeof value !== "string" || value === "") return [];
  try {
    const rows = JSON.parse(value) as unknown;
    return Array.isArray(rows) ? (rows as MilestoneRow[]) : [];
  } catch {
    return [];
  }
}

export function eventFormFields(event: string, c: Config): Record<string, FormValue> {
  const limit = (hasLimit: boolean) => ({
    hasLimit: bool(c.hasLimit, hasLimit),
    limitUnit: str(c.limitUnit, "lifetime"),
    limitInterval: str(c.limitInterval, "1"),
  });
  const display = {
    headline: str(c.headline),
    buttonText: str(c.buttonText),
    redirectLink: str(c.redirectLink),
  };
  switch (event) {
    case "write_review":
      return {
        earnPoint: str(c.earnPoint, "50"),
        ...limit(false),
        minCharacters: str(c.minCharacters, "0"),
        mediaBonusPoints: str(c.mediaBonusPoints, "0"),
        reviewApp: str(c.reviewApp, "laurel"),
        minRating: str(c.minRating, "3"),
        approval: str(c.approval, "manual"),
        ...display,
      };
    case "google_maps_review":
      return {
        earnPoint: str(c.earnPoint, "100"),
        instantPoints: str(c.instantPoints, "0"),
        placeUrl: str(c.placeUrl),
        ...limit(true),
        ...display,
      };
    case "fill_survey":
      return { earnPoint: str(c.earnPoint, "50"), surveyUrl: str(c.surveyUrl), ...limit(true), ...display };
    case "custom_program":
      return { earnPoint: str(c.earnPoint, "25"), actionUrl: str(c.actionUrl), ...limit(false), ...display };
    default: {
      const stored = Array.isArray(c.milestones) ? (c.milestones as Config[]) : [];
      const rows: MilestoneRow[] = stored.length
        ? stored.map((m) => ({
            value: str(m.value),
            action: str(m.action, "bonus_point"),
            earnPoint: str(m.earnPoint),
            rewardValue: str(m.rewardValue),
            productId: str(m.productId),
          }))
        : PLACEHOLDER_MILESTONES;
      return {
        typeMilestone: str(c.typeMilestone, "milestone_order"),
        progression: str(c.progression, "highest"),
        milestones: JSON.stringify(rows),
      };
    }
  }
}

export function eventConfigOf(event: string, f: Record<string, FormValue>): Config {
  const limit = { hasLimit: f.hasLimit, limitUnit: f.limitUnit, limitInterval: numberOr(f.limitInterval) };
  const display = { headline: f.headline, buttonText: f.buttonText, redirectLink: f.redirectLink };
  switch (event) {
    case "write_review":
      return {
        earnPoint: numberOr(f.earnPoint),
        ...limit,
        minCharacters: numberOr(f.minCharacters) ?? 0,
        mediaBonusPoints: numberOr(f.mediaBonusPoints) ?? 0,
        reviewApp: f.reviewApp,
        minRating: numberOr(f.minRating),
        approval: f.approval,
        ...display,
      };
    case "google_maps_review":
      return {
        earnPoint: numberOr(f.earnPoint),
        instantPoints: numberOr(f.instantPoints) ?? 0,
        placeUrl: f.placeUrl,
        ...limit,
        ...display,
      };
    case "fill_survey":
      return { earnPoint: numberOr(f.earnPoint), surveyUrl: f.surveyUrl, ...limit, ...display };
    case "custom_program":
      return { earnPoint: numberOr(f.earnPoint), actionUrl: f.actionUrl, ...limit, ...display };
    default:
      return {
        typeMilestone: f.typeMilestone,
        isMilestoneV2: true,
        progression: f.progression,
        milestones: milestoneRowsOf(f.milestones).map((m) => ({
          value: numberOr(m.value),
          action: m.action,
          earnPoint: m.action === "bonus_point" ? numberOr(m.earnPoint) : 0,
          rewardValue: m.action === "amount" || m.action === "percentage" ? numberOr(m.rewardValue) : 0,
          productId: m.action === "give_product" ? m.productId : "",
        })),
      };
  }
}

/** Checks before saving; messages are keys under `programs.validation` or `earnEvents.validation`. */
export function validateEventForm(event: string, f: Record<string, FormValue>, errors: FormErrors): void {
  const blank = (v: FormValue | undefined) => typeof v !== "string" || v.trim() === "";
  const whole = (field: string, v: FormValue | undefined, min: number, key: string) => {
    if (blank(v)) {
      errors[field] = "required";
      return;
    }
    const n = Number(String(v).trim());
    if (!Number.isFinite(n)) errors[field] = "number";
    else if (!Number.isInteger(n) || n < min) errors[field] = key;
  };
  if (event === "milestone") {
    const rows = milestoneRowsOf(f.milestones);
    if (rows.length === 0) errors["config.milestones"] = "earnEvents.validation.milestoneRequired";
    const seen = new Set<string>();
    rows.forEach((m, i) => {
      whole(`config.milestones.${i}.value`, m.value, 1, "earnEvents.validation.milestoneValue");
      if (seen.has(m.value.trim()))
        errors[`config.milestones.${i}.value`] = "earnEvents.validation.milestoneUnique";
      seen.add(m.value.trim());
      if (m.action === "bonus_point")
        whole(`config.milestones.${i}.earnPoint`, m.earnPoint, 1, "pointsAboveZero");
      if (m.action === "amount" || m.action === "percentage") {
        whole(`config.milestones.${i}.rewardValue`, m.rewardValue, 1, "earnEvents.validation.rewardValue");
      }
      if (m.action === "percentage" && Number(m.rewardValue) > 100) {
        errors[`config.milestones.${i}.rewardValue`] = "percentageRange";
      }
      if (m.action === "give_product" && blank(m.productId))
        errors[`config.milestones.${i}.productId`] = "required";
    });
    return;
  }
  whole("config.earnPoint", f.earnPoint, 1, "pointsAboveZero");
  if (f.hasLimit === true) whole("config.limitInterval", f.limitInterval, 1, "limitAboveZero");
  if (event === "write_review") {
    whole("config.minCharacters", f.minCharacters, 0, "pointsZeroOrMore");
    whole("config.mediaBonusPoints", f.mediaBonusPoints, 0, "pointsZeroOrMore");
  }
  if (event === "google_maps_review") {
    whole("config.instantPoints", f.instantPoints, 0, "pointsZeroOrMore");
    if (!errors["config.instantPoints"] && Number(f.instantPoints) >= Number(f.earnPoint)) {
      errors["config.instantPoints"] = "earnEvents.validation.instantBelowEarn";
    }
  }
}
