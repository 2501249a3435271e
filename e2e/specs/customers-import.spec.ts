import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * Customer import (issue 9, J-07 … J-12) in real Chromium against the real server: a new shopper
 * registers on the demo store; the merchant uploads a CSV with a bad row and sees the line and the
 * column, fixes the file, imports it and watches the progress; the shopper is then a member with
 * the imported points in the customer list and in the storefront widget.
 */

/** A new shopper registers on the demo store (customers/create reaches Laurel): a guest of the shop. */
async function register(page: Page): Promise<string> {
  const email = `import-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Iris");
  await page.getByLabel("Last name").fill("Import");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("iris-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Iris" })).toBeVisible();
  return email;
}

const csv = (rows: string[]) => ({
  name: "loyalty-export.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(`${rows.join("\r\n")}\r\n`),
});

test("import: a bad row is named by line and column; fixed, imported with progress; the member's points show in the list and the widget", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const shopper = await context.newPage();
  const email = await register(shopper);

  await signIn(page);
  // Laurel learns of the new customer from the store's webhook, within moments.
  const headers = { "x-auth-token": await tokenOf(page.request) };
  await expect
    .poll(async () => {
      const res = await page.request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, { headers });
      return ((await res.json()).data?.customers ?? []).length;
    })
    .toBe(1);

  await page.goto("/customers");
  await page
    .getByRole("button", { name: "Import customers" })
    .or(page.getByRole("link", { name: "Import customers" }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/customers\/history$/);
  await expect(page.getByRole("heading", { name: "Import customers", level: 1 })).toBeVisible();

  // A file with a bad row: the check names line 3 and the Points column; nothing is imported.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles(
    csv(["Email,Points,Create Date", `${email},1200,2025-01-15`, "nobody@example.com,lots,"]),
  );
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("2 rows checked: 1 ready to import, 1 refused");
  const badRow = page.getByRole("row").filter({ hasText: "Points must be a whole number" });
  await expect(badRow).toContainText("3");
  await expect(badRow).toContainText("Points");

  // The merchant fixes the file and checks it again: every row is good.
  await input.setInputFiles(csv(["Email,Points,Create Date", `${email},1200,2025-01-15`]));
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText("1 rows checked: 1 ready to import, 0 refused");
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page.getByTestId("import-progress")).toHaveText("1 of 1 rows imported, 1 changed", {
    timeout: 30_000,
  });
  await expect(page.getByText("Import completed").first()).toBeVisible();
  // The history lists both checks, the imported one completed.
  await expect(page.getByRole("row").filter({ hasText: "Completed" }).first()).toContainText(
    "loyalty-export.csv",
  );

  // The member and their points in the customer list.
  await page.goto(`/customers?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("1,200");
  await expect(row).toContainText("Member");

  // And in the storefront widget, for the shopper.
  await shopper.goto("/demo-store");
  await shopper.getByTestId("laurel-launcher").click();
  await expect(shopper.getByTestId("laurel-balance")).toHaveText("1,200 points");
});
