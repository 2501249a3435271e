import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HoldAction, type HoldState, holdActions, transitionHold } from "./hold";
import { usePropertySeed } from "./property-seed.test-support";

usePropertySeed("hold");

describe("hold state machine (DESIGN §4: reserve → posted | voided, exactly once)", () => {
  it.each<[HoldState | null, HoldAction, unknown]>([
    [null, "reserve", { ok: true, state: "reserved", changed: true }],
    [null, "post", { ok: false, code: "hold_not_found", message: "This reservation does not exist." }],
    [null, "void", { ok: false, code: "hold_not_found", message: "This reservation does not exist." }],
    ["reserved", "reserve", { ok: false, code: "hold_exists", message: "This reservation already exists." }],
    ["reserved", "post", { ok: true, state: "posted", changed: true }],
    ["reserved", "void", { ok: true, state: "voided", changed: true }],
    ["posted", "post", { ok: true, state: "posted", changed: false }],
    [
      "posted",
      "void",
      { ok: false, code: "hold_already_posted", message: "This reservation was already completed." },
    ],
    ["voided", "void", { ok: true, state: "voided", changed: false }],
    [
      "voided",
      "post",
      { ok: false, code: "hold_already_voided", message: "This reservation was already cancelled." },
    ],
    ["posted", "reserve", { ok: false, code: "hold_exists", message: "This reservation already exists." }],
  ])("%s + %s", (state, action, expected) => {
    expect(transitionHold(state, action)).toEqual(expected);
  });

  it("any sequence of actions changes a hold at most twice (reserve, then one resolution) and never leaves a final state", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...holdActions), { maxLength: 30 }), (actions) => {
        let state: HoldState | null = null;
        let changes = 0;
        for (const action of actions) {
          const r = transitionHold(state, action);
          if (!r.ok) continue;
          if (state === "posted" || state === "voided") expect(r.state).toBe(state);
          if (r.changed) changes += 1;
          state = r.state;
        }
        expect(changes).toBeLessThanOrEqual(2);
      }),
    );
  });
});
