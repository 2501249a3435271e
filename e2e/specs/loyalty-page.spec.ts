import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, signIn, test, tokenOf } from "../fixtures";

/**
 * The loyalty page's settings and the point calculator (N-10, N-20, M-22, decision 0168): the
 * merchant renames the page, changes its hero, hides a section and sets the calculator in the
 * admin, then sees all of it on the demo store's loyalty page — the calculator's answer the same as
 * the admin's preview. The spec puts the settings back.
 */
const PAGE = "/apiSa/storefront/loyalty-page";
const CALCULATOR = "/apiSa/storefront/point-calculator";

async function merchant(request: APIRequestContext) {
  expect((await request.post("/auth/login", { data: DEMO })).status()).toBe(200);
  return { "x-auth-token": await tokenOf(request) };
}

test.describe("the loyalty page's settings on the demo store (N-10, N-20)", () => {
  test.describe.configure({ timeout: 90_000 });
  let saved: { page: unknown; calculator: unknown } | null = null;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL: baseURL as string });
    const headers = await merchant(request);
    saved = {
      page: (await (await request.get(PAGE, { headers })).json()).data.page,
      calculator: (await (await request.get(CALCULATOR, { headers })).json()).data.calculator,
    };
    await request.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    if (!saved) return;
    const request = await playwright.request.newContext({ baseURL: baseURL as string });
    const headers = await merchant(request);
    expect((await request.put(PAGE, { headers, data: saved.page })).status()).toBe(200);
    expect((await request.put(CALCULATOR, { headers, data: saved.calculator })).status()).toBe(200);
    await request.dispose();
  });

  test("rename the page, change its hero, hide the FAQs and set the calculator: the store follows", async ({
    page,
    context,
  }) => {
    await signIn(page);
    await page.goto("/storefront/point-calculator");
    await expect(page.getByRole("heading", { name: "Point calculator", level: 1 })).toBeVisible();
    await page.getByLabel("Title").fill("What will my order earn?");
    await page.getByLabel("Default amount (USD)").fill("80");
    await page.getByLabel("Try an amount (USD)").fill("80");
    const preview = (await page.getByTestId("calculator-preview-result").textContent()) ?? "";
    expect(preview).toMatch(/^An order of \$80\.00 earns [\d,]+ points?\.$/);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved successfully").first()).toBeVisible();

    await page.goto("/storefront/loyalty-page");
    await expect(page.getByRole("heading", { name: "Loyalty page", level: 1 })).toBeVisible();
    const slug = page.getByLabel("Page URL");
    await expect(slug).not.toHaveValue("");
    const oldUrl = (await page.getByTestId("loyalty-page-url").textContent()) ?? "";
    await slug.fill("members-club");
    if (!oldUrl.endsWith("/members-club")) {
      await expect(page.getByText("After you save, the old address redirects to the new one.")).toBeVisible();
    }
    await page.getByLabel("Title", { exact: true }).fill("The Members' Club");
    await page.getByLabel("FAQs", { exact: true }).uncheck();
    // The calculator moves to the top, above the hero.
    for (let i = 0; i < 7; i++) {
      const up = page.getByRole("button", { name: "Move Point calculator up" });
      if (await up.isDisabled()) break;
      await up.click();
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved successfully").first()).toBeVisible();
    await expect(page.getByTestId("loyalty-page-url")).toHaveText("/apps/laurel/pages/members-club");

    // "View on store" opens the page on the demo store, in a new tab.
    const opened = context.waitForEvent("page");
    await page
      .getByRole("link", { name: /View on store/ })
      .first()
      .click();
    const store = await opened;
    await store.waitForLoadState();
    expect(new URL(store.url()).pathname).toBe("/apps/laurel/pages/members-club");
    // The store's own header around Laurel's page.
    await expect(store.getByRole("link", { name: /Laurel Demo Store/ })).toBeVisible();
    await expect(store.getByTestId("laurel-page-hero").getByRole("heading", { level: 1 })).toHaveText(
      "The Members' Club",
    );
    await expect(store.getByTestId("laurel-page-faqs")).toHaveCount(0);
    const calculator = store.getByTestId("laurel-page-calculator");
    await expect(calculator.getByRole("heading", { level: 2 })).toHaveText("What will my order earn?");
    // The calculator is above the hero, starts from the default amount, and answers as the preview did.
    const [calcBox, heroBox] = [
      await calculator.boundingBox(),
      await store.getByTestId("laurel-page-hero").boundingBox(),
    ];
    expect(calcBox?.y ?? 0).toBeLessThan(heroBox?.y ?? 0);
    await expect(calculator.getByLabel(/Order amount/)).toHaveValue("80.00");
    await expect(store.getByTestId("laurel-calculator-result")).toHaveText(preview);
    await store.close();

    // The old address redirects to the new one (its links keep working); the slug-free one answers.
    if (oldUrl !== "/apps/laurel/pages/members-club") {
      await page.goto(oldUrl);
      await expect(page).toHaveURL(/\/apps\/laurel\/pages\/members-club$/);
      await expect(page.getByTestId("laurel-page-hero")).toContainText("The Members' Club");
    }
    await page.goto("/apps/laurel/loyalty-page");
    await expect(page.getByTestId("laurel-page-hero")).toContainText("The Members' Club");
  });
});

test.describe("the customer login and sign-up blocks on the demo store (N-02, N-21)", () => {
  test.describe.configure({ timeout: 90_000 });
  const LOGIN = "/apiSa/storefront/customer-login";
  const SIGNUP = "/apiSa/storefront/signup-block";
  let saved: { login: unknown; signup: unknown } | null = null;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL: baseURL as string });
    const headers = await merchant(request);
    saved = {
      login: (await (await request.get(LOGIN, { headers })).json()).data.block,
      signup: (await (await request.get(SIGNUP, { headers })).json()).data.block,
    };
    await request.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    if (!saved) return;
    const request = await playwright.request.newContext({ baseURL: baseURL as string });
    const headers = await merchant(request);
    expect((await request.put(LOGIN, { headers, data: saved.login })).status()).toBe(200);
    expect((await request.put(SIGNUP, { headers, data: saved.signup })).status()).toBe(200);
    await request.dispose();
  });

  test("the merchant's texts show to a guest on the sign-in and create-account pages", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page);
    await page.goto("/storefront/branding/customer-login");
    await expect(page.getByRole("heading", { name: "Customer login", level: 1 })).toBeVisible();
    await page.getByLabel("Title").fill("Welcome back, rewards member");
    await page.getByLabel("Description").fill("New here? Join and get {{points}} at once.");
    await expect(page.getByTestId("customer-login-preview")).toContainText(
      "Join and get 100 points at once.",
    );
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved successfully").first()).toBeVisible();

    await page.goto("/storefront/branding/signup-block");
    await expect(page.getByRole("heading", { name: "Sign-up block", level: 1 })).toBeVisible();
    await page.getByLabel("Text").fill("Create your account: {{points}} are waiting");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved successfully").first()).toBeVisible();

    // A guest in a fresh context (no cached /proxy/onsite answer).
    const context = await browser.newContext({ baseURL: baseURL as string });
    const store = await context.newPage();
    await store.goto("/demo-store/account/login");
    const login = store.getByTestId("login-block");
    await expect(login).toBeVisible();
    await expect(login.locator("strong")).toHaveText("Welcome back, rewards member");
    await expect(login).toHaveText(
      /^Welcome back, rewards member New here\? Join and get [\d,]+ points? at once\.$/,
    );
    await store.goto("/demo-store/account/register");
    await expect(store.getByTestId("signup-block")).toHaveText(
      /^Create your account: [\d,]+ points? are waiting$/,
    );
    await context.close();
  });
});

test.describe("the loyalty page in the shop's language (decision 0179)", () => {
  test("a shop selling in Spanish shows Laurel's Spanish words on its page until it writes its own", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.goto("/settings");
    await page.getByLabel("Primary language").selectOption("es");
    await expect(page.getByText("Language saved").first()).toBeVisible();
    try {
      await page.goto("/apps/laurel/loyalty-page");
      await expect(page.getByRole("heading", { name: "Formas de ganar", level: 2 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Formas de canjear", level: 2 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ways to earn" })).toHaveCount(0);
    } finally {
      await page.goto("/settings");
      await page.getByLabel("Primary language").selectOption("en");
      await expect(page.getByText("Language saved").first()).toBeVisible();
    }
    await page.goto("/apps/laurel/loyalty-page");
    await expect(page.getByRole("heading", { name: "Ways to earn", level: 2 })).toBeVisible();
  });
});
