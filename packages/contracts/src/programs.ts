import { z } from "zod";
import { MAX_COUNT, TEXT_LIMITS, text } from "./bounds";

/** Program types (C-01) and statuses (C-04). */
export const programTypes = [
  "earning",
  "spending",
  "referral",
  "tier",
  "tier_spending",
  "tier_privileges",
  "pre_tier_reward",
  "tier_b2b_privileges",
  "tier_b2b",
] as const;
export const programStatuses = [
  "active",
  "inactive",
  "draft",
  "expired",
  "scheduled",
  "paused",
  "editing",
] as const;

/** A program as the admin lists it (`GET /lp/programs/earning|spending`). */
export const programSummarySchema = z.object({
  id: z.string(),
  type: z.enum(programTypes),
  event: z.string(),
  title: z.string(),
  translateTitle: z.record(z.string(), z.string()),
  description: z.string().nullable(),
  status: z.enum(programStatuses),
  priority: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  config: z.record(z.string().max(100), z.unknown()),
  /**
   * Set when the stored settings no longer pass the engine's rules (saved before a bound existed):
   * the engine skips the program until it is saved again, and this says why.
   */
  settingsProblem: z.string().nullable(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

/** Titles per language code (`fr`, `pt-BR`). */
const translatedTitles = z
  .record(
    text("Language code", TEXT_LIMITS.languageCode).min(2, "Language code must be 2 characters or more."),
    text("Translated title", TEXT_LIMITS.title),
  )
  .refine((r) => Object.keys(r).length <= 50, "At most 50 translated titles.");

/** `PUT /lp/programs` (S-14): program name updates, sent when names changed. */
export const putProgramNamesBody = z
  .array(
    z.strictObject({
      id: text("id", TEXT_LIMITS.id, "id is required.").min(1, "id is required."),
      title: text("Title", TEXT_LIMITS.title).trim().min(1, "Title can't be blank.").optional(),
      translateTitle: translatedTitles.optional(),
    }),
  )
  .min(1, "Send at least one program name.")
  .max(200);
export type PutProgramNamesBody = z.infer<typeof putProgramNamesBody>;

/**
 * A program's settings as the admin editors send them (C-01, C-12, D-02), for
 * `POST /lp/programs/earning|spending` and `PUT /lp/programs/:id`. Deliberately loose: the API
 * checks every value with the domain's rules (C-24, C-09, C-16, D-03 … D-18) and answers all the
 * field errors at once, in the spec's words. A program sent back as listed is accepted (its `id`,
 * `type` and `event` must match the program's); any other key is refused by name, so a misspelt
 * field is never silently ignored. The texts' bounds apply here, the settings' in the domain.
 */
const programFields = {
  id: text("id", TEXT_LIMITS.id).optional(),
  type: text("type", TEXT_LIMITS.id).optional(),
  title: text("Title", TEXT_LIMITS.title).optional(),
  translateTitle: translatedTitles.optional(),
  description: text("Description", TEXT_LIMITS.description).nullable().optional(),
  /** C-04; `scheduled` and `expired` follow from the dates (C-09), so `active` is what is stored. */
  status: text("status", TEXT_LIMITS.id).optional(),
  /** an integer above 0; the spec's default is the string '99'. */
  priority: z
    .number()
    .min(-MAX_COUNT, "Priority must be greater than 0")
    .max(MAX_COUNT, `Priority must be at most ${MAX_COUNT.toLocaleString("en-US")}`)
    .or(text("Priority", 20))
    .optional(),
  /** C-09: store-local `YYYY-MM-DD`, or null. */
  startDate: text("Start date", 20).nullable().optional(),
  endDate: text("End date", 20).nullable().optional(),
  /** Read-only (as listed); accepted so a listed program can be sent back, never stored. */
  settingsProblem: z.string().max(10_000).nullable().optional(),
};

export const createProgramBody = z.strictObject({
  ...programFields,
  /** C-03 (earning: place_order, place_order_subscription, sign_up, sign_up_newsletter) or D-01. */
  event: text("event", TEXT_LIMITS.id, "This field is required"),
  /** The kind-specific settings (C-12 … C-26, D-02 … D-18). */
  config: z.record(z.string().max(100), z.unknown()),
});
export type CreateProgramBody = z.infer<typeof createProgramBody>;

/** Fields sent replace the stored ones (`config` keys too); fields left out keep their value. */
export const updateProgramBody = z.strictObject({
  ...programFields,
  event: text("event", TEXT_LIMITS.id).optional(),
  config: z.record(z.string().max(100), z.unknown()).optional(),
});
export type UpdateProgramBody = z.infer<typeof updateProgramBody>;

/** C-06: the on/off toggle. */
export const programStatusBody = z.strictObject({
  status: z.enum(["active", "inactive"], { error: "status must be active or inactive." }),
});
export type ProgramStatusBody = z.infer<typeof programStatusBody>;

/** The tier names of plan gates (B-07), lowest that unlocks a kind. */
export const programKindPlanTiers = [
  "starter",
  "essential",
  "essential_pos",
  "advanced",
  "ultimate",
] as const;

/**
 * One entry of "Add program" (C-07, C-08, R): `block` says why it cannot be added now — its plan
 * (`minimumPlan` unlocks it), C-07's add rules, or no editor yet — or is null when it can.
 */
export const programKindSchema = z.object({
  event: z.string(),
  type: z.enum(["earning", "spending"]),
  family: z.enum(["earning", "milestone", "redeem"]),
  minimumPlan: z.enum(programKindPlanTiers).nullable(),
  block: z
    .enum(["plan", "place_order_limit", "active_streak", "social_actions_used", "not_available_yet"])
    .nullable(),
});
export type ProgramKind = z.infer<typeof programKindSchema>;

/**
 * `GET /lp/programs/explain?q=`: an order number (`#1001`), a customer's e-mail, or a customer's id
 * (the customer's profile lists their orders this way).
 */
export const explainOrdersQuery = z.strictObject({
  q: text("Order or customer", TEXT_LIMITS.title)
    .trim()
    .min(1, "Enter an order number or a customer's email."),
});

/**
 * "Why did (or didn't) this order earn?" (issue 14): the engine's decision for each place order
 * program, in the priority order it ran, and the ledger entries the order produced. `result` and
 * `reason` are the engine's codes (the admin words them); `trace` is empty for orders decided
 * before decisions were kept.
 */
export const orderExplanationSchema = z.object({
  orderId: z.string(),
  name: z.string().nullable(),
  orderedAt: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  status: z.string(),
  /** The order-wide reason when it was only logged (`cancelled`, `not_eligible`, …). */
  reason: z.string().nullable(),
  pointsAwarded: z.number().int(),
  pointsReversed: z.number().int(),
  pendingPoints: z.number().int(),
  pendingUntil: z.string().nullable(),
  customer: z
    .object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  trace: z.array(
    z.object({
      programId: z.string(),
      title: z.string().nullable(),
      priority: z.number().int().nullable(),
      result: z.enum(["awarded", "matched_zero", "skipped", "not_reached"]),
      reason: z.string().nullable(),
      points: z.number().int(),
      /**
       * The rule engine's conditions (C-19) as the order met them, each as the merchant wrote it
       * (`product` `tag` `contains` `sale`); empty when the program uses none or was not evaluated
       * as far as them.
       */
      conditions: z.array(
        z.object({
          criteria: z.string(),
          field: z.string(),
          matcher: z.string(),
          value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).nullable(),
          met: z.boolean(),
        }),
      ),
    }),
  ),
  entries: z.array(
    z.object({
      id: z.string(),
      activityType: z.string(),
      available: z.number().int(),
      pending: z.number().int(),
      programId: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type OrderExplanation = z.infer<typeof orderExplanationSchema>;

/**
 * `POST /lp/programs/backtest` (issue 14): the shop's orders of the last 30 or 90 days under the
 * place order program as edited (`programId` null for a new one), against what they were awarded.
 * Never writes the ledger.
 */
export const backtestBody = z.strictObject({
  programId: text("programId", TEXT_LIMITS.id).nullable().optional(),
  days: z
    .number({ error: "days must be 30 or 90." })
    .min(30, "days must be 30 or 90.")
    .max(90, "days must be 30 or 90.")
    .refine((d) => d === 30 || d === 90, "days must be 30 or 90."),
  program: createProgramBody,
});
export type BacktestBody = z.infer<typeof backtestBody>;

export const backtestResultSchema = z.object({
  days: z.number().int(),
  orders: z.number().int(),
  /** More orders than one backtest reads: the oldest beyond the cap were left out. */
  truncated: z.boolean(),
  awardedPoints: z.number().int(),
  wouldPoints: z.number().int(),
  /** What the difference in points is worth at the shop's exchange rate, minor units (negative saves). */
  costDifferenceMinor: z.number().int(),
  currency: z.string(),
  programs: z.array(
    z.object({
      programId: z.string(),
      title: z.string(),
      awarded: z.number().int(),
      would: z.number().int(),
    }),
  ),
  changedOrders: z.number().int(),
  sample: z.array(
    z.object({
      orderId: z.string(),
      name: z.string().nullable(),
      awarded: z.number().int(),
      would: z.number().int(),
    }),
  ),
});
export type BacktestResultResponse = z.infer<typeof backtestResultSchema>;

/** A backtest run as a job (decision 0123): its progress while it reads orders, then its result. */
export const backtestRunStatuses = ["queued", "running", "done", "failed"] as const;
export const backtestRunSchema = z.object({
  id: z.string(),
  status: z.enum(backtestRunStatuses),
  days: z.number().int(),
  /** Orders read so far, of `total` (0 of 0 until the job counted them). */
  processed: z.number().int(),
  total: z.number().int(),
  result: backtestResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BacktestRun = z.infer<typeof backtestRunSchema>;

/**
 * Retroactive syncs (C-27, X-47, decision 0165). `prior_order` credits the shop's past orders
 * since a store-local day (at most 12 months back, not in the future; the server checks against
 * its clock) and runs once per shop; `sign_up` and `newsletter` award their program's points to
 * those who never received them, any time. Each runs as a job with its progress.
 */
export const programSyncKinds = ["prior_order", "sign_up", "newsletter"] as const;

const syncDay = text("since", 10, "since must be a date (YYYY-MM-DD).").regex(
  /^\d{4}-\d{2}-\d{2}$/,
  "since must be a date (YYYY-MM-DD).",
);

export const startProgramSyncBody = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("prior_order"), since: syncDay }),
    z.strictObject({ kind: z.literal("sign_up") }),
    z.strictObject({ kind: z.literal("newsletter") }),
  ],
  { error: "kind must be prior_order, sign_up or newsletter." },
);
export type StartProgramSyncBody = z.infer<typeof startProgramSyncBody>;

export const programSyncRunSchema = z.object({
  id: z.string(),
  kind: z.enum(programSyncKinds),
  status: z.enum(backtestRunStatuses),
  /** The past-order sync's first day (store-local `YYYY-MM-DD`); null for the others. */
  since: z.string().nullable(),
  /** Orders (or customers) read so far, of `total`. */
  processed: z.number().int(),
  total: z.number().int(),
  /** Orders (past-order sync) or customers (sign up, newsletter) credited, and their points. */
  credited: z.number().int(),
  points: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Support allowed another past-order sync after this run (decision 0172), or null. */
  unlockedAt: z.string().nullable(),
});
export type ProgramSyncRun = z.infer<typeof programSyncRunSchema>;

/** `GET /lp/programs/syncs/prior-order`: whether the once-only sync may start, its days, its run. */
export const priorOrderSyncStateSchema = z.object({
  /** A run is queued, running or done: another is refused until support lifts the lock. */
  locked: z.boolean(),
  /** The days the merchant may pick (store-local `YYYY-MM-DD`, both inclusive). */
  earliestSince: z.string(),
  latestSince: z.string(),
  /** The newest run (done, running, or failed), or null before the first. */
  run: programSyncRunSchema.nullable(),
});
export type PriorOrderSyncState = z.infer<typeof priorOrderSyncStateSchema>;

/**
 * `POST /apiSa/dev_zone/shops/{shopId}/prior-order-sync/unlock` (decision 0172): Laurel support
 * allows one more past-order sync; the reason is kept on the run and in the audit log.
 */
export const unlockPriorOrderSyncBody = z.strictObject({
  reason: text("reason", TEXT_LIMITS.note, "reason is required.")
    .trim()
    .min(3, "reason must be at least 3 characters."),
});
export type UnlockPriorOrderSyncBody = z.infer<typeof unlockPriorOrderSyncBody>;
