import { describe, expect, it } from "vitest";
import { planRanks } from "../plans/plans";
import { type CatalogueContext, programKindCatalogue, SOCIAL_ACTION_COUNT } from "./catalogue";

const kind = (ctx: CatalogueContext, event: string) => {
  const found = programKindCatalogue(ctx).find((k) => k.event === event);
  if (!found) throw new Error(`no ${event}`);
  return found;
};
const starter: CatalogueContext = { planRank: planRanks.starter, programs: [] };
const placeOrders = (n: number) =>
  Array.from({ length: n }, () => ({ event: "place_order", status: "inactive" as const, expired: false }));

describe("the Add program catalogue (C-07, C-08, D-01, R-02)", () => {
  it("lists every earning kind, milestone and every redeeming kind, each once", () => {
    const events = programKindCatalogue(starter).map((k) => k.event);
    expect(new Set(events).size).toBe(events.length);
    expect(events).toEqual(expect.arrayContaining(["place_order", "sign_up", "milestone", "custom_voucher"]));
    expect(events.filter((e) => e.includes("discount"))).toHaveLength(4);
  });

  it("gates Pro kinds on Starter and names the plan that unlocks them", () => {
    expect(kind(starter, "free_shipping")).toMatchObject({ block: "plan", minimumPlan: "essential" });
    expect(kind(starter, "pos_amount_discount")).toMatchObject({
      block: "plan",
      minimumPlan: "essential_pos",
    });
    expect(kind(starter, "milestone")).toMatchObject({ block: "plan", minimumPlan: "advanced" });
    expect(kind(starter, "amount_discount")).toMatchObject({ block: null, minimumPlan: null });
    const essential = { ...starter, planRank: planRanks.essential };
    expect(kind(essential, "free_shipping").block).toBeNull();
    expect(kind(essential, "pos_amount_discount").block).toBe("plan");
  });

  it("allows place order only while fewer than 10 exist", () => {
    expect(kind({ ...starter, programs: placeOrders(9) }, "place_order").block).toBeNull();
    expect(kind({ ...starter, programs: placeOrders(10) }, "place_order").block).toBe("place_order_limit");
  });

  it("allows a streak only without an active, non-expired one", () => {
    const streak = (status: "active" | "inactive", expired: boolean) => ({
      ...starter,
      programs: [{ event: "streak_interact_website", status, expired }],
    });
    expect(kind(streak("active", false), "streak_interact_website").block).toBe("active_streak");
    expect(kind(streak("active", true), "streak_interact_website").block).toBeNull();
    expect(kind(streak("inactive", false), "streak_interact_website").block).toBeNull();
  });

  it("allows social activity only while an action is unused", () => {
    const social = (n: number) => ({
      ...starter,
      programs: Array.from({ length: n }, () => ({
        event: "social_activity",
        status: "active" as const,
        expired: false,
      })),
    });
    expect(kind(social(SOCIAL_ACTION_COUNT), "social_activity").block).toBe("social_actions_used");
    expect(kind(social(SOCIAL_ACTION_COUNT - 1), "social_activity").block).toBeNull();
  });

  it("marks earning kinds without an editor yet as not available, never the ones the engine runs", () => {
    expect(kind(starter, "birthday").block).toBe("plan");
    // Issue 15: birthday has its editor and runs.
    expect(kind({ ...starter, planRank: planRanks.ultimate }, "birthday").block).toBeNull();
    for (const e of ["place_order", "sign_up", "sign_up_newsletter"])
      expect(kind(starter, e).block).toBeNull();
  });
});
