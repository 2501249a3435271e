import { describe, expect, it } from "vitest";
import { decideMembershipChange } from "./membership";

describe("decideMembershipChange (J-05)", () => {
  it.each([
    [{ type: "member", leftReason: null }, "exclude", { type: "left", leftReason: "excluded" }],
    [{ type: "guest", leftReason: null }, "exclude", { type: "left", leftReason: "excluded" }],
    [{ type: "left", leftReason: "excluded" }, "join", { type: "member", leftReason: null }],
    [{ type: "guest", leftReason: null }, "join", { type: "member", leftReason: null }],
  ] as const)("%o + %s → %o", (from, action, to) => {
    const change = decideMembershipChange(from, action);
    expect(change.kind).toBe("change");
    if (change.kind === "change") expect(change.to).toEqual(to);
  });

  it("repeating an action changes nothing", () => {
    expect(decideMembershipChange({ type: "member", leftReason: null }, "join")).toEqual({
      kind: "unchanged",
    });
    expect(decideMembershipChange({ type: "left", leftReason: "excluded" }, "exclude")).toEqual({
      kind: "unchanged",
    });
  });

  it("a shopper deleted from the store cannot be joined or excluded by hand", () => {
    for (const action of ["join", "exclude"] as const) {
      expect(decideMembershipChange({ type: "left", leftReason: "deleted" }, action)).toEqual({
        kind: "refused",
        reason: "customer_deleted",
      });
    }
  });
});
