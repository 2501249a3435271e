import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, signIn, test, tokenOf } from "../fixtures";

/**
 * Issue 9's proof of the migration wizard (J-13, J-14) and the customer export (J-15) in Chromium
 * against the real server: a shopper registers on the demo store; the merchant uploads a Smile
 * export with that shopper and a stranger, sees the columns guessed and the first rows, runs the
 * dry run (one balance would change, one row refused, the order history it would bring, nothing
 * written), migrates for real, and the shopper's balance is the file's and their lifetime orders
 * and spend count the migrated ones; then exports the customers (Essential, for the test only) and
 * opens the CSV, where the shopper's row carries those points.
 */

async function register(page: Page): Promise<string> {
  const email = `migrate-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Mia");
  await page.getByLabel("Last name").fill("Grant");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("mia-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Mia" })).toBeVisible();
  return email;
}

async function customerOf(request: APIRequestContext, email: string) {
  const headers = { "x-auth-token": await tokenOf(request) };
  const res = await request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, { headers });
  return ((await res.json()).data?.customers ?? [])[0] as { availablePoints?: number } | undefined;
}

/** The test clock's plan switch (TEST_CLOCK=1): the export is Essential, the demo shop is free. */
async function setPlan(request: APIRequestContext, plan: "free" | "pro_3") {
  expect((await request.post("/auth/login", { data: DEMO })).status()).toBe(200);
  const res = await request.post("/dev/clock", { data: { plan } });
  expect(res.status(), await res.text()).toBe(200);
}

test("migration wizard: dry run, then for real; the export's CSV carries the migrated balance", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const shopper = await context.newPage();
  const email = await register(shopper);
  await shopper.close();

  await signIn(page);
  // Laurel learns of the new customer from the store's webhook, within moments.
  await expect.poll(async () => (await customerOf(page.request, email)) !== undefined).toBe(true);

  await page.goto("/customers/migration");
  await expect(
    page.getByRole("heading", { name: "Migrate from another loyalty app", level: 1 }),
  ).toBeVisible();
  const smile = [
    "first_name,email,points_balance,date_of_birth,orders_count,total_spent",
    `Mia,${email},640,1991-04-12,7,"1,234.50"`,
    "Sam,stranger-never-registered@example.com,90,,1,10.00",
  ].join("\r\n");
  await page.locator('input[type="file"]').setInputFiles({
    name: "smile-export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${smile}\r\n`),
  });

  // Map columns: guessed from Smile's headers, with the first rows shown.
  await expect(page.getByText("Map the columns of smile-export.csv")).toBeVisible();
  await expect(page.getByLabel("Exported from")).toHaveValue("smile");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("email");
  await expect(page.getByLabel("Points balance")).toHaveValue("points_balance");
  // The order history (C-30, decision 0178): guessed too.
  await expect(page.getByLabel("Number of orders")).toHaveValue("orders_count");
  await expect(page.getByLabel("Amount spent")).toHaveValue("total_spent");
  await expect(page.getByText("stranger-never-registered@example.com")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();

  // No tiers to migrate: straight to the dry run, which writes nothing.
  await expect(page.getByText("Set tier rule (optional)")).toBeVisible();
  await page.getByRole("button", { name: "Run dry run" }).click();
  await expect(
    page.getByText(
      /1 balances would change, 0 stay the same, 1 birthdays would be set, 1 rows are refused\./,
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText("This is a dry run: nothing has been changed yet.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("No customer with this Email in the store")).toBeVisible();
  await expect(
    page.getByText(
      /Order history: 1 customers would get their orders from your previous app, 0 would have them updated/,
    ),
  ).toBeVisible();
  expect((await customerOf(page.request, email))?.availablePoints).not.toBe(640);

  // For real: progress, then completed; the balance is the file's.
  await page.getByRole("button", { name: "Start migration" }).click();
  await expect(page.getByText("Migration completed").first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await customerOf(page.request, email))?.availablePoints).toBe(640);
  // The migrated orders count in the customer's lifetime figures (migrate_order).
  const id = ((await customerOf(page.request, email)) as { id?: string } | undefined)?.id;
  const profile = await page.request.get(`/apiSa/customers/${id}/profile`, {
    headers: { "x-auth-token": await tokenOf(page.request) },
  });
  expect((await profile.json()).data.stats).toMatchObject({ ordersCount: 7, amountSpentMinor: 123_450 });

  // The export (J-15): a job with progress, then the file to download; opened, the row is there.
  await setPlan(page.request, "pro_3");
  try {
    await signIn(page);
    await page.goto(`/customers?q=${encodeURIComponent(email)}`);
    await expect(page.getByText(email).first()).toBeVisible();
    await page.getByRole("button", { name: "Export" }).click();
    const download = page.waitForEvent("download", { timeout: 60_000 });
    const button = page.getByRole("button", { name: "Download CSV" });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await button.click();
    const file = await (await download).path();
    const csv = await readFile(file, "utf8");
    const header = csv.split(/\r?\n/)[0] ?? "";
    expect(header.toLowerCase()).toContain("email");
    const row = csv.split(/\r?\n/).find((line) => line.includes(email));
    expect(row, `no row for ${email} in the export`).toBeDefined();
    expect(row).toContain("640");
  } finally {
    await setPlan(page.request, "free");
  }
});
