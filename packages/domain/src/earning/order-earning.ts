/**
 * Place order earning (C-12…C-24, C-32, C-35, X-28… ): what one order earns
 * under the shop's place order programs. Pure: the caller passes the order (shop money, minor
 * units), the programs, the shop's state, the customer's earlier awards and "now", and posts the
 * ledger entries the decision describes.
 *
 * Rule engine: programs run by ascending priority (1 first, ties by id). A program that
 * matches adds its points; with `stopProcessing` it also ends the evaluation, even when it earned 0
 * (place order allows 0 points, C-24, which is how a merchant blocks lower rules). A program
 * skipped by its limit or by anti-cheat has not matched and does not stop the others.
 *
 * Always, whatever the settings:
 * - a cancelled order earns nothing;
 * - an order earns at most once: an order with an earlier award is only logged;
 * - a customer who left, or no customer, earns nothing (J-05);
 * - amounts must be in the shop's currency.
 * Anti-cheat (C-35, `enabledAntiCheat`, decision 0011) adds, per program:
 * - an unpaid order earns nothing (it is evaluated again once paid);
 * - a test order earns nothing, unless the shop is in sandbox (X-71 testing);
 * - an order whose earnable amount is 0 earns nothing, whatever `earnBy` (free orders do not farm
 *   fixed points);
 * - money paid with gift cards does not earn when buying gift cards earns (`excludeGiftCard` off).
 */
import type { PlaceOrderProgram } from "../programs/earning";
import { placeOrderEvents, saleChannelSources } from "../programs/earning";
import { effectiveProgramStatus } from "../programs/status";
import { applyConditions, type ConditionCheck, checkConditions } from "./conditions";
import { findShopStop, isCustomerEligible, isInAudience } from "./eligibility";
import { isWithinEarningLimit } from "./limits";
import { measureEarnable, selectScopeLines, wholeMinorUnits } from "./order-amounts";
import { computePoints, describeAward } from "./order-points";
import { pendingUntil } from "./pending";
import { isZeroRatio, toSafeInteger } from "./ratio";
import type {
  EarningCustomer,
  OrderAward,
  OrderEarningDecision,
  OrderEarningInput,
  OrderLogReason,
  ProgramOutcome,
  ProgramSkipReason,
} from "./types";

export function evaluateOrderEarning(input: OrderEarningInput): OrderEarningDecision {
  const stop = findOrderStop(input);
  const programs = sortByPriority(input.programs.filter(isPlaceOrderProgram));
  if (stop !== null) return logOnly(stop, programs.map(notReached));
  const customer = input.order.customer as EarningCustomer; // findOrderStop checked it
  const awards: OrderAward[] = [];
  const trace: ProgramOutcome[] = [];
  let stopped = false;
  for (const program of programs) {
    if (stopped) {
      trace.push(notReached(program));
      continue;
    }
    const outcome = evaluateProgram(program, input, customer);
    trace.push(outcome.trace);
    if (outcome.award) awards.push(outcome.award);
    stopped = outcome.trace.result !== "skipped" && program.config.stopProcessing;
  }
  if (awards.length > 0) {
    return { kind: "reward", awards, total: awards.reduce((sum, a) => sum + a.points, 0), trace };
  }
  const anyMatched = trace.some((t) => t.result === "matched_zero");
  return logOnly(anyMatched ? "zero_points" : "no_matching_program", trace);
}

/** The order-wide reasons to log the order without rewarding it, in the order they are checked. */
function findOrderStop({ order, shop, priorAwards }: OrderEarningInput): OrderLogReason | null {
  if (order.cancelledAt !== null) return "cancelled";
  if (priorAwards.some((a) => a.orderId === order.id)) return "already_awarded";
  if (order.currency.toUpperCase() !== shop.currency.toUpperCase()) return "currency_mismatch";
  const shopStop = findShopStop(shop, order.customer?.email, { countsAsOrder: true });
  if (shopStop !== null) return shopStop;
  if (!isCustomerEligible(shop, order.customer)) return "not_eligible";
  return null;
}

function isPlaceOrderProgram(p: OrderEarningInput["programs"][number]): p is PlaceOrderProgram {
  return (placeOrderEvents as readonly string[]).includes(p.event);
}

/** ascending priority; equal priorities (which validation refuses) fall back to the id. */
function sortByPriority(programs: PlaceOrderProgram[]): PlaceOrderProgram[] {
  return [...programs].sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

interface ProgramEvaluation {
  trace: ProgramOutcome;
  award: OrderAward | null;
}

function evaluateProgram(
  program: PlaceOrderProgram,
  input: OrderEarningInput,
  customer: EarningCustomer,
): ProgramEvaluation {
  const { order, shop } = input;
  const config = program.config;
  const gate = findProgramGate(program, input, customer);
  if (gate !== null) return skipped(program, gate);
  const scope = selectScopeLines(config, order);
  const { matched, lines } = applyConditions(config, order, scope);
  // Which conditions the order met, kept with the decision to explain it (issue 14).
  const checks = config.statusUseCondition ? checkConditions(config, order, scope) : [];
  const withChecks = checks.length > 0 ? { conditions: checks } : {};
  if (!matched) return skipped(program, "conditions_not_met", withChecks);
  if (lines.length === 0) return skipped(program, "no_eligible_items", withChecks);
  const earnable = measureEarnable(config, order, lines);
  if (config.enabledAntiCheat && isZeroRatio(earnable.amount))
    return skipped(program, "zero_earnable_amount", withChecks);
  if (!isWithinEarningLimit(program.id, config, input.priorAwards, order.createdAt, shop.utcOffsetMinutes)) {
    return skipped(program, "limit_reached", withChecks);
  }
  const points = toSafeInteger(computePoints(config, earnable));
  if (points === 0)
    return {
      trace: { programId: program.id, result: "matched_zero", reason: null, points, ...withChecks },
      award: null,
    };
  const earnableAmount = wholeMinorUnits(earnable.amount);
  return {
    trace: { programId: program.id, result: "awarded", reason: null, points, ...withChecks },
    award: {
      programId: program.id,
      points,
      reason: describeAward(config, earnable, earnableAmount),
      earnBy: config.earnBy,
      earnableAmount,
      earnableQuantity: earnable.quantity,
      ...pendingOf(input),
    },
  };
}

/** The checks that need no arithmetic, cheapest first. */
function findProgramGate(
  program: PlaceOrderProgram,
  { order, shop }: OrderEarningInput,
  customer: EarningCustomer,
): ProgramSkipReason | null {
  const config = program.config;
  // Status is the switch as it is now; dates are judged at the order's time (C-09).
  const status = effectiveProgramStatus(program, order.createdAt, shop.utcOffsetMinutes);
  if (status === "scheduled" || status === "expired") return "outside_dates";
  if (status !== "active") return "inactive";
  if (program.event === "place_order_subscription" && order.source !== "subscription_contract")
    return "sale_channel";
  if (!saleChannelSources[config.appliedPlaceOrderTo].includes(order.source)) return "sale_channel";
  if (!isInAudience(config, customer)) return "audience";
  if (hasExcludedTag(order.tags, config.excludeOrderTags)) return "excluded_order_tag";
  if (config.enabledAntiCheat && order.paidAt === null) return "not_paid";
  if (config.enabledAntiCheat && order.test && !shop.sandbox.enabled) return "test_order";
  return null;
}

/** C-14: tags compare trimmed and case-insensitively. */
function hasExcludedTag(tags: readonly string[], excluded: readonly string[]): boolean {
  if (excluded.length === 0) return false;
  const have = new Set(tags.map((t) => t.trim().toLowerCase()));
  return excluded.some((t) => have.has(t.trim().toLowerCase()));
}

/** H-09, X-41: pending points start when the order is paid, or wait for fulfilment. */
function pendingOf({ order, shop, now }: OrderEarningInput): Pick<OrderAward, "pending" | "pendingUntil"> {
  const settings = shop.pendingPoints;
  if (!settings?.enabled) return { pending: false, pendingUntil: null };
  if (settings.startsAt === "fulfilled") return { pending: true, pendingUntil: null };
  return {
    pending: true,
    pendingUntil: pendingUntil(order.paidAt ?? now, settings.holdingPeriod, shop.utcOffsetMinutes),
  };
}

function skipped(
  program: PlaceOrderProgram,
  reason: ProgramSkipReason,
  checks: { conditions?: ConditionCheck[] } = {},
): ProgramEvaluation {
  return { trace: { programId: program.id, result: "skipped", reason, points: 0, ...checks }, award: null };
}

function notReached(program: PlaceOrderProgram): ProgramOutcome {
  return { programId: program.id, result: "not_reached", reason: null, points: 0 };
}

function logOnly(reason: OrderLogReason, trace: ProgramOutcome[]): OrderEarningDecision {
  return { kind: "log_only", reason, trace };
}
