import { describe, expect, it } from "vitest";
import { planRanks } from "../plans/plans";
import { missingPlanFeature, programPlanFeatures, statusUnderPlan } from "./plan-pause";

const { starter, essential, essential_pos, advanced } = planRanks;

describe("C-10: a switched-on program is paused while the plan lacks what it uses", () => {
  it.each([
    [
      "a place order rule with conditions needs the rule engine",
      "place_order",
      { statusUseCondition: true },
      ["rule_engine"],
    ],
    ["a plain place order rule needs nothing", "place_order", { statusUseCondition: false }, []],
    ["B2B partners only", "place_order", { applyTo: "b2b_partner" }, ["b2b_programs"]],
    ["VIP tier only", "place_order", { applyTo: "vip_tier" }, ["vip_tiers"]],
    ["free shipping", "free_shipping", {}, ["free_shipping"]],
    ["a POS kind", "pos_amount_discount", { channel: "applyPos" }, ["pos_programs"]],
    [
      "an online reward also offered at the POS",
      "amount_discount",
      { channel: "applyAll" },
      ["pos_programs"],
    ],
    ["an online reward", "amount_discount", { channel: "applyOnlineStore" }, []],
    ["birthday", "birthday", {}, ["birthday_reward"]],
    ["sign up", "sign_up", {}, []],
  ])("%s", (_what, event, config, features) => {
    expect(programPlanFeatures({ event, config })).toEqual(features);
  });

  it("pauses on a downgrade and runs again on an upgrade, the stored switch untouched", () => {
    const rule = { event: "place_order", config: { statusUseCondition: true } };
    expect(statusUnderPlan("active", rule, advanced)).toBe("active");
    expect(statusUnderPlan("active", rule, essential_pos)).toBe("paused");
    expect(missingPlanFeature(rule, essential)).toBe("rule_engine");
    expect(statusUnderPlan("scheduled", rule, starter)).toBe("paused");
    // Switched off or already over: nothing to pause.
    expect(statusUnderPlan("inactive", rule, starter)).toBe("inactive");
    expect(statusUnderPlan("expired", rule, starter)).toBe("expired");
    expect(statusUnderPlan("draft", rule, starter)).toBe("draft");
  });
});
