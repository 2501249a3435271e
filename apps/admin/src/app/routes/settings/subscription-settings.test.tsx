import type { SubscriptionSettings } from "@laurel/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const withApp: SubscriptionSettings = {
  subscriptionApp: { detected: true },
  purchaseTypes: [
    { type: "one_time_purchase", available: true },
    { type: "subscription_purchase", available: true },
    { type: "both_purchase", available: true },
  ],
  subscriptionOrderEarning: { available: true },
  programs: [
    {
      id: "prg_sub",
      title: "Subscribe and earn",
      type: "earning",
      event: "place_order_subscription",
      status: "active",
      purchaseType: null,
    },
    {
      id: "prg_both",
      title: "$5 off any purchase",
      type: "spending",
      event: "amount_discount",
      status: "active",
      purchaseType: "both_purchase",
    },
  ],
};

async function subscriptionSection() {
  const heading = await screen.findByRole("heading", { name: "Subscription", level: 2 }, { timeout: 15_000 });
  return heading.closest(".Polaris-Layout__AnnotatedSection") as HTMLElement;
}

describe("/settings → Subscription (M-07, C-23)", () => {
  it("shows the detected app, every purchase type available, and links the programs with a subscription condition", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/lp/settings/subscription", 200, { success: true, data: withApp });
    await renderApp("/settings", { fake });
    const section = await subscriptionSection();
    expect(await within(section).findByText("Detected")).toBeTruthy();
    expect(within(section).getAllByText("Available")).toHaveLength(4);
    expect(within(section).getByRole("link", { name: "Subscribe and earn" }).getAttribute("href")).toBe(
      "/programs/point/prg_sub",
    );
    expect(within(section).getByRole("link", { name: "$5 off any purchase" }).getAttribute("href")).toBe(
      "/programs/point/prg_both",
    );
  }, 30_000);

  it("without a subscription app: one-time purchases only, the others need an app, no programs", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/lp/settings/subscription", 200, {
      success: true,
      data: {
        subscriptionApp: { detected: false },
        purchaseTypes: withApp.purchaseTypes.map((p) => ({
          ...p,
          available: p.type === "one_time_purchase",
        })),
        subscriptionOrderEarning: { available: false },
        programs: [],
      } satisfies SubscriptionSettings,
    });
    await renderApp("/settings", { fake });
    const section = await subscriptionSection();
    expect(await within(section).findByText("Not detected")).toBeTruthy();
    expect(within(section).getByText(/Install and set up a subscription app/)).toBeTruthy();
    expect(within(section).getAllByText("Available")).toHaveLength(1);
    expect(within(section).getAllByText("Needs a subscription app")).toHaveLength(3);
    expect(within(section).getByText("No program uses a subscription condition yet.")).toBeTruthy();
  }, 30_000);

  it("shows an error with a retry", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/lp/settings/subscription", 502, {
      success: false,
      error: "The store platform is unavailable.",
      code: "platform_unavailable",
    });
    const { user } = await renderApp("/settings", { fake });
    const section = await subscriptionSection();
    expect(await within(section).findByText("The subscription settings couldn't be loaded.")).toBeTruthy();
    fake.answer("GET /apiSa/lp/settings/subscription", 200, { success: true, data: withApp });
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("Detected")).toBeTruthy();
  }, 30_000);
});
