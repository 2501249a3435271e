import { type LedgerRefusal, refuseLedger } from "./messages";

/**
 * A redemption's hold (DESIGN §4, TigerBeetle's two-phase transfer): reserved, then posted or
 * voided exactly once. State names match the server's `holds.state`.
 */
export const holdStates = ["reserved", "posted", "voided"] as const;
export type HoldState = (typeof holdStates)[number];

export const holdActions = ["reserve", "post", "void"] as const;
export type HoldAction = (typeof holdActions)[number];

export type HoldTransition =
  | { ok: true; state: HoldState; changed: boolean }
  | LedgerRefusal<"hold_not_found" | "hold_exists" | "hold_already_posted" | "hold_already_voided">;

/**
 * The next state of a hold (null = none yet), or a refusal. Repeating the action that resolved a
 * hold is a harmless replay (`changed: false`); the opposite action after resolution is refused.
 */
export function transitionHold(state: HoldState | null, action: HoldAction): HoldTransition {
  if (action === "reserve") {
    return state === null ? { ok: true, state: "reserved", changed: true } : refuseLedger("hold_exists");
  }
  if (state === null) return refuseLedger("hold_not_found");
  const target: HoldState = action === "post" ? "posted" : "voided";
  if (state === "reserved") return { ok: true, state: target, changed: true };
  if (state === target) return { ok: true, state, changed: false };
  return refuseLedger(state === "posted" ? "hold_already_posted" : "hold_already_voided");
}
