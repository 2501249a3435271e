import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, signIn, test } from "../fixtures";

/**
 * The review activity's export (G-14, issue 9's export pattern) in Chromium against the real
 * server: a shopper writes a review on the demo store; the merchant (Essential, for the test only)
 * exports the pending tab as CSV, follows the job to "Download CSV", and the opened file has the
 * review's row with its text, rating and status.
 */

async function register(page: Page): Promise<string> {
  const email = `rex-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Noor");
  await page.getByLabel("Last name").fill("Export");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("noor-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Noor" })).toBeVisible();
  return email;
}

/** The test clock's plan switch (TEST_CLOCK=1): exports are Essential, the demo shop is free. */
async function setPlan(request: APIRequestContext, plan: "free" | "pro_3") {
  expect((await request.post("/auth/login", { data: DEMO })).status()).toBe(200);
  const res = await request.post("/dev/clock", { data: { plan } });
  expect(res.status(), await res.text()).toBe(200);
}

test("review activity: Export CSV follows the job and the downloaded file has the review", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const shopperContext = await browser.newContext();
  const s = await shopperContext.newPage();
  const email = await register(s);
  expect((await s.request.post("/apps/laurel/join")).status()).toBe(200);
  const text = `Exported review ${Date.now()}`;
  await s.goto("/demo-store/products/laurel-wreath-tee");
  const form = s.getByTestId("review-form");
  await form.getByLabel("Rating").selectOption("4");
  await form.getByLabel("Your review").fill(text);
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(s.getByTestId("review-sent")).toBeVisible();
  await shopperContext.close();

  await setPlan(page.request, "pro_3");
  try {
    await signIn(page);
    await page.goto("/customers/activity/review?status=pending");
    await expect(page.getByRole("heading", { name: "Review activity", level: 1 })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: text })).toBeVisible();
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(page).toHaveURL(/export=rex_/);
    const download = page.waitForEvent("download", { timeout: 60_000 });
    const button = page.getByRole("button", { name: "Download CSV" });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await button.click();
    const csv = await readFile(await (await download).path(), "utf8");
    const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(lines[0]).toBe(
      "Date,Customer name,Customer email,Rating,Content,Media,Verified buyer,Points earned,Points due,Status,Reason,Source",
    );
    const row = lines.find((line) => line.includes(text));
    expect(row, `no row for the review in the export`).toBeDefined();
    expect(row).toContain(`Noor Export,${email},4,${text}`);
    expect(row).toContain(",pending,");
  } finally {
    await setPlan(page.request, "free");
  }
});
