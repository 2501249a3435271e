import { describe, expect, it } from "vitest";
import {
  b2bSettingsIssue,
  DEFAULT_B2B_TIER_SETTINGS,
  defaultTierSettingsFor,
  measuredByTierProgram,
} from "./b2b";
import { b2bRequirements } from "./membership";
import { DEFAULT_TIER_SETTINGS, evaluateTier, type TierDef } from "./tiers";

const t = (id: string, milestone: number): TierDef => ({
  id,
  name: id,
  milestone,
  exclusive: false,
  entryPoints: 0,
});
const partners = [t("partner", 0), t("silver", 50_000), t("gold", 200_000)];

describe("B2B partner tiers (decision 0174)", () => {
  it("I-20: default settings: by amount spent, tag prefix 'Joy', own discount prefix, base tier shown", () => {
    expect(DEFAULT_B2B_TIER_SETTINGS).toMatchObject({
      basis: "amount_spent",
      tagPrefix: "Joy",
      discountPrefix: "B2B",
      hideDefaultTier: false,
      period: { kind: "lifetime" },
      demotion: null,
    });
    expect(defaultTierSettingsFor("b2b")).toBe(DEFAULT_B2B_TIER_SETTINGS);
    expect(defaultTierSettingsFor("vip")).toBe(DEFAULT_TIER_SETTINGS);
  });

  it.each([
    ["points_earned", null],
    ["amount_spent", null],
    ["orders", "B2B tiers are calculated by points earned or amount spent."],
  ] as const)("I-20: calculate by %s", (basis, message) => {
    expect(b2bSettingsIssue({ basis })?.message ?? null).toBe(message);
  });

  it.each([
    ["vip", { state: "member", isB2B: false }, true],
    ["vip", { state: "member", isB2B: true }, true],
    ["b2b", { state: "member", isB2B: true }, true],
    ["b2b", { state: "member", isB2B: false }, false],
    ["b2b", { state: "guest", isB2B: true }, false],
    ["b2b", { state: "left", isB2B: true }, false],
  ] as const)("I-21, C-22: program %s measures %o: %s", (program, customer, measured) => {
    expect(measuredByTierProgram(program, customer)).toBe(measured);
  });

  it("I-19: a company member's tier is the VIP engine's answer over the B2B ladder", () => {
    const at = Date.parse("2026-06-15T12:00:00Z");
    const tierOf = (metric: number) =>
      evaluateTier({
        tiers: partners,
        settings: DEFAULT_B2B_TIER_SETTINGS,
        metric,
        lastActivityAt: at,
        exclusiveTierId: null,
        now: at,
        timeZone: "UTC",
      }).tierId;
    expect(tierOf(0)).toBe("partner");
    expect(tierOf(49_999)).toBe("partner");
    expect(tierOf(50_000)).toBe("silver");
    expect(tierOf(250_000)).toBe("gold");
  });

  it("X-22: available only with Advanced AND Shopify Plus AND the B2B scopes", () => {
    const scopes = ["read_companies", "write_publications", "read_customers"];
    const met = (appPlanAllows: boolean, storePlanName: string | null, granted: string[] | null) =>
      b2bRequirements({ appPlanAllows, storePlanName, grantedScopes: granted }).every((r) => r.met);
    expect(met(true, "Shopify Plus", scopes)).toBe(true);
    expect(met(false, "Shopify Plus", scopes)).toBe(false);
    expect(met(true, "Basic", scopes)).toBe(false);
    expect(met(true, "Shopify Plus", scopes.slice(1))).toBe(false);
    expect(met(true, "Shopify Plus", null)).toBe(false);
  });
});
