import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/** What the storefront widget is given, through the demo store's app-proxy emulation. */
async function storefrontWays(page: Page) {
  const res = await page.request.get("/apps/laurel/customer");
  expect(res.status(), await res.text()).toBe(200);
  const data = (await res.json()).data as {
    waysToEarn: { title: string }[];
    waysToRedeem: { title: string }[];
  };
  return { earn: data.waysToEarn.map((w) => w.title), redeem: data.waysToRedeem.map((w) => w.title) };
}

/** Removes a program this spec created, so the specs that run after it see the seeded shop. */
async function deleteProgram(page: Page, title: string) {
  const headers = { "x-auth-token": await tokenOf(page.request) };
  for (const type of ["earning", "spending"]) {
    const list = (await (await page.request.get(`/apiSa/lp/programs/${type}`, { headers })).json()).data as {
      id: string;
      title: string;
    }[];
    for (const p of list.filter((x) => x.title === title)) {
      const res = await page.request.delete(`/apiSa/lp/programs/${p.id}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
}

/**
 * Reward programs (issue 14) against the real server: the list shows every state of the seeded
 * programs, a place order program and an amount reward are created in their editors, show on the
 * storefront once on, and leave it when switched off from the list.
 */
test.describe("reward programs (C-05 … C-08, D-01)", () => {
  test("the list shows each program's points in words and status, tab by tab", async ({ page }) => {
    await signIn(page);
    await page.goto("/programs");
    await expect(page.getByRole("heading", { name: "Reward programs", level: 1 })).toBeVisible();
    await expect(page.getByText("10 points for every $100.00 spent").first()).toBeVisible();
    const newsletter = page.getByRole("listitem").filter({ hasText: "Join our newsletter" });
    await expect(newsletter.getByText("Scheduled")).toBeVisible();
    const rule = page.getByRole("listitem").filter({ hasText: "Double points on big orders" });
    await expect(rule.getByText("Inactive")).toBeVisible();

    await page.getByRole("tab", { name: "Redeem points" }).click();
    await expect(page).toHaveURL(/\/programs\?type=redeem$/);
    const summer = page.getByRole("listitem").filter({ hasText: "Summer sale 10% off" });
    await expect(summer.getByText("Expired")).toBeVisible();
    await expect(summer.getByText("10% off for 800 points")).toBeVisible();
    await expect(page.getByText("$5.00 off for 500 points")).toBeVisible();

    await page.getByRole("button", { name: "Add program" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add program" });
    await expect(dialog.getByRole("button", { name: "Add Place an order" })).toBeVisible();
    // Starter: free shipping needs Essential, and says so.
    await dialog.getByRole("button", { name: "Available in Essential plan" }).first().click();
    await expect(dialog.getByText(/needs the Essential plan or higher/)).toBeVisible();
  });

  test("a place order program created in its editor earns on the storefront once on, and leaves it when off", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.goto("/programs?add=1");
    await page
      .getByRole("dialog", { name: "Add program" })
      .getByRole("button", { name: "Add Place an order" })
      .click();
    await expect(page).toHaveURL(/\/programs\/place_order\/new$/);
    await page.getByLabel("Program name").fill("Ten points an order");
    await page.getByLabel("Status").selectOption("active");
    await page.getByLabel("Priority").fill("20");
    await page.getByLabel("Earn points by").selectOption("order");
    await page.getByLabel("Points", { exact: true }).fill("10");
    await expect(page.getByTestId("program-preview")).toContainText("10 points for every order");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page).toHaveURL(/\/programs\/point\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Ten points an order", level: 1 })).toBeVisible();
    await expect.poll(async () => (await storefrontWays(page)).earn).toContain("Ten points an order");

    await page.goto("/programs");
    await page.getByRole("button", { name: "Turn off Ten points an order" }).click();
    await expect(page.getByText("Updated status successfully").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on Ten points an order" })).toBeVisible();
    await expect.poll(async () => (await storefrontWays(page)).earn).not.toContain("Ten points an order");
    await deleteProgram(page, "Ten points an order");
  });

  test("an amount reward created in its editor is offered on the storefront; bad values get the spec's words", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/programs/amount_discount/new");
    await page.getByLabel("Program name").fill("$2 off");
    await page.getByLabel("Status").selectOption("active");
    await page.getByLabel("Points cost").fill("0");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Points must be greater than 0")).toBeVisible();
    await page.getByLabel("Points cost").fill("200");
    await page.getByLabel("Discount amount").fill("2");
    await page.getByLabel("Discount code prefix").fill("TWO OFF!");
    await expect(page.getByTestId("program-preview")).toContainText("$2.00 off for 200 points");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page).toHaveURL(/\/programs\/point\/[^/]+$/);
    // D-09: spaces and special characters are removed from the prefix.
    await expect(page.getByLabel("Discount code prefix")).toHaveValue("TWOOFF");
    await expect.poll(async () => (await storefrontWays(page)).redeem).toContain("$2 off");
    await deleteProgram(page, "$2 off");
    await expect.poll(async () => (await storefrontWays(page)).redeem).not.toContain("$2 off");
  });

  test("an order placed in the demo store is explained program by program, in words", async ({ page }) => {
    test.setTimeout(60_000);
    // The widget is not under test here: its script is answered with an empty file.
    await page.route("**/widget/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    await page.goto("/demo-store/account");
    await page.getByRole("button", { name: /Sign in as Ava/ }).click();
    await page.goto("/demo-store/products/laurel-wreath-tee");
    await page.getByLabel("Quantity").fill("4");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("link", { name: "Check out" }).click();
    await page.getByLabel("Full name").fill("Ava Park");
    await page.getByTestId("pay-now").click();
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    const orderName = /#\d+/.exec((await page.getByTestId("order-title").textContent()) ?? "")?.[0] ?? "";
    expect(orderName).not.toBe("");

    await signIn(page);
    await page.goto("/programs");
    await page.getByRole("link", { name: "Why did an order earn?" }).click();
    await page.getByLabel("Order number or customer email").fill(orderName);
    await page.getByRole("button", { name: "Explain" }).click();
    await expect(page).toHaveURL(/\/programs\/point\?q=/);
    // Laurel applies the webhook after acknowledging it: the decision follows within moments.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Earned 11 points")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { name: `Order ${orderName}` })).toBeVisible();
    // $112.00 at 10 points per $100.00; the switched-off rule ran first and says why it gave nothing.
    const rule = page.getByText("Double points on big orders").locator("..");
    await expect(rule.getByText("the program was off")).toBeVisible();
    await expect(page.getByText("Points for an order")).toBeVisible();
  });

  test("a rate change is backtested over the shop's orders before saving, and names translate", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/programs");
    await page
      .getByRole("listitem")
      .filter({ hasText: "10 points for every $100.00 spent" })
      .getByRole("heading", { name: "Place an order" })
      .click();
    await expect(page.getByRole("heading", { name: "Place an order", level: 1 })).toBeVisible();
    await page.getByLabel("Points", { exact: true }).fill("20");
    await page.getByLabel("Orders from").selectOption("90");
    // The backtest runs as a job (decision 0123); the editor shows its result when it is done.
    await page.getByRole("button", { name: "Run backtest" }).click();
    const result = page.getByText(/^\d+ orders: \d+ points awarded, \d+ points/);
    await expect(result).toBeVisible({ timeout: 20_000 });
    const [orders, awarded, would] = ((await result.textContent()) ?? "").match(/\d+/g)?.map(Number) ?? [];
    expect(orders).toBeGreaterThan(0);
    expect(would).toBeGreaterThan(awarded ?? 0);
    await expect(page.getByText(/^Difference: \+\d+ points, worth \$/)).toBeVisible();

    // Leave without saving: nothing was written, the rate is still 10.
    await page.goto("/programs?names=1");
    const names = page.getByRole("dialog", { name: "Program names" });
    await names.getByLabel("Add a language").selectOption("fr");
    await names.getByLabel("Sign up in fr").fill("Inscription");
    await names.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Updated successfully").first()).toBeVisible();
    const earning = await page.request.get("/apiSa/lp/programs/earning", {
      headers: { "x-auth-token": await tokenOf(page.request) },
    });
    const programs = (await earning.json()).data as {
      id: string;
      title: string;
      translateTitle: Record<string, string>;
      config: { earnPoint: number };
      event: string;
    }[];
    expect(programs.find((p) => p.title === "Sign up")?.translateTitle).toEqual({ fr: "Inscription" });
    expect(programs.find((p) => p.title === "Place an order")?.config.earnPoint).toBe(10);
    const signUp = programs.find((p) => p.title === "Sign up");
    const reset = await page.request.put("/apiSa/lp/programs", {
      headers: { "x-auth-token": await tokenOf(page.request) },
      data: [{ id: signUp?.id, translateTitle: {} }],
    });
    expect(reset.status(), await reset.text()).toBe(200);
  });
});
