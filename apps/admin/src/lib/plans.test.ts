import { planIds } from "@laurel/contracts";
import { describe, expect, it } from "vitest";
import { planDisplayName } from "./plans";

describe("plan display names (B-07)", () => {
  it.each([
    ["free", "Starter"],
    ["pro", "Essential"],
    ["pro_2", "Essential"],
    ["pro_3", "Essential"],
    ["pro_3_2025", "Essential"],
    ["pro_4", "Essential + POS"],
    ["pro_4_2025", "Essential + POS"],
    ["advanced", "Advanced"],
    ["enterprise", "Ultimate"],
  ] as const)("%s is %s", (plan, name) => {
    expect(planDisplayName(plan)).toBe(name);
  });

  it("names every plan id of the contracts", () => {
    for (const id of planIds) expect(planDisplayName(id)).not.toBe(id);
  });
});
