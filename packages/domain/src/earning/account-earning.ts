/**
 * Sign up (C-25) and newsletter sign up (C-26) earning: a fixed number of points, limited (by
 * default once in a lifetime), only for members, stopped by the plan limits and sandbox like every
 * program (C-32, X-71).
 */
import type { EarningProgram, NewsletterProgram, SignUpProgram } from "../programs/earning";
import { effectiveProgramStatus } from "../programs/status";
import { findShopStop, isCustomerEligible } from "./eligibility";
import { isWithinEarningLimit } from "./limits";
import type { EarningCustomer, EarningPriorAward, EarningShop, IsoInstant } from "./types";

export interface AccountEarningInput {
  /** The shop's earning programs; only those of the event in question are read. */
  programs: readonly EarningProgram[];
  customer: EarningCustomer;
  shop: EarningShop;
  priorAwards: readonly EarningPriorAward[];
  /** When the customer signed up or subscribed. */
  now: IsoInstant;
}

export type AccountLogReason =
  | "transaction_limit_reached"
  | "order_limit_reached"
  | "sandbox"
  | "not_eligible"
  | "no_active_program"
  | "limit_reached";

export type AccountEarningDecision =
  | { kind: "reward"; awards: [{ programId: string; points: number; reason: string }]; total: number }
  | { kind: "log_only"; reason: AccountLogReason };

/** C-25: points for creating an account. */
export function evaluateSignUpEarning(input: AccountEarningInput): AccountEarningDecision {
  return evaluateAccountEarning("sign_up", input);
}

/** C-26: points for subscribing to the newsletter. */
export function evaluateNewsletterEarning(input: AccountEarningInput): AccountEarningDecision {
  return evaluateAccountEarning("sign_up_newsletter", input);
}

type AccountProgram = SignUpProgram | NewsletterProgram;

/**
 * The first running program of the event (lowest priority) awards its points. The customer must be
 * a member (signing up makes one; a newsletter subscriber without an account is a guest and earns
 * once they join), eligible shop-wide, and under the program's limit.
 */
export function evaluateAccountEarning(
  event: AccountProgram["event"],
  input: AccountEarningInput,
): AccountEarningDecision {
  const { customer, shop, now } = input;
  // The plan's order limit stops the loyalty program as a whole (B-29, X-01).
  const stop = findShopStop(shop, customer.email, { countsAsOrder: true });
  if (stop !== null) return { kind: "log_only", reason: stop };
  if (!isCustomerEligible(shop, customer) || customer.state !== "member") {
    return { kind: "log_only", reason: "not_eligible" };
  }
  const program = input.programs
    .filter((p): p is AccountProgram => p.event === event)
    .filter((p) => effectiveProgramStatus(p, now, shop.utcOffsetMinutes) === "active")
    .sort((a, b) => a.priority - b.priority)[0];
  if (!program) return { kind: "log_only", reason: "no_active_program" };
  if (!isWithinEarningLimit(program.id, program.config, input.priorAwards, now, shop.utcOffsetMinutes)) {
    return { kind: "log_only", reason: "limit_reached" };
  }
  const points = program.config.earnPoint;
  const reason = `${event}: ${points} points`;
  return { kind: "reward", awards: [{ programId: program.id, points, reason }], total: points };
}
