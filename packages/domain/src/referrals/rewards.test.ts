import { describe, expect, it } from "vitest";
import { buildReferralCode, buildReferralLink, grantOf, referralRewardKey } from "./rewards";

describe("referral rewards and links (E-02, E-09, E-11)", () => {
  it("points go to the ledger as earn_referral, discounts to the platform", () => {
    expect(grantOf({ kind: "points", points: 200 })).toEqual({
      kind: "points",
      points: 200,
      activityType: "earn_referral",
    });
    expect(grantOf({ kind: "percentage", percentage: 15 })).toEqual({
      kind: "discount",
      value: { kind: "percentage", percentage: 15 },
    });
    expect(grantOf({ kind: "amount", amount: 500 })).toEqual({
      kind: "discount",
      value: { kind: "amount", amount: 500 },
    });
  });
  it("one key per referral and side", () => {
    expect(referralRewardKey("r1", "referrer")).toBe("referral:r1:referrer");
    expect(referralRewardKey("r1", "friend")).not.toBe(referralRewardKey("r1", "referrer"));
  });
  it("codes are cleaned and need a random part", () => {
    expect(buildReferralCode("ref-", "ab12cd")).toBe("REFAB12CD");
    expect(() => buildReferralCode("REF", "--")).toThrow(RangeError);
  });
  it("links land on the redirect path with the code", () => {
    expect(buildReferralLink("https://demo.example", "REFAB12", "/pages/welcome")).toBe(
      "https://demo.example/pages/welcome?ref=REFAB12",
    );
    expect(buildReferralLink("https://demo.example/", "R1234", "")).toBe("https://demo.example/?ref=R1234");
    expect(buildReferralLink("https://demo.example", "R1234", "https://other.example/x?a=1")).toBe(
      "https://other.example/x?a=1&ref=R1234",
    );
  });
});
