/** Sign up and newsletter earning (C-25, C-26): once per customer by default, sandbox-aware. */
import type { LimitUnit } from "../programs/common";
import { isRunning, type PriorAward, withinLimit } from "./order-earning";

export interface AccountEventProgram {
  id: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  config: { earnPoint: number; hasLimit?: boolean; limitUnit?: LimitUnit; limitInterval?: number };
}

export interface AccountEarningInput {
  programs: AccountEventProgram[];
  customer: { state: "member" | "guest" | "left"; email: string | null };
  sandbox: { enabled: boolean; testEmails: string[] };
  priorAwards: PriorAward[];
  utcOffsetMinutes: number;
  now: string;
}

export type AccountEarningDecision =
  | { kind: "reward"; programId: string; points: number }
  | { kind: "none"; reason: "not_member" | "sandbox" | "no_program" | "limit_reached" };

export function evaluateAccountEarning(input: AccountEarningInput): AccountEarningDecision {
  if (input.customer.state !== "member") return { kind: "none", reason: "not_member" };
  const email = input.customer.email?.trim().toLowerCase() ?? "";
  if (input.sandbox.enabled && !input.sandbox.testEmails.some((e) => e.trim().toLowerCase() === email)) {
    return { kind: "none", reason: "sandbox" };
  }
  const program = input.programs.find((p) => isRunning(p, input.now, input.utcOffsetMinutes));
  if (!program) return { kind: "none", reason: "no_program" };
  // C-25: sign up is once in a lifetime unless the merchant set another limit.
  const limited = {
    id: program.id,
    config: { hasLimit: true, limitUnit: "lifetime" as LimitUnit, limitInterval: 1, ...program.config },
  };
  if (!withinLimit(limited, input.priorAwards, input.now, input.utcOffsetMinutes)) {
    return { kind: "none", reason: "limit_reached" };
  }
  const points = Math.max(0, Math.trunc(program.config.earnPoint));
  return points > 0
    ? { kind: "reward", programId: program.id, points }
    : { kind: "none", reason: "no_program" };
}
