import { utcOffsetMinutes } from "../earning/store-time";
import { planAllows } from "../plans/features";
import type { PlanRank } from "../plans/plans";
import type { ProgramStatus } from "../programs/common";
import {
  type ApplyChannel,
  type Availability,
  type Bxgy,
  type CombinesWith,
  type FreeGift,
  type ItemScope,
  isPosEvent,
  type MinimumRequirement,
  type PurchaseType,
  type RewardKind,
  rewardKindByEvent,
  type SpendingProgram,
  type SpendingProgramConfig,
  spendingEventFeature,
} from "../programs/spending";
import { effectiveProgramStatus } from "../programs/status";
import type { CustomerState } from "../vocabulary";
import { rewardExpiresAt } from "./expiry";
import { type RedemptionRefusal, type RedemptionRefusalCode, refuse } from "./messages";
import { pointsToMinorUnits, pointsToMinorUnitsAtStep } from "./money";
import { type Instant, toEpochMs } from "./time";

/** who is asking. Guests (not joined) and customers who left cannot redeem. */

export interface QuoteRedemptionInput {
  /** The chosen redeeming program, settings parsed (`parseSpendingProgramConfig`); null when none was chosen. */
  program: SpendingProgram | null | undefined;
  /** Dynamic programs only: the points the shopper chose. */
  requestedPoints?: number;
  balance: { available: number };
  /** `isTestCustomer`: on the shop's test-mode list. */
  customer: { state: CustomerState; isTestCustomer?: boolean };
  /** D-13: redemptions so far of this program, in total and by this customer; vouchers still unused (D-18). */
  usage: { programRedemptions: number; customerRedemptions: number; vouchersLeft?: number };
  /** `timeZone` (IANA, default UTC) places the program's start and end dates (C-09). */
  shop: {
    exchangeRate: number;
    currency: string;
    planRank: PlanRank;
    sandbox: boolean;
    timeZone?: string;
  };
  now: Instant;
}

/** The reward as it will be issued: enough to create the platform discount and show the coupon. */
export interface RewardQuote {
  kind: RewardKind;
  /** Amount: minor units of `currency`. Percentage: 1–100. Other kinds: null (see their fields). */
  value: number | null;
  currency: string;
  appliesTo: ItemScope;
  minimumRequirement: MinimumRequirement;
  combinesWith: CombinesWith;
  availability: Availability;
  channel: ApplyChannel;
  purchaseType: PurchaseType;
  recurringCycleLimit: number | null;
  expiresAt: string | null;
  /** Uses of the issued code: a coupon works once; a partner voucher's use is the partner's business. */
  usageLimit: number | null;
  /** D-13: the discount's maximum uses per order. */
  usesPerOrderLimit: number | null;
  codePrefix: string;
  maxShippingAmount: number | null;
  freeGift: FreeGift | null;
  bxgy: Bxgy | null;
}

export type RedemptionQuote = { ok: true; points: number; reward: RewardQuote } | RedemptionRefusal;

/**
 * Prices a redemption (D-03, D-13, D-21, X-46, X-71): which points it costs and which reward it
 * gives, or the first reason it cannot happen, with the storefront's message. It decides only;
 * the service reserves the points (a hold) and issues the coupon.
 */
export function quoteRedemption(input: QuoteRedemptionInput): RedemptionQuote {
  const { program, customer, shop } = input;
  const customerRefusal = refuseCustomer(customer, shop.sandbox);
  if (customerRefusal) return customerRefusal;
  if (!program) return refuse("reward_program_blank");
  const availability = checkProgramAvailable(program, input.now, shop.timeZone ?? "UTC");
  if (availability) return refuse(availability);
  if (!isAllowedOnPlan(program, shop.planRank)) return refuse("plan_restricted");
  const points = resolvePoints(program.config, input.requestedPoints);
  if (typeof points !== "number") return points;
  const usage = checkUsage(program, input.usage);
  if (usage) return refuse(usage);
  if (input.balance.available < points) return refuse("insufficient_points");
  const value = rewardValue(program, points, shop);
  if (value === 0) return refuse("redeem_amount_too_small");
  const expiresAt = rewardExpiresAt(
    program.config.rewardExpiry,
    input.now,
    program.config.rewardExpiryDate,
    program.config.rewardExpiryDuration,
  );
  if (expiresAt !== null && toEpochMs(expiresAt) <= toEpochMs(input.now)) return refuse("program_expired");
  return { ok: true, points, reward: describeReward(program, value, shop.currency, expiresAt) };
}

function refuseCustomer(customer: QuoteRedemptionInput["customer"], sandbox: boolean) {
  if (customer.state === "guest") return refuse("customer_not_member");
  if (customer.state === "left") return refuse("customer_left");
  // in test mode only the listed test customers see any shopper-facing effect.
  if (sandbox && !customer.isTestCustomer) return refuse("sandbox_not_test_customer");
  return null;
}

const CLOSED_STATUSES: readonly ProgramStatus[] = ["inactive", "draft", "paused", "editing"];

/**
 * C-04, C-09: only an active program redeems; `scheduled` and `expired` follow from the dates in
 * the store's time zone (the start date from 00:00, the end date through its last minute).
 */
export function checkProgramAvailable(
  program: Pick<SpendingProgram, "status" | "startDate" | "endDate">,
  now: Instant,
  timeZone = "UTC",
): Extract<RedemptionRefusalCode, "program_inactive" | "program_scheduled" | "program_expired"> | null {
  if (CLOSED_STATUSES.includes(program.status)) return "program_inactive";
  if (program.status === "expired") return "program_expired";
  const at = new Date(toEpochMs(now)).toISOString();
  const dates = {
    status: program.status,
    startDate: program.startDate || null,
    endDate: program.endDate || null,
  };
  const status = effectiveProgramStatus(dates, at, utcOffsetMinutes(timeZone, at));
  if (status === "scheduled") return "program_scheduled";
  if (status === "expired") return "program_expired";
  return null;
}

/** C-10: a rule is paused when the plan is downgraded, so a gated kind stops on a lower plan. */
function isAllowedOnPlan(program: SpendingProgram, planRank: PlanRank): boolean {
  const feature = spendingEventFeature(program.event);
  if (feature && !planAllows(planRank, feature)) return false;
  const usesPos = !isPosEvent(program.event) && program.config.channel !== "applyOnlineStore";
  return !usesPos || planAllows(planRank, "pos_programs");
}

/** Fixed: the program's price. Dynamic (D-03): the shopper's amount, a multiple of the redeem point within bounds. */
function resolvePoints(
  config: SpendingProgramConfig,
  requested: number | undefined,
): number | RedemptionRefusal {
  if (config.redeemType === "fixed") return config.pointsCost;
  if (requested === undefined || !Number.isSafeInteger(requested) || requested <= 0) {
    return refuse("redeem_amount_invalid");
  }
  if (config.minPoints !== null && requested < config.minPoints) {
    return refuse("redeem_amount_below_minimum", { min: config.minPoints });
  }
  if (config.maxPoints !== null && requested > config.maxPoints) {
    return refuse("redeem_amount_above_maximum", { max: config.maxPoints });
  }
  if (requested % config.pointsCost !== 0)
    return refuse("redeem_amount_not_multiple", { step: config.pointsCost });
  return requested;
}

/** D-13, D-18: the program's total (or its voucher stock) runs out before a customer's own limit. */
function checkUsage(program: SpendingProgram, usage: QuoteRedemptionInput["usage"]) {
  const { total, perCustomer } = program.config.usageLimit;
  if (total !== null && usage.programRedemptions >= total) return "program_redemption_limit";
  if (program.event === "custom_voucher" && usage.vouchersLeft !== undefined && usage.vouchersLeft <= 0) {
    return "program_redemption_limit";
  }
  if (perCustomer !== null && usage.customerRedemptions >= perCustomer) return "customer_redemption_limit";
  return null;
}

/**
 * a dynamic amount is worth `points ÷ exchange rate` currency units, or the program's own
 * `rewardValue` per redeem point, in minor units rounded down.
 */
function rewardValue(
  program: SpendingProgram,
  points: number,
  shop: QuoteRedemptionInput["shop"],
): number | null {
  const { config } = program;
  const kind = rewardKindByEvent[program.event];
  if (kind === "percentage") return config.rewardValue;
  if (kind !== "amount") return null;
  if (config.redeemType === "fixed") return config.rewardValue;
  return config.rewardValue !== null
    ? pointsToMinorUnitsAtStep(points, config.pointsCost, config.rewardValue)
    : pointsToMinorUnits(points, shop.exchangeRate, shop.currency);
}

/** D-06: a minimum of 0 applies to all orders, so it is no minimum. */
function normaliseMinimum(min: MinimumRequirement): MinimumRequirement {
  if (min.kind === "amount" && min.amount === 0) return { kind: "none" };
  if (min.kind === "quantity" && min.quantity === 0) return { kind: "none" };
  return min;
}

function describeReward(
  program: SpendingProgram,
  value: number | null,
  currency: string,
  expiresAt: string | null,
): RewardQuote {
  const { config } = program;
  const kind = rewardKindByEvent[program.event];
  return {
    kind,
    value,
    currency,
    appliesTo: {
      appliesTo: config.appliesTo,
      collectionIds: config.collectionIds,
      productIds: config.productIds,
      variantIds: config.variantIds,
    },
    minimumRequirement: normaliseMinimum(config.minimumRequirement),
    combinesWith: config.combinesWith,
    availability: config.availability,
    channel: config.channel,
    purchaseType: config.purchaseType,
    recurringCycleLimit: config.purchaseType === "one_time_purchase" ? null : config.recurringCycleLimit,
    expiresAt,
    usageLimit: kind === "custom_voucher" ? null : 1,
    usesPerOrderLimit: config.usageLimit.perOrder,
    codePrefix: config.codePrefix,
    maxShippingAmount: kind === "free_shipping" ? config.maxShippingAmount : null,
    freeGift: kind === "free_gift" ? config.freeGift : null,
    bxgy: kind === "bxgy" ? config.bxgy : null,
  };
}
