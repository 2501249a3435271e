/**
 * The "Add program" catalogue (C-02, C-07, C-08, D-01, R-02, R-03, R-05): every kind of program a
 * merchant may add, the plan each needs, and whether one more may be added now. Pure: the caller
 * passes the shop's plan rank and its programs.
 */
import { eventProgramEvents } from "../earn-events/programs";
import { minimumPlanFor, type PlanFeature, planAllows } from "../plans/features";
import type { PlanRank, PlanTier } from "../plans/plans";
import { type ProgramStatus, spendingEvents } from "./common";
import { earnDatesEvents } from "./earn-dates";
import { MAX_PLACE_ORDER_PROGRAMS, placeOrderEvents } from "./earning";
import { spendingEventFeature } from "./spending";

/** The list tab a kind belongs to (C-05). */
export type ProgramFamily = "earning" | "milestone" | "redeem";

/** Earning kinds as C-02/C-03 label them; the ones with an editor are `editableEarningEvents`. */
export const earningKindEvents = [
  "place_order",
  "sign_up",
  "sign_up_newsletter",
  "birthday",
  "write_review",
  "fill_survey",
  "custom_program",
  "social_activity",
  "member_anniversary",
  "google_maps_review",
  "interact_website",
  "streak_interact_website",
] as const;

/** The earning kinds the engine runs today, so the admin edits them (issue 14). */
export const editableEarningEvents: readonly string[] = [
  ...placeOrderEvents,
  "sign_up",
  "sign_up_newsletter",
  ...earnDatesEvents,
  ...eventProgramEvents, // issue 15 part 2: reviews, Google reviews, survey, custom, milestone
];

/** plan features of earning kinds. */
const earningFeatures: Partial<Record<string, PlanFeature>> = {
  birthday: "birthday_reward",
  write_review: "write_review",
  fill_survey: "fill_survey",
  custom_program: "custom_program",
  google_maps_review: "google_maps_review",
  milestone: "milestone_rewards",
};

/** G-24: the social actions; one program per unused action (C-07). */
export const SOCIAL_ACTION_COUNT = 12;

/** Why a kind cannot be added now (C-07, R), or null when it can. */
export type AddBlock =
  | "plan"
  | "place_order_limit"
  | "active_streak"
  | "social_actions_used"
  | "not_available_yet"
  | null;

export interface ProgramKindOption {
  event: string;
  /** `earning` or `spending`: the POST endpoint that creates it. */
  type: "earning" | "spending";
  family: ProgramFamily;
  /** The lowest plan tier that unlocks the kind, or null when every plan has it. */
  minimumPlan: PlanTier | null;
  block: AddBlock;
}

export interface CatalogueContext {
  planRank: PlanRank;
  /** The shop's programs (every type): event, stored status and end date. */
  programs: ReadonlyArray<{ event: string; status: ProgramStatus; expired: boolean }>;
}

const isActive = (p: { status: ProgramStatus; expired: boolean }) =>
  !p.expired && (p.status === "active" || p.status === "scheduled");

/** C-07: the add rules of the kinds that have them; the plan gate first. */
function blockOf(event: string, feature: PlanFeature | null, editable: boolean, ctx: CatalogueContext) {
  if (feature && !planAllows(ctx.planRank, feature)) return "plan" as const;
  const count = (events: readonly string[]) => ctx.programs.filter((p) => events.includes(p.event));
  if (event === "place_order" && count(placeOrderEvents).length >= MAX_PLACE_ORDER_PROGRAMS) {
    return "place_order_limit" as const;
  }
  if (event === "streak_interact_website" && count([event]).some(isActive)) return "active_streak" as const;
  if (event === "social_activity" && count([event]).length >= SOCIAL_ACTION_COUNT) {
    return "social_actions_used" as const;
  }
  return editable ? null : ("not_available_yet" as const);
}

/**
 * Every kind the "Add program" list shows, in the spec's order: earning kinds, milestone, then
 * every redeeming kind (D-01), each with its plan and whether it may be added now.
 */
export function programKindCatalogue(ctx: CatalogueContext): ProgramKindOption[] {
  const earning = earningKindEvents.map((event): ProgramKindOption => {
    const feature = earningFeatures[event] ?? null;
    return {
      event,
      type: "earning",
      family: "earning",
      minimumPlan: feature ? minimumPlanFor(feature) : null,
      block: blockOf(event, feature, editableEarningEvents.includes(event), ctx),
    };
  });
  const milestone: ProgramKindOption = {
    event: "milestone",
    type: "earning",
    family: "milestone",
    minimumPlan: minimumPlanFor("milestone_rewards"),
    block: blockOf("milestone", "milestone_rewards", editableEarningEvents.includes("milestone"), ctx),
  };
  const redeem = spendingEvents.map((event): ProgramKindOption => {
    const feature = spendingEventFeature(event);
    return {
      event,
      type: "spending",
      family: "redeem",
      minimumPlan: feature ? minimumPlanFor(feature) : null,
      block: blockOf(event, feature, true, ctx),
    };
  });
  return [...earning, milestone, ...redeem];
}
