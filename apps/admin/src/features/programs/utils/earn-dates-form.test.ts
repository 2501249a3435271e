import { describe, expect, it } from "vitest";
import { earnDatesConfig, earnDatesFields, earnDatesSummary, validateEarnDates } from "./earn-dates-form";
import { formOf, hasEditor, toProgramBody, validateForm } from "./program-form";

const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ""}`;

describe("earning kinds by date and action in the editor (issue 15)", () => {
  it("each kind has an editor with the spec's defaults (G-18, G-22)", () => {
    for (const e of [
      "birthday",
      "member_anniversary",
      "social_activity",
      "interact_website",
      "streak_interact_website",
    ]) {
      expect(hasEditor(e), e).toBe(true);
    }
    expect(earnDatesFields("interact_website", {}, "USD")).toMatchObject({
      earnPoint: "10",
      earnPointsLimit: "100",
      enabledAntiCheat: true,
    });
    expect(earnDatesFields("streak_interact_website", {}, "USD")).toEqual({
      earnPoint: "10",
      streakMilestones: "7:100",
    });
  });

  it("round-trips a streak's milestones and keeps stored settings it does not show", () => {
    const form = formOf("streak_interact_website", null, "USD", "Streak");
    form.fields.streakMilestones = "3:30;7:100";
    const body = toProgramBody("streak_interact_website", form, { extra: 1 }, "USD");
    expect(body.config).toEqual({
      extra: 1,
      earnPoint: 10,
      streakMilestones: [
        { day: 3, earnPoint: 30 },
        { day: 7, earnPoint: 100 },
      ],
    });
  });

  it("G-24, G-19 validation in the spec's words (keys)", () => {
    const social = formOf("social_activity", null, "USD", "Social");
    social.fields.url = "instagram";
    expect(validateForm("social_activity", social)).toEqual({
      "config.url": "earnDates.validation.socialUrl",
    });
    expect(
      validateEarnDates(
        "streak_interact_website",
        { earnPoint: "10", streakMilestones: "7:100" },
        { startDate: "2026-06-01", endDate: "2026-06-03" },
      ),
    ).toEqual({ "config.streakMilestones": "earnDates.validation.streakTooLong" });
    expect(
      validateEarnDates(
        "birthday",
        { rewardMethod: "point", rewardValue: "0", timing: "around", daysBefore: "31", daysAfter: "2" },
        { startDate: "", endDate: "" },
      ),
    ).toEqual({
      "config.rewardValue": "pointsAboveZero",
      "config.daysBefore": "earnDates.validation.daysRange",
    });
  });

  it("birthday settings: only the around-window sends its days; a summary in words", () => {
    const c = earnDatesConfig(
      "birthday",
      earnDatesFields("birthday", { timing: "exact_date", daysBefore: 5 }, "USD"),
      "USD",
    );
    expect(c).toMatchObject({ timing: "exact_date", daysBefore: 0, rewardValue: 100 });
    expect(earnDatesSummary("birthday", c, t)).toBe('earnDates.summary.birthdayPoints{"points":100}');
  });

  it("G-05: a birthday code's conditions round-trip, money in the store's currency", () => {
    const stored = {
      rewardMethod: "discount_amount",
      rewardValue: 1_500,
      minimumRequirement: "amount",
      minimumValue: 5_000,
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true },
      saleChannel: "both",
      purchaseType: "subscription",
      tierIds: ["tier_gold", "tier_platinum"],
    };
    const fields = earnDatesFields("birthday", stored, "USD");
    expect(fields).toMatchObject({
      rewardValue: "15",
      minimumRequirement: "amount",
      minimumValue: "50",
      combineOrder: false,
      combineProduct: true,
      combineShipping: true,
      saleChannel: "both",
      purchaseType: "subscription",
      tierIds: "tier_gold,tier_platinum",
    });
    expect(earnDatesConfig("birthday", fields, "USD")).toMatchObject(stored);
    // Yen has no minor unit: 500 is 500.
    expect(earnDatesConfig("birthday", { ...fields, minimumValue: "500" }, "JPY").minimumValue).toBe(500);
    // A quantity is a count; no minimum sends none.
    expect(
      earnDatesConfig("birthday", { ...fields, minimumRequirement: "quantity", minimumValue: "3" }, "USD"),
    ).toMatchObject({ minimumRequirement: "quantity", minimumValue: 3 });
    expect(
      earnDatesConfig("birthday", { ...fields, minimumRequirement: "none" }, "USD").minimumValue,
    ).toBeNull();
    // A new birthday program starts with no conditions.
    expect(earnDatesFields("birthday", {}, "USD")).toMatchObject({
      minimumRequirement: "none",
      saleChannel: "online",
      purchaseType: "one_time",
      tierIds: "",
    });
  });

  it("G-05: a minimum needs a value above 0, in the spec's words (key), for discount codes only", () => {
    const dates = { startDate: "", endDate: "" };
    const base = { rewardMethod: "discount_percentage", rewardValue: "10", timing: "exact_date" };
    expect(
      validateEarnDates("birthday", { ...base, minimumRequirement: "amount", minimumValue: "" }, dates),
    ).toEqual({ "config.minimumValue": "earnDates.validation.minimum" });
    expect(
      validateEarnDates("birthday", { ...base, minimumRequirement: "quantity", minimumValue: "1.5" }, dates),
    ).toEqual({ "config.minimumValue": "earnDates.validation.minimum" });
    expect(
      validateEarnDates("birthday", { ...base, minimumRequirement: "amount", minimumValue: "49.99" }, dates),
    ).toEqual({});
    expect(
      validateEarnDates(
        "birthday",
        {
          ...base,
          rewardMethod: "point",
          rewardValue: "100",
          minimumRequirement: "amount",
          minimumValue: "",
        },
        dates,
      ),
    ).toEqual({});
  });
});
