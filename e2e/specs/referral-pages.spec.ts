import { DEMO, expect, signIn, test, tokenOf } from "../fixtures";

/**
 * The referral pages (issue 18, E-13): the merchant designs the popup a friend sees at
 * /storefront/branding/referral-v1 (the classic corner card), the preview follows, and after the
 * save a visitor who opens Ava's link on the demo store sees that popup, which leads to sign-up.
 * The spec puts the demo shop's design back when it ends. Then the referral export goes by e-mail
 * (E-12): the local mailbox gets the link, which downloads the CSV.
 */
const BRANDING = "/apiSa/referral/branding";

test.describe("referral pages (E-13)", () => {
  test.describe.configure({ timeout: 90_000 });
  // Playwright's own scripts are refused by the mailbox's sandboxed e-mail frame
  // (microsoft/playwright#33343); the page itself runs no script there.
  let original: unknown;

  test.afterAll(async ({ playwright, baseURL }) => {
    if (!original) return;
    const request = await playwright.request.newContext({ baseURL: baseURL as string });
    expect((await request.post("/auth/login", { data: DEMO })).status()).toBe(200);
    const res = await request.put(BRANDING, {
      headers: { "x-auth-token": await tokenOf(request) },
      data: original,
    });
    expect(res.status(), await res.text()).toBe(200);
    await request.dispose();
  });

  test("the merchant designs the classic popup; a friend opening a link sees it on the store", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    original = (
      await (
        await page.request.get(BRANDING, { headers: { "x-auth-token": await tokenOf(page.request) } })
      ).json()
    ).data.branding;

    await page.goto("/storefront/branding/referral-v1");
    await expect(page.getByRole("heading", { name: "Referral pages", level: 1 })).toBeVisible();
    const preview = page.getByTestId("referral-preview-popup");
    await expect(preview).toHaveAttribute("data-layout", "corner");
    await page.getByLabel("Title").fill("A gift from {{referrer}}: {{reward}}");
    await expect(preview).toContainText("A gift from Ava: 10% off");
    await page.getByRole("button", { name: "Use this layout" }).click();
    await expect(page.getByText("Shown on your store")).toBeVisible();
    await page.getByLabel("Button", { exact: true }).fill("#aa3300");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Referral pages saved").first()).toBeVisible();

    // Ava's link (the seeded member), read through the store's app proxy as the widget does.
    const ava = await browser.newContext();
    const avaPage = await ava.newPage();
    await avaPage.goto("/demo-store/account/login");
    await avaPage.getByLabel("E-mail").fill("ava@laurel.test");
    await avaPage.getByLabel("Password").fill("laurel-ava");
    await avaPage.getByRole("button", { name: "Sign in", exact: true }).click();
    const view = await avaPage.request.get("/apps/laurel/referral");
    expect(view.status(), await view.text()).toBe(200);
    const link = new URL((await view.json()).data.link as string);
    await ava.close();

    // A friend opens it: the classic popup, in the merchant's words and colours, leads to sign-up.
    const friend = await browser.newContext();
    const f = await friend.newPage();
    await f.goto(`${link.pathname}${link.search}`);
    const popup = f.getByTestId("laurel-referral-popup");
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expect(popup).toHaveAttribute("data-layout", "corner");
    await expect(popup.getByRole("heading")).toHaveText(/^A gift from \S+: 10% off$/);
    await expect(popup.getByRole("link")).toHaveCSS("background-color", "rgb(170, 51, 0)");
    await popup.getByRole("link").click();
    await expect(f).toHaveURL(/\/demo-store\/account\/register$/);
    // The kept code goes along, the popup does not.
    await expect(f.getByTestId("laurel-referral-popup")).toHaveCount(0);
    await friend.close();
  });

  test("the referral export goes by e-mail: the merchant's mailbox gets a link that downloads the CSV", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/programs/referral");
    await page.getByRole("button", { name: "Export by e-mail" }).click();
    await expect(page.getByText(/The export will be e-mailed to \S+@\S+/).first()).toBeVisible();

    // The worker builds the file and sends the e-mail to the local mailbox within moments.
    const subject = "Your referral export from Laurel Demo Store is ready";
    await expect
      .poll(
        async () => {
          await page.goto("/dev/mailbox");
          return page.getByRole("link", { name: subject }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.getByRole("link", { name: subject }).first().click();
    const html = (await page.locator('iframe[title="E-mail"]').getAttribute("srcdoc")) ?? "";
    const button = /href="([^"]*\/mail\/c\/[^"]+)"/.exec(html.replaceAll("&amp;", "&"))?.[1] ?? "";
    expect(button).not.toBe("");
    // Through the click tracker to the signed link: the CSV of the demo shop's referrals.
    const file = await page.request.get(button);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("text/csv");
    const csv = await file.text();
    expect(csv.split("\n")[0]).toBe(
      "Referrer,Referrer email,Friend email,Code,Status,Reason,Order,Created at,Completed at",
    );
    expect(csv).toContain("ava@laurel.test");
  });
});
