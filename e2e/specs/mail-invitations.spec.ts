import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * A shopper invites a friend by e-mail from the widget's referral view (issue 11, decision 0131):
 * the friend's e-mail arrives in the local mailbox (the embedded default's catch-all), carries the
 * shopper's code, and its button leads through the tracked link to the referral link; the log
 * shows it clicked. The demo seed turns the referral program on. Leaves a new shopper behind, as
 * the referral spec does (nothing of the shop's settings changes).
 */
async function register(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(`${firstName}-password`);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: `Hello, ${firstName}` })).toBeVisible();
  return email;
}

test.describe("friend invitations", () => {
  // The browser logs the repeated invitation's expected 409.
  // One pattern: a two-element array would read as Playwright's [value, options] form.
  test.use({
    allowedConsoleErrors: [/status of 409 \(Conflict\)/],
  });

  test("a member invites a friend from the widget; the friend's e-mail arrives and its link is the referral link", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await register(page, "Iris");
    const joined = await page.request.post("/apps/laurel/join");
    expect(joined.status(), await joined.text()).toBe(200);
    await page.goto("/demo-store");
    await page.getByTestId("laurel-launcher").click();
    await page.getByTestId("laurel-referral-open").click();
    const link = (await page.getByTestId("laurel-ref-link").textContent()) ?? "";
    const code = new URL(link).searchParams.get("ref") ?? "";
    expect(code).not.toBe("");

    const friend = `friend-${Date.now()}@example.com`;
    await page.getByTestId("laurel-ref-invite-email").fill(friend);
    await page.getByTestId("laurel-ref-invite-send").click();
    await expect(page.getByTestId("laurel-ref-invite")).toContainText(`Invitation sent to ${friend}`);
    // The same friend again: refused in the server's words.
    await page.getByTestId("laurel-ref-invite-email").fill(friend);
    await page.getByTestId("laurel-ref-invite-send").click();
    await expect(page.getByTestId("laurel-ref-invite").getByRole("alert")).toHaveText(
      "You have already invited this friend",
    );

    // The local catch-all mailbox (the merchant's, signed in): the worker sends it within moments.
    const mailbox = await browser.newContext();
    const inbox = await mailbox.newPage();
    await signIn(inbox);
    const row = inbox.getByRole("row").filter({ hasText: friend });
    await expect
      .poll(
        async () => {
          await inbox.goto("/dev/mailbox");
          return row.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await row.getByRole("link", { name: "A friend invited you to Laurel Demo Store" }).click();
    await expect(inbox.getByText(friend)).toBeVisible();
    await expect(inbox.locator('iframe[title="E-mail"]')).toHaveAttribute("srcdoc", new RegExp(code));
    const frame = inbox.frameLocator('iframe[title="E-mail"]');
    const popup = inbox.waitForEvent("popup");
    await frame.getByRole("link", { name: "Claim my gift" }).click();
    const store = await popup;
    await store.waitForLoadState();
    expect(store.url()).toBe(link);
    await mailbox.close();

    await signIn(page);
    const res = await page.request.get("/apiSa/notifications/log", {
      headers: { "x-auth-token": await tokenOf(page.request) },
    });
    const entries = (await res.json()).data.entries as { event: string; recipient: string; status: string }[];
    expect(entries.find((e) => e.recipient === friend)).toMatchObject({
      event: "referral_invitation",
      status: "clicked",
    });
  });
});
