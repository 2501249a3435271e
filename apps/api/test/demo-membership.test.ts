import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getExclusiveDeal } from "../src/modules/membership/membership.service";
import { seedDemoMembership } from "../src/seed/demo-membership";
import { seedDemoTiers } from "../src/seed/demo-tiers";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoTiers(t.deps);
});
afterAll(async () => {
  await t.close();
});

describe("the demo shop's member exclusive deal (issue 10 seed)", () => {
  it("prepares a deal for Gold and Platinum, switched off behind the Advanced gate; once", async () => {
    expect(await seedDemoMembership(t.deps)).toEqual({ seeded: true });
    expect(await seedDemoMembership(t.deps)).toEqual({ seeded: false });
    const deal = await getExclusiveDeal(t.deps, "shop_demo");
    expect(deal).toMatchObject({
      saved: true,
      enabled: false,
      planAllowed: false,
      settings: { name: "Gold members' week", discountValue: 15, eligibility: "tiers" },
    });
    const tiers = await t.deps.db
      .selectFrom("tiers")
      .select(["id", "name"])
      .where("shop_id", "=", "shop_demo")
      .where("id", "in", deal.settings.tierIds)
      .execute();
    expect(tiers.map((x) => x.name).sort()).toEqual(["Gold", "Platinum"]);
  });
});
