import type { Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * E-mail notifications (issue 11) in a real browser: the merchant changes the "points earned"
 * e-mail's subject and header colour, a shopper buys in the demo store, the e-mail arrives in the
 * local mailbox (no SMTP_URL: the embedded default), and its tracked link is clicked — the log
 * shows it opened and clicked. The widget is left out (its own specs cover it).
 */
async function withoutWidget(page: Page) {
  await page.route("**/widget/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
}

test.describe("e-mail notifications", () => {
  // Playwright's own scripts are refused by the sandboxed e-mail frames (microsoft/playwright#33343);
  // the pages themselves run no script there.

  test("edit the points-earned e-mail, buy in the demo store, open the mail and click its link", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await withoutWidget(page);
    await signIn(page);
    // Admin tokens live a minute: each read takes a fresh one.
    type LogEntry = { subject: string | null; status: string; event: string; openedAt: string | null };
    const logEntries = async (): Promise<LogEntry[]> => {
      const headers = { "x-auth-token": await tokenOf(page.request) };
      const res = await page.request.get("/apiSa/notifications/log", { headers });
      return (await res.json()).data.entries;
    };
    // The seed's e-mails are sent at start; the edit below must meet an empty queue.
    await expect
      .poll(async () => (await logEntries()).filter((e) => e.status === "queued"), { timeout: 45_000 })
      .toEqual([]);

    await page.goto("/settings/notifications");
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(page.getByTestId("notification-status-points_earned")).toContainText("On");
    await page.getByRole("link", { name: "Edit Points earned" }).click();
    await expect(page.getByRole("heading", { name: "Points earned", level: 1 })).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toContainText("You earned 120 points");

    await page.getByLabel("Subject").fill("Thanks! {{points}} {{label}} are yours");
    await page.getByRole("textbox", { name: /^Header color/ }).fill("#aa0000");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Notification saved").first()).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toHaveText("Thanks! 120 points are yours");

    // A shopper buys $112.00 in the demo store: 11 points, and the e-mail.
    await page.goto("/demo-store/products/laurel-wreath-tee");
    await page.getByTestId("account-link").click();
    await page.getByRole("button", { name: /Sign in as Ava/ }).click();
    await expect(page.getByRole("heading", { name: "Hello, Ava" })).toBeVisible();
    await page.goto("/demo-store/products/laurel-wreath-tee");
    await page.getByLabel("Quantity").fill("4");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("link", { name: "Check out" }).click();
    await page.getByLabel("Full name").fill("Ava Park");
    await page.getByTestId("pay-now").click();
    await expect(page.getByTestId("order-notice")).toContainText("Your order is confirmed");

    // The worker sends it to the local mailbox within moments.
    const subject = "Thanks! 11 points are yours";
    await expect
      .poll(
        async () => {
          await page.goto("/dev/mailbox");
          return page.getByRole("link", { name: subject }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByText("ava@laurel.test")).toBeVisible();
    await expect(page.getByText("yes (one-click)")).toBeVisible();
    const frame = page.locator('iframe[title="E-mail"]');
    await expect(frame).toHaveAttribute("srcdoc", /#aa0000/);

    const popup = page.waitForEvent("popup");
    await page.frameLocator('iframe[title="E-mail"]').getByRole("link", { name: "See my rewards" }).click();
    const store = await popup;
    await store.waitForLoadState();
    expect(new URL(store.url()).pathname).toBe("/demo-store");

    const entry = (await logEntries()).find((e) => e.subject === subject);
    expect(entry).toMatchObject({ event: "points_earned", recipient: "ava@laurel.test", status: "clicked" });
    expect(entry?.openedAt).not.toBeNull();
  });

  test("the primary storefront language writes the e-mails in German", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings");
    await page.getByLabel("Primary language").selectOption("de");
    await expect(page.getByText("Language saved").first()).toBeVisible();
    await page.goto("/settings/notifications/points_expired");
    await expect(page.getByTestId("preview-subject")).toHaveText(
      "Ihre points bei Laurel Demo Store sind verfallen",
    );
    await page.goto("/settings");
    await page.getByLabel("Primary language").selectOption("en");
    await expect(page.getByText("Language saved").first()).toBeVisible();
  });
});
