import type { APIRequestContext, Page } from "@playwright/test";
import { expect, STAFF, signIn, test, tokenOf } from "../fixtures";

/**
 * Issue 14, C-18/C-19 and "why did (or didn't) this order earn?": a place order program with a
 * rule-engine condition on a product tag is created in the admin; a shopper orders a product with
 * the tag and one without on the demo store; the lookup page and the customer's profile name the
 * condition met, and not met. Product tags are not in order webhooks: Laurel keeps them from the
 * demo store's catalogue (decision 0175). The rule engine needs the Advanced plan: Laurel staff
 * grant it for this spec and put Starter back, and the spec deletes its program.
 */
const SHOP_ID = "shop_demo";
const TITLE = "Sale items bonus";
const CONDITION = "product tag contains 'sale'";

async function staffSetPlan(request: APIRequestContext, plan: string) {
  const login = await request.post("/auth/login", { data: STAFF });
  expect(login.status()).toBe(200);
  const res = await request.put(`/apiSa/dev_zone/shops/${SHOP_ID}`, {
    headers: { "x-auth-token": await tokenOf(request) },
    data: { plan },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function deleteProgram(page: Page, title: string) {
  const headers = { "x-auth-token": await tokenOf(page.request) };
  const list = (await (await page.request.get("/apiSa/lp/programs/earning", { headers })).json()).data as {
    id: string;
    title: string;
  }[];
  for (const p of list.filter((x) => x.title === title)) {
    const res = await page.request.delete(`/apiSa/lp/programs/${p.id}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** A new shopper registers on the demo store and joins the program (the widget's Join). */
async function registerMember(page: Page): Promise<string> {
  const email = `cond-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Cleo");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Cleo-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Cleo" })).toBeVisible();
  const join = await page.request.post("/apps/laurel/join");
  expect(join.status(), await join.text()).toBe(200);
  return email;
}

/** Buys one of a product and pays; returns the order's number (#1234). */
async function buy(page: Page, handle: string): Promise<string> {
  await page.goto(`/demo-store/products/${handle}`);
  await page.getByLabel("Quantity").fill("1");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("link", { name: "Check out" }).click();
  await page.getByLabel("Full name").fill("Cleo Tester");
  await page.getByTestId("pay-now").click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  const name = /#\d+/.exec((await page.getByTestId("order-title").textContent()) ?? "")?.[0] ?? "";
  expect(name).not.toBe("");
  return name;
}

/** The program's line in an order's explanation (its row and the conditions under it). */
const programLine = (page: Page) => page.getByText(TITLE, { exact: true }).locator("../..");

test.describe("rule-engine conditions, explained (C-18, C-19, issue 14)", () => {
  test("an order with a 'sale' product meets the tag condition and one without does not, and both say so", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The widget is not under test here: its script is answered with an empty file.
    await page.route("**/widget/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    await staffSetPlan(request, "advanced");
    await signIn(page);
    try {
      await page.goto("/programs/place_order/new");
      await page.getByLabel("Program name").fill(TITLE);
      await page.getByLabel("Status").selectOption("active");
      await page.getByLabel("Priority").fill("15");
      await page.getByLabel("Earn points by").selectOption("order");
      await page.getByLabel("Points", { exact: true }).fill("30");
      // C-18: applying the rule engine is confirmed, as it cannot be undone.
      await page.getByLabel("Use conditions").click();
      const confirm = page.getByRole("dialog", { name: "Apply the rule engine?" });
      await confirm.getByRole("button", { name: "Apply rule engine" }).click();
      await page.getByLabel("Condition 1: criteria").selectOption("product");
      await page.getByLabel("Condition 1: field").selectOption("tag");
      await page.getByLabel("Condition 1: matcher").selectOption("contains");
      await page.getByLabel("Condition 1: value").fill("sale");
      await page.getByRole("button", { name: "Save" }).first().click();
      await expect(page).toHaveURL(/\/programs\/point\/[^/]+$/);
      await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();

      // The tee is tagged "sale" in the demo store's catalogue; the candle is not.
      const email = await registerMember(page);
      const sale = await buy(page, "laurel-wreath-tee");
      const plain = await buy(page, "olive-grove-candle");

      await page.goto("/programs/point");
      await page.getByLabel("Order number or customer email").fill(sale);
      await page.getByRole("button", { name: "Explain" }).click();
      // Laurel applies the webhook after acknowledging it: the decision follows within moments.
      await expect(async () => {
        await page.reload();
        await expect(programLine(page).getByText("Earned 30 points")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(programLine(page).getByText(`Condition met: ${CONDITION}`)).toBeVisible();

      await page.getByLabel("Order number or customer email").fill(plain);
      await page.getByRole("button", { name: "Explain" }).click();
      await expect(async () => {
        await page.reload();
        await expect(programLine(page).getByText("Skipped")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(programLine(page).getByText("the rule's conditions were not met")).toBeVisible();
      await expect(programLine(page).getByText(`Condition not met: ${CONDITION}`)).toBeVisible();

      // The customer's profile explains both orders the same way.
      const headers = { "x-auth-token": await tokenOf(page.request) };
      const found = await page.request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, {
        headers,
      });
      const customer = ((await found.json()).data.customers as { id: string; email: string }[]).find(
        (c) => c.email === email,
      );
      expect(customer, email).toBeDefined();
      await page.goto(`/customers/profile/${customer?.id}`);
      await expect(
        page.getByRole("heading", { name: "Why this customer's orders earned (or didn't)" }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: `Order ${sale}` })).toBeVisible();
      await expect(page.getByRole("heading", { name: `Order ${plain}` })).toBeVisible();
      await expect(page.getByText(`Condition met: ${CONDITION}`)).toHaveCount(1);
      await expect(page.getByText(`Condition not met: ${CONDITION}`)).toHaveCount(1);
    } finally {
      await deleteProgram(page, TITLE);
      await staffSetPlan(request, "free");
    }
  });
});
