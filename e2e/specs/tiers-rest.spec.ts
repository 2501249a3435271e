import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * The rest of Membership (issue 10) in real Chromium against the real server: the membership cards
 * lead to each page; the member exclusive deal (seeded for Gold and Platinum) is edited on its
 * settings and design tabs, refuses an end before the start, keeps its changes, and refuses to be
 * switched on below Advanced (I-23) with the server's words; the VIP page's Design and Notification
 * tabs; B2B partner tiers list their three requirements (I-21); subscription membership shows its
 * plan gate (I-24). What it changes is restored at the end.
 */
async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save" }).click();
}

test.describe("the rest of Membership (issue 10)", () => {
  // Switching the deal on is refused by the server (403, the free demo plan) on purpose; the save
  // bar logs the refusal.
  test.use({
    allowedConsoleErrors: [/status of 403 \(Forbidden\)|Save failed ApiError: Member exclusive deal/],
  });

  test("cards, the exclusive deal's tabs and plan gate, VIP design and notification, B2B and subscription", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    // The deal as seeded, put back at the end: the tiers spec shows it on the storefront.
    const headers = { "x-auth-token": await tokenOf(page.request) };
    const seeded = (await (await page.request.get("/apiSa/membership/exclusive-deal", { headers })).json())
      .data;
    try {
      await membershipPages(page);
    } finally {
      const restored = await page.request.put("/apiSa/membership/exclusive-deal", {
        headers,
        data: {
          enabled: seeded.enabled,
          settings: seeded.settings,
          design: seeded.design,
          image: seeded.image,
        },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});

/** Everything the test does on the membership pages. */
async function membershipPages(page: Page): Promise<void> {
  await page.goto("/membership");
  await expect(page.getByRole("heading", { name: "Membership", level: 1 })).toBeVisible();
  for (const name of ["Set up the deal", "See requirements", "Learn more", "Set up the program"]) {
    await expect(page.getByRole("link", { name })).toBeVisible();
  }

  // The member exclusive deal, as seeded: prepared for Gold and Platinum, behind the Advanced gate.
  await page.getByRole("link", { name: "Set up the deal" }).click();
  await expect(page.getByRole("heading", { name: "Member exclusive deal", level: 1 })).toBeVisible();
  await expect(page.getByText("Member exclusive deal needs the Advanced plan")).toBeVisible();
  await expect(page.getByLabel("Deal name")).toHaveValue("Gold members' week");
  await expect(page.getByLabel("Gold")).toBeChecked();
  await expect(page.getByLabel("Platinum")).toBeChecked();
  await expect(page.getByTestId("deal-cap")).toHaveText("0 of 25 automatic discounts in use");

  // An end before the start is refused beside the field, with the spec's words.
  await page.getByLabel("Start date").fill("2026-12-10");
  await page.getByLabel("End date").fill("2026-12-01");
  await save(page);
  await expect(page.getByText("The end date must be later than the start date")).toBeVisible();
  await page.getByLabel("End date").fill("2026-12-31");
  await page.getByLabel("Deal name").fill("Members' winter week");
  await save(page);
  await expect(page.getByText("Saved successfully").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Deal name")).toHaveValue("Members' winter week");
  await expect(page.getByLabel("End date")).toHaveValue("2026-12-31");

  // The design tab lives in the URL and keeps its changes.
  await page.getByRole("tab", { name: "Design" }).click();
  await expect(page).toHaveURL(/\/membership\/exclusive-deal\?tab=design$/);
  await page.getByLabel("Action text").fill("Shop the winter week");
  await save(page);
  await expect(page.getByText("Saved successfully").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Action text")).toHaveValue("Shop the winter week");

  // Switching it on needs Advanced (I-23): the server says so and nothing changes.
  await page.getByRole("tab", { name: "Deal settings" }).click();
  await page.getByLabel("Turn the deal on").check();
  await save(page);
  await expect(page.getByTestId("deal-error")).toHaveText(
    "Member exclusive deal is available on the Advanced plan and above.",
  );
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("Turn the deal on")).not.toBeChecked();

  // VIP tiers: the Notification tab lists the tier e-mails; the Design tab saves (never locked).
  await page.goto("/membership/vip?tab=notification");
  await expect(page.getByRole("heading", { name: "VIP tiers", level: 1 })).toBeVisible();
  for (const name of ["Tier reached", "Tier lowered", "Before a demotion"]) {
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Edit e-mail" })).toHaveCount(3);
  await expect(page.getByTestId("tier-notify-before")).toContainText("No notice before a demotion");
  await page.getByRole("tab", { name: "Design" }).click();
  await expect(page).toHaveURL(/\/membership\/vip\?tab=design$/);
  await page.getByLabel("Hide default tier on storefront").check();
  await save(page);
  await expect(page.getByText("Updated VIP tier").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Hide default tier on storefront")).toBeChecked();
  await page.getByLabel("Hide default tier on storefront").uncheck();
  await save(page);
  await expect(page.getByText("Updated VIP tier").first()).toBeVisible();
  await page.getByRole("tab", { name: "Launch" }).click();
  await expect(page.getByTestId("tier-status")).toContainText("Launched");

  // B2B partner tiers: the demo store grants the B2B scopes (decision 0174) but is on Shopify Basic
  // and the free demo shop below Advanced.
  await page.goto("/membership");
  await page.getByRole("link", { name: "See requirements" }).click();
  await expect(page.getByRole("heading", { name: "B2B partner tiers", level: 1 })).toBeVisible();
  await expect(page.getByTestId("b2b-app_plan")).toContainText("Not met");
  await expect(page.getByTestId("b2b-store_plan")).toContainText("Not met");
  await expect(page.getByTestId("b2b-scopes")).toContainText("Met");
  await expect(page.getByText("Shopify Plus", { exact: true })).toBeVisible();

  // Subscription membership: the Advanced gate and the proposal.
  await page.goto("/membership");
  await page.getByRole("link", { name: "Learn more" }).click();
  await expect(page.getByRole("heading", { name: "Subscription membership", level: 1 })).toBeVisible();
  await expect(page.getByText("Subscription membership needs the Advanced plan")).toBeVisible();
}
