import { describe, expect, it } from "vitest";
import { formOf, toProgramBody, validateForm } from "./program-form";

describe("event kinds' editors (issue 15 part 2)", () => {
  it("F-05: a new milestone program starts with the 100/200/300 placeholders and needs their points", () => {
    const form = formOf("milestone", null, "USD", "Milestone");
    expect(JSON.parse(String(form.fields.milestones)).map((m: { value: string }) => m.value)).toEqual([
      "100",
      "200",
      "300",
    ]);
    expect(validateForm("milestone", form)).toMatchObject({ "config.milestones.0.earnPoint": "required" });
  });

  it("F-05: duplicate milestone values are refused before saving", () => {
    const form = formOf("milestone", null, "USD", "Milestone");
    const rows = [
      { value: "5", action: "bonus_point", earnPoint: "10", rewardValue: "", productId: "" },
      { value: "5", action: "bonus_point", earnPoint: "20", rewardValue: "", productId: "" },
    ];
    const errors = validateForm("milestone", {
      ...form,
      fields: { ...form.fields, milestones: JSON.stringify(rows) },
    });
    expect(errors["config.milestones.1.value"]).toBe("earnEvents.validation.milestoneUnique");
  });

  it("G-15: instant points must be below the earning points", () => {
    const form = formOf("google_maps_review", null, "USD", "Google");
    const errors = validateForm("google_maps_review", {
      ...form,
      fields: { ...form.fields, earnPoint: "50", instantPoints: "50" },
    });
    expect(errors["config.instantPoints"]).toBe("earnEvents.validation.instantBelowEarn");
  });

  it("G-10: the review form round-trips to the API's shape, keeping settings it does not show", () => {
    const stored = { earnPoint: 40, minRating: 4, approval: "auto", vipTierIds: ["t1"] };
    const form = formOf(
      "write_review",
      { title: "Review", status: "active", priority: 99, startDate: null, endDate: null, config: stored },
      "USD",
      "Review",
    );
    const body = toProgramBody("write_review", form, stored, "USD");
    expect(body.config).toMatchObject({
      earnPoint: 40,
      minRating: 4,
      approval: "auto",
      vipTierIds: ["t1"],
      minCharacters: 0,
    });
  });
});
