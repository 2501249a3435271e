import { expect, signIn, test } from "../fixtures";

/**
 * The B2B partner tier card on the demo store (decision 0177), in real Chromium: Northwind Trading,
 * the demo's company member, signs in to the store and sees its partner tier, progress to the next
 * and privileges on its account page (blocks.js) and on the loyalty page (server-rendered); the
 * merchant sees the partner tier on its customer page. It
 * needs Laurel's Advanced plan and a Plus store, set here and put back at the end.
 */
test.describe("the B2B partner tier card on the demo store (issue 10)", () => {
  test("Northwind Trading sees its partner tier on the account page and the loyalty page", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const plan = (p: string, storePlan: string) =>
      page.request.post("/dev/clock", { data: { plan: p, storePlan } });
    expect((await plan("advanced", "plus")).status()).toBe(200);
    try {
      await page.goto("/demo-store/account/login");
      await page.getByRole("button", { name: /Sign in as Northwind/ }).click();
      await expect(page.getByRole("heading", { name: "Hello, Northwind" })).toBeVisible();

      const block = page.getByTestId("account-partner");
      await expect(block.getByRole("heading", { name: "Your partner tier" })).toBeVisible();
      await expect(block).toContainText("Partner tier: Partner");
      await expect(block).toContainText(/to go to reach Preferred partner/);
      await expect(block.getByRole("listitem")).toHaveText(["Net-30 invoices"]);

      await page.goto("/apps/laurel/loyalty-page");
      const card = page.getByTestId("laurel-page-partner");
      await expect(card.getByRole("heading", { name: "Your partner tier" })).toBeVisible();
      await expect(page.getByTestId("laurel-partner-tier")).toHaveText("Partner tier: Partner");
      await expect(page.getByTestId("laurel-partner-next")).toContainText("Preferred partner");
      await expect(page.getByTestId("laurel-partner-perks").getByRole("listitem")).toHaveText([
        "Net-30 invoices",
      ]);

      // The merchant's side: the profile's Tiers card shows the partner tier; by amount spent it
      // offers no direct change and says why (I-18 resets tier points).
      await page.goto("/customers");
      await page.getByPlaceholder("Search by name, e-mail or phone").fill("northwind");
      const row = page.getByRole("row").filter({ hasText: "orders@northwind-trading.test" });
      await expect(row).toHaveCount(1);
      await row.getByRole("link").first().click();
      const tiers = page.getByTestId("customer-tiers");
      await expect(tiers.getByText("B2B partner tier")).toBeVisible();
      await expect(tiers.getByText("Partner", { exact: true })).toBeVisible();
      await expect(tiers.getByRole("button", { name: "Change B2B partner tier" })).toBeDisabled();
      await expect(tiers).toContainText("a direct change would reset the amount this business spent");
    } finally {
      expect((await plan("free", "basic")).status()).toBe(200);
    }
    // Below the requirements the card is gone.
    await page.goto("/apps/laurel/loyalty-page");
    await expect(page.getByTestId("laurel-page-hero")).toBeVisible();
    await expect(page.getByTestId("laurel-page-partner")).toHaveCount(0);
  });
});
