import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

const STATE = "/apiSa/dev_zone/shops/shop_1/prior-order-sync";

/** Decision 0174: Laurel support grants a shop a plan (e.g. the demo shop Advanced, for B2B tiers). */
describe("/dev_zone/support/tools: grant a plan", () => {
  it("shows the shop's plan, grants the chosen one through the staff API, and says so", {
    timeout: 20_000,
  }, async () => {
    const fake = createFakeApi({ data: shopsResponse({ session: { isStaff: true } }) });
    fake.answer(`GET ${STATE}`, 200, {
      success: true,
      data: { locked: false, earliestSince: "2025-11-20", latestSince: "2026-11-20", run: null },
    });
    fake.answer("PUT /apiSa/dev_zone/shops/shop_1", 200, { success: true, data: null });
    const { user } = await renderApp("/dev_zone/support/tools", { fake });
    const select = (await screen.findByLabelText("Plan", {}, { timeout: 8_000 })) as HTMLSelectElement;
    expect(select.value).toBe("pro_3_2025");
    expect(screen.getByRole("button", { name: "Grant plan" }).getAttribute("aria-disabled")).toBe("true");
    await user.selectOptions(select, "advanced");
    await user.click(screen.getByRole("button", { name: "Grant plan" }));
    await waitFor(() =>
      expect(fake.callsTo("PUT", "/apiSa/dev_zone/shops/shop_1").map((c) => c.body)).toEqual([
        { plan: "advanced" },
      ]),
    );
    expect(await screen.findByText("Advanced plan granted")).toBeTruthy();
  });
});
