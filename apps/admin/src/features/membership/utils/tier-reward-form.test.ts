import type { TierView } from "@laurel/contracts";
import { describe, expect, it } from "vitest";
import { rewardBodyOf, rewardFormOf } from "./tier-reward-form";

const gold: TierView = {
  id: "gold",
  name: "Gold",
  milestone: 50_000,
  exclusive: false,
  entryPoints: 50,
  icon: null,
  cardColor: null,
  backgroundColor: null,
  perks: [],
  entryCoupon: { discountType: "amount", value: 1_000, minimumSubtotal: 5_000, expiresInDays: 30 },
  preTier: { threshold: 40_000, points: 25, coupon: null },
  members: 0,
};

describe("the tier reward form (decision 0135)", () => {
  it("shows money in major units and round-trips to the same body", () => {
    const form = rewardFormOf("amount_spent", gold);
    expect(form).toMatchObject({
      threshold: "400",
      entryCoupon: { on: true, value: "10", minimumSubtotal: "50" },
    });
    expect(rewardBodyOf("amount_spent", form)).toEqual({
      body: { entryPoints: 50, entryCoupon: gold.entryCoupon, preTier: gold.preTier },
      errors: {},
    });
  });

  it.each([
    [{ entryPoints: "-1" }, "entryPoints", "points"],
    [
      {
        entryCoupon: {
          on: true,
          discountType: "percentage",
          value: "101",
          minimumSubtotal: "",
          expiresInDays: "",
        },
      },
      "entryCoupon.value",
      "percent",
    ],
    [
      {
        entryCoupon: { on: true, discountType: "amount", value: "0", minimumSubtotal: "", expiresInDays: "" },
      },
      "entryCoupon.value",
      "money",
    ],
    [
      {
        entryCoupon: {
          on: true,
          discountType: "free_shipping",
          value: "",
          minimumSubtotal: "",
          expiresInDays: "0",
        },
      },
      "entryCoupon.expiresInDays",
      "days",
    ],
    [{ threshold: "abc" }, "preTier.threshold", "threshold"],
  ] as const)("%o → %s is %s", (patch, field, error) => {
    const form = { ...rewardFormOf("amount_spent", gold), ...patch };
    const { body, errors } = rewardBodyOf("amount_spent", form);
    expect(body).toBeNull();
    expect(errors[field]).toBe(error);
  });

  it("no coupon and no pre-tier reward send null", () => {
    const plain = { ...gold, entryCoupon: null, preTier: null };
    expect(rewardBodyOf("points_earned", rewardFormOf("points_earned", plain)).body).toEqual({
      entryPoints: 50,
      entryCoupon: null,
      preTier: null,
    });
  });
});
