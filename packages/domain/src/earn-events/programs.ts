/**
 * Settings of the earning kinds that come from events rather than orders (issue 15, part 2):
 * write review (G-10 … G-14), Google Maps review (G-15, G-16), fill survey (C-29), custom program
 * (C-28) and milestones (F-01 … F-08). Zod schemas the API validates with and the engine trusts,
 * and `validateEventProgram`, which returns the parsed program or every `{ field, message }` error.
 */
import { z } from "zod";
import { MAX_COUNT, MAX_MONEY_MINOR, MAX_POINTS_PER_ACTION, MAX_TITLE_LENGTH } from "../bounds";
import type { PlanFeature } from "../plans/features";
import type { NewProgram, ProgramBase } from "../programs/common";
import { programStatuses } from "../programs/common";
import {
  DEFAULT_PRIORITY,
  type EarningFieldError,
  earningAudiences,
  earningMessages,
  isCalendarDate,
  MAX_LIST_ENTRIES,
  MAX_SETTING_TEXT,
  unknownSettings,
} from "../programs/earning";
import { limitUnits } from "../vocabulary";

const M = earningMessages;

/** Messages of these kinds, in the spec's words where it gives them. */
export const eventProgramMessages = {
  googleMapsLink: "You must enter a link from Google Maps",
  instantBelowEarn: "Instant points must be below the earning points",
  milestoneUnique: "Milestone values must be unique",
  milestoneValue: "Milestone value must be a positive whole number",
  milestoneRequired: "Add at least one milestone",
  rewardValue: "Reward value must be greater than 0",
  percentage: "Percentage must be between 1 and 100",
  link: "Link must be a web address starting with https:// or a path starting with /",
  minRating: "Minimum rating must be 3, 4 or 5 stars",
} as const;
const E = eventProgramMessages;

/** The event-driven earning kinds this module owns. */
export const eventProgramEvents = [
  "write_review",
  "google_maps_review",
  "fill_survey",
  "custom_program",
  "milestone",
] as const;
export type EventProgramEvent = (typeof eventProgramEvents)[number];
export const isEventProgramEvent = (e: unknown): e is EventProgramEvent =>
  typeof e === "string" && (eventProgramEvents as readonly string[]).includes(e);

/** R-02, F-06: the plan feature each kind needs (Pro = Essential for the first four, Advanced for milestones). */
export function eventProgramFeature(event: EventProgramEvent): PlanFeature {
  return event === "milestone" ? "milestone_rewards" : event;
}

/** G-13, O-04 … O-08: the review apps a connector may speak for; `laurel` is the demo store's form. */
export const reviewApps = ["judgeme", "yotpo", "stamped", "loox", "fera", "air_reviews", "laurel"] as const;

/** G-12, X-38: `manual` keeps a review pending for the merchant; `auto` approves it when it qualifies. */
export const reviewApprovalModes = ["manual", "auto"] as const;

/** F-02. */
export const milestoneTypes = [
  "milestone_order",
  "milestone_amount_spent",
  "milestone_earned_point",
  "milestone_reviews",
  "milestone_inactivity",
  "milestone_referral",
] as const;
export type MilestoneType = (typeof milestoneTypes)[number];

/** the unit of a milestone's value, by type. */

/** F-03. */
export const milestoneActions = [
  "bonus_point",
  "amount",
  "percentage",
  "give_product",
  "free_shipping",
] as const;

/** F-04. */
export const milestoneProgressions = ["highest", "all"] as const;

// ---------------------------------------------------------------------------------------------
// Building blocks (the same coercions as the place order editor)
// ---------------------------------------------------------------------------------------------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const numberError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.number);
const optionError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.invalidOption);
function coerceNumeric(v: unknown): unknown {
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  if (typeof v === "string" && v.trim() === "") return undefined;
  return v;
}
const whole = (min: number, minMessage: string, max = MAX_COUNT, maxMessage: string = M.numberAtMost) =>
  z.preprocess(
    coerceNumeric,
    z.number({ error: numberError }).int(M.wholeNumber).min(min, minMessage).max(max, maxMessage),
  );
const earnPoint = whole(1, M.pointsAboveZero, MAX_POINTS_PER_ACTION, M.pointsAtMost);
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: optionError });

/** A link a shopper is sent to: https, or a path on the store (G-11 redirect link). */
export function isSafeLink(v: string): boolean {
  if (v.startsWith("/") && !v.startsWith("//")) return !/\s/.test(v);
  return /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(v);
}
const link = z
  .string({ error: M.required })
  .trim()
  .max(2_048, M.textTooLong)
  .refine((v) => v === "" || isSafeLink(v), E.link);
const text = (max = MAX_SETTING_TEXT) => z.string().trim().max(max, M.textTooLong);

/** C-11: at most `limitInterval` awards per `limitUnit` window. */
const limitFields = (unit: (typeof limitUnits)[number], hasLimit: boolean) => ({
  hasLimit: z.boolean().default(hasLimit),
  limitUnit: option(limitUnits).default(unit),
  limitInterval: whole(1, M.limitAboveZero).default(1),
});

/** G-11: what the widget shows for the program. */
const displayFields = {
  headline: text().default(""),
  buttonText: text(64).default(""),
  redirectLink: link.default(""),
};

// ---------------------------------------------------------------------------------------------
// Kinds
// ---------------------------------------------------------------------------------------------

/** G-10, G-12, G-13: write review. */
export const writeReviewConfigSchema = z.object({
  earnPoint,
  ...limitFields("lifetime", false),
  minCharacters: whole(0, M.pointsZeroOrMore, 5_000).default(0),
  mediaBonusPoints: whole(0, M.pointsZeroOrMore, MAX_POINTS_PER_ACTION, M.pointsAtMost).default(0),
  reviewApp: option(reviewApps).default("laurel"),
  minRating: z
    .preprocess(
      coerceNumeric,
      z.union([z.literal(3), z.literal(4), z.literal(5)], { error: () => E.minRating }),
    )
    .default(3),
  approval: z
    .preprocess(
      (v) => (v === "approveAuto" ? "auto" : v === "pending" ? "manual" : v),
      option(reviewApprovalModes),
    )
    .default("manual"),
  applyTo: option(earningAudiences).default("member"),
  vipTierIds: z.array(text().min(1, M.required)).max(MAX_LIST_ENTRIES, M.tooManyItems).default([]),
  ...displayFields,
});
export type WriteReviewConfig = z.infer<typeof writeReviewConfigSchema>;

/** G-15, R-18: Google Maps review; instant points 0 ≤ x < earning points. */
export const googleReviewConfigSchema = z
  .object({
    earnPoint,
    instantPoints: whole(0, M.pointsZeroOrMore, MAX_POINTS_PER_ACTION, M.pointsAtMost).default(0),
    /** The store's Google Maps place, where the shopper writes the review. */
    placeUrl: link.default(""),
    ...limitFields("lifetime", true),
    ...displayFields,
  })
  .superRefine((c, ctx) => {
    if (
      typeof c.instantPoints === "number" &&
      typeof c.earnPoint === "number" &&
      c.instantPoints >= c.earnPoint
    ) {
      ctx.addIssue({ code: "custom", message: E.instantBelowEarn, path: ["instantPoints"] });
    }
    if (typeof c.placeUrl === "string" && c.placeUrl !== "" && !isGoogleMapsUrl(c.placeUrl)) {
      ctx.addIssue({ code: "custom", message: E.googleMapsLink, path: ["placeUrl"] });
    }
  });
export type GoogleReviewConfig = z.infer<typeof googleReviewConfigSchema>;

/** C-29 (proposal): the survey's link and points; completion arrives through the inbound endpoint. */
export const fillSurveyConfigSchema = z.object({
  earnPoint,
  surveyUrl: link.default(""),
  ...limitFields("lifetime", true),
  ...displayFields,
});
export type FillSurveyConfig = z.infer<typeof fillSurveyConfigSchema>;

/** C-28 (proposal): title, description, points, optional link; awarded by the merchant or the endpoint. */
export const customProgramConfigSchema = z.object({
  earnPoint,
  actionUrl: link.default(""),
  ...limitFields("lifetime", false),
  ...displayFields,
});
export type CustomProgramConfig = z.infer<typeof customProgramConfigSchema>;

/** F-01: one rung; `value` in the type's unit (money in minor units), `earnPoint` for bonus points. */
export const milestoneSchema = z
  .object({
    value: z.preprocess(
      coerceNumeric,
      z
        .number({ error: numberError })
        .int(E.milestoneValue)
        .min(1, E.milestoneValue)
        .max(MAX_MONEY_MINOR, M.numberAtMost),
    ),
    action: option(milestoneActions).default("bonus_point"),
    earnPoint: whole(0, M.pointsZeroOrMore, MAX_POINTS_PER_ACTION, M.pointsAtMost).default(0),
    /** amount (minor units) or percentage of the coupon actions. */
    rewardValue: whole(0, E.rewardValue, MAX_MONEY_MINOR, M.amountAtMost).default(0),
    productId: text().default(""),
  })
  .superRefine((m, ctx) => {
    if (m.action === "bonus_point" && m.earnPoint < 1) {
      ctx.addIssue({ code: "custom", message: M.pointsAboveZero, path: ["earnPoint"] });
    }
    if ((m.action === "amount" || m.action === "percentage") && m.rewardValue < 1) {
      ctx.addIssue({ code: "custom", message: E.rewardValue, path: ["rewardValue"] });
    }
    if (m.action === "percentage" && m.rewardValue > 100) {
      ctx.addIssue({ code: "custom", message: E.percentage, path: ["rewardValue"] });
    }
    if (m.action === "give_product" && m.productId === "") {
      ctx.addIssue({ code: "custom", message: M.productRequired, path: ["productId"] });
    }
  });
export type Milestone = z.infer<typeof milestoneSchema>;

/** F-01 … F-05. */
export const milestoneConfigSchema = z
  .object({
    typeMilestone: option(milestoneTypes),
    isMilestoneV2: z.boolean().default(true),
    progression: option(milestoneProgressions).default("highest"),
    milestones: z.array(milestoneSchema).min(1, E.milestoneRequired).max(50, M.tooManyItems),
  })
  .superRefine((c, ctx) => {
    if (!Array.isArray(c.milestones)) return;
    const seen = new Set<number>();
    c.milestones.forEach((m, i) => {
      if (typeof m?.value !== "number") return;
      if (seen.has(m.value))
        ctx.addIssue({ code: "custom", message: E.milestoneUnique, path: ["milestones", i, "value"] });
      seen.add(m.value);
    });
  });
export type MilestoneConfig = z.infer<typeof milestoneConfigSchema>;

export const eventConfigSchemas = {
  write_review: writeReviewConfigSchema,
  google_maps_review: googleReviewConfigSchema,
  fill_survey: fillSurveyConfigSchema,
  custom_program: customProgramConfigSchema,
  milestone: milestoneConfigSchema,
} as const;

export type WriteReviewProgram = ProgramBase<"earning", "write_review", WriteReviewConfig>;
export type GoogleReviewProgram = ProgramBase<"earning", "google_maps_review", GoogleReviewConfig>;
export type FillSurveyProgram = ProgramBase<"earning", "fill_survey", FillSurveyConfig>;
export type CustomProgram = ProgramBase<"earning", "custom_program", CustomProgramConfig>;
export type MilestoneProgram = ProgramBase<"earning", "milestone", MilestoneConfig>;
export type EventProgram =
  | WriteReviewProgram
  | GoogleReviewProgram
  | FillSurveyProgram
  | CustomProgram
  | MilestoneProgram;

// ---------------------------------------------------------------------------------------------
// Google Maps links (G-15)
// ---------------------------------------------------------------------------------------------

const GOOGLE_HOSTS = /^(?:www\.|maps\.)?google\.[a-z]{2,3}(?:\.[a-z]{2})?$/;

/**
 * G-15: 'You must enter a link from Google Maps'. Accepted: https links on maps.app.goo.gl,
 * goo.gl/maps, g.page, and google.<tld>/maps (or maps.google.<tld>). Nothing else.
 */
export function isGoogleMapsUrl(value: string): boolean {
  // No user, password or port; the host and path read without a URL parser (the domain has none).
  const m = /^https:\/\/([a-z0-9.-]+)(\/[^\s?#]*)?(?:[?#]\S*)?$/i.exec(value.trim());
  if (!m) return false;
  const host = (m[1] ?? "").toLowerCase();
  const path = m[2] ?? "";
  if (host === "maps.app.goo.gl" || host === "g.page") return path.length > 1;
  if (host === "goo.gl") return path.startsWith("/maps");
  if (!GOOGLE_HOSTS.test(host)) return false;
  return host.startsWith("maps.") || path.startsWith("/maps");
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

const dateField = z
  .preprocess((v) => (isBlank(v) ? null : v), z.string({ error: M.dateFormat }).nullable())
  .refine((v) => v === null || isCalendarDate(v), M.dateFormat)
  .default(null);

const commonFields = {
  type: z.literal("earning").default("earning"),
  title: z.string({ error: M.required }).trim().min(1, M.required).max(MAX_TITLE_LENGTH, M.textTooLong),
  translateTitle: z.record(z.string(), z.string().max(MAX_TITLE_LENGTH, M.textTooLong)).default({}),
  description: z.string().max(2_000, M.textTooLong).nullable().default(null),
  status: option(programStatuses).default("inactive"),
  priority: whole(1, M.priorityAboveZero).default(DEFAULT_PRIORITY),
  startDate: dateField,
  endDate: dateField,
};

export type ValidatedEventProgram = NewProgram<EventProgram> & { id?: string };
export type EventProgramValidation =
  | { ok: true; program: ValidatedEventProgram }
  | { ok: false; errors: EarningFieldError[] };

/** The config of a stored program of `event`, or the reason it no longer parses. */
export function parseEventConfig(
  event: EventProgramEvent,
  config: unknown,
): { ok: true; config: EventProgram["config"] } | { ok: false; reason: string } {
  const parsed = eventConfigSchemas[event].safeParse(config ?? {});
  if (parsed.success) return { ok: true, config: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: `config.${issue?.path.map(String).join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
  };
}

/** Validate one of these kinds from the admin form: common fields, settings, dates; every error at once. */
export function validateEventProgram(input: unknown): EventProgramValidation {
  const raw =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const event = raw.event;
  if (!isEventProgramEvent(event)) {
    return {
      ok: false,
      errors: [{ field: "event", message: isBlank(event) ? M.required : M.unsupportedEvent }],
    };
  }
  const schema = z.object({ ...commonFields, event: z.literal(event), config: eventConfigSchemas[event] });
  const parsed = schema.safeParse(raw);
  const errors: EarningFieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({
        field: i.path.map(String).join(".") || "program",
        message: i.message,
      }));
  const known = new Set(Object.keys(shapeOf(event)));
  errors.push(...unknownSettings(raw.config, known));
  const { startDate, endDate } = raw;
  if (
    typeof startDate === "string" &&
    typeof endDate === "string" &&
    isCalendarDate(startDate) &&
    isCalendarDate(endDate) &&
    endDate <= startDate
  ) {
    errors.push({ field: "endDate", message: M.endAfterStart });
  }
  const seen = new Set<string>();
  const unique = errors.filter((e) => !seen.has(e.field) && seen.add(e.field));
  if (unique.length > 0 || !parsed.success) return { ok: false, errors: unique };
  return { ok: true, program: parsed.data as unknown as ValidatedEventProgram };
}

function shapeOf(event: EventProgramEvent): Record<string, unknown> {
  // zod 4 keeps an object's shape through refinements.
  return eventConfigSchemas[event].shape;
}
