import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * The demo store (decision 0015) in a real browser: shoppers sign in, buy, register and use a code.
 * The widget is left out here (its own specs cover it; the combined flows come with it): its script
 * is answered with an empty file, so these tests depend only on the store and Laurel's API.
 */
const AVA = { email: "ava@laurel.test", password: "laurel-ava", customerId: "7301000000000000001" };
const BEN = { email: "ben@laurel.test", password: "laurel-ben", customerId: "7301000000000000002" };

async function withoutWidget(page: Page) {
  await page.route("**/widget/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
}

/** The shopper as Laurel sees them, through the store's app-proxy emulation (the browser's cookies). */
async function laurelView(page: Page) {
  const res = await page.request.get("/apps/laurel/customer");
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as {
    signedIn: boolean;
    customer: { type: string; availablePoints: number } | null;
    waysToRedeem: { programId: string; title: string }[];
  };
}

test.describe("demo store", () => {
  test.beforeEach(async ({ page }) => withoutWidget(page));

  test("a demo shopper signs in, adds to cart, checks out and sees the order; Laurel credits the points", async ({
    page,
  }) => {
    await page.goto("/demo-store/products/laurel-wreath-tee");
    await expect(page.getByRole("heading", { name: "Laurel Wreath Tee", level: 1 })).toBeVisible();
    const embed = page.locator('script[src="/widget/loader.js"]');
    await expect(embed).toHaveAttribute("data-laurel-page", "product");
    await expect(embed).toHaveAttribute("data-laurel-customer", "");

    await page.getByTestId("account-link").click();
    await page.getByRole("button", { name: /Sign in as Ava/ }).click();
    await expect(page.getByRole("heading", { name: "Hello, Ava" })).toBeVisible();
    const before = (await laurelView(page)).customer?.availablePoints ?? 0;

    await page.goto("/demo-store/products/laurel-wreath-tee");
    await expect(page.locator('script[src="/widget/loader.js"]')).toHaveAttribute(
      "data-laurel-customer",
      AVA.customerId,
    );
    await page.getByLabel("Quantity").fill("4");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("4");
    await expect(page.getByTestId("total")).toHaveText("$112.00");
    await page.getByRole("link", { name: "Check out" }).click();
    await page.getByLabel("Full name").fill("Ava Park");
    await page.getByTestId("pay-now").click();

    await expect(page.getByTestId("order-notice")).toContainText("Your order is confirmed");
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    await expect(page.getByTestId("order-total")).toHaveText("$112.00");
    await expect(page.getByTestId("deliveries")).toHaveText("Sent to Laurel: orders/create, orders/paid.");
    const orderTitle = (await page.getByTestId("order-title").textContent()) ?? "";
    const orderName = /#\d+/.exec(orderTitle)?.[0] ?? "";
    // $112.00 at the default 10 points per $100.00.
    // Laurel applies a webhook after acknowledging it: the points follow within moments.
    await expect.poll(async () => (await laurelView(page)).customer?.availablePoints).toBe(before + 11);

    await page.goto("/demo-store/account");
    await expect(page.getByTestId("orders").getByRole("link", { name: orderName })).toBeVisible();
  });

  test("a new shopper registers: a customer on the store, announced to Laurel", async ({ page }) => {
    const email = `shopper-${Date.now()}@example.com`;
    await page.goto("/demo-store/account/register");
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Lind");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("nora-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Hello, Nora" })).toBeVisible();
    await expect(page.getByTestId("delivery-failed")).toHaveCount(0);
    // customers/create reached Laurel: the shopper exists there (a guest until they join).
    expect(await laurelView(page)).toMatchObject({ signedIn: true, customer: { type: "guest" } });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto("/demo-store/account/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("nora-password");
    await page
      .locator("form")
      .filter({ hasText: "New here?" })
      .getByRole("button", { name: "Sign in" })
      .click();
    await expect(page.getByRole("heading", { name: "Hello, Nora" })).toBeVisible();
  });

  test("codes: a wrong one is refused with its reason; a Laurel reward applies through /discount/CODE", async ({
    page,
  }) => {
    await page.goto("/demo-store/account/login");
    await page.getByRole("button", { name: /Sign in as Ben/ }).click();
    await page.goto("/demo-store/products/canvas-market-tote");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByLabel("Discount code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("discount-error")).toHaveText("“NOT-A-CODE” isn't a valid discount code.");

    // Ben gets points from the merchant and redeems the $5 reward, as the widget would.
    const admin = await page
      .context()
      .browser()
      ?.newContext({ baseURL: new URL(page.url()).origin });
    if (!admin) throw new Error("no browser");
    const merchant = await admin.newPage();
    await signIn(merchant);
    const token = await tokenOf(merchant.request);
    const list = await merchant.request.get(`/apiSa/customers?search=${encodeURIComponent(BEN.email)}`, {
      headers: { "x-auth-token": token },
    });
    const customer = (await list.json()).data.customers[0];
    const grant = await merchant.request.post(`/apiSa/customers/${customer.id}/points`, {
      headers: { "x-auth-token": token },
      data: { points: 600, note: "e2e: demo store code" },
    });
    expect(grant.status(), await grant.text()).toBe(200);
    await admin.close();

    const ways = (await laurelView(page)).waysToRedeem;
    const redeem = await page.request.post("/apps/laurel/redeem", {
      data: { programId: ways.find((w) => w.title === "$5 off coupon")?.programId },
    });
    expect(redeem.status(), await redeem.text()).toBe(200);
    const code = (await redeem.json()).data.coupon.code as string;

    await page.goto(`/discount/${encodeURIComponent(code)}?redirect=/demo-store/cart`);
    await expect(page).toHaveURL(/\/demo-store\/cart$/);
    await expect(page.getByTestId("discount-applied")).toContainText(code);
    await expect(page.getByTestId("total")).toHaveText("$35.00"); // $34.00 − $5.00 + $6.00 shipping
    await page.getByRole("link", { name: "Check out" }).click();
    await page.getByLabel("Full name").fill("Ben Okafor");
    await page.getByTestId("pay-now").click();
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    await expect(page.getByText(`code ${code}`)).toBeVisible();
    const coupons = await (await page.request.get("/apps/laurel/coupons")).json();
    expect(coupons.data.coupons.find((c: { code: string }) => c.code === code)).toMatchObject({
      status: "redeemed",
    });
  });
});
