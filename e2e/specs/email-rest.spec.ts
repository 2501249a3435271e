import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * The rest of issue 11 in a real browser: the translation editor changes a widget text that the
 * demo store's widget then shows; custom SMTP is configured against a real SMTP peer (started by
 * this spec) and verified by a real test message, after which e-mails leave through it (L-09);
 * the notification log lists sent e-mails, filters and resends.
 */

test.describe("translations, custom SMTP and the notification log", () => {
  test("edit a widget text in the translation editor and see it in the demo store's widget", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const text = `Join the Laurel circle ${Date.now() % 10_000}`;
    await page.goto("/settings?type=translations");
    await expect(page.getByRole("heading", { name: "Translations", level: 1 })).toBeVisible();
    await expect(page.getByText("100% translated").first()).toBeVisible();
    await page.getByText("Widget", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Translations editor", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/type=widget-design/);

    // Search (M-15) finds the guest title in another tab; `field` jumps to it (M-12).
    await page.getByLabel("Search").fill("Join our rewards");
    await expect(page.getByLabel("Join our rewards program")).toBeVisible();
    await page.getByLabel("Search").fill("");
    await page.goto("/settings/translations/editor?type=widget-design&languageCode=en&field=guest.title");
    const field = page.getByLabel("Join our rewards program");
    await expect(field).toBeFocused();
    await field.fill(text);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Translations saved").first()).toBeVisible();

    try {
      // A guest on the demo store: the widget reads the shop's text.
      const shopper = await page.context().browser()?.newContext();
      if (!shopper) throw new Error("no browser");
      const store = await shopper.newPage();
      await store.goto("/demo-store");
      await store.getByTestId("laurel-launcher").click();
      await expect(store.getByRole("dialog", { name: "Rewards" })).toContainText(text);
      await shopper.close();
    } finally {
      // Other specs read the shipped text: put it back.
      await page.goto("/settings/translations/editor?type=widget-design&languageCode=en&field=guest.title");
      await page.getByLabel("Join our rewards program").fill("");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Translations saved").first()).toBeVisible();
    }
  });

  test("configure custom SMTP against a local SMTP peer: verified by a real test mail, then e-mails leave through it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const received: ParsedMail[] = [];
    const peer = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          void simpleParser(Buffer.concat(chunks)).then((m) => {
            received.push(m);
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
    const { port } = peer.server.address() as AddressInfo;
    await signIn(page);
    try {
      await page.goto("/settings");
      await expect(page.getByTestId("mail-method")).toHaveText("Laurel's e-mail service");
      const portField = page.getByRole("textbox", { name: "Port" });
      await page.getByRole("textbox", { name: "Host" }).fill("127.0.0.1");
      await portField.fill("abc");
      await page.getByRole("button", { name: "Save connection" }).click();
      await expect(page.getByText("Port must be a number")).toBeVisible();
      await portField.fill(String(port));
      await page.getByLabel("Authentication").uncheck();
      await page.getByRole("button", { name: "Save connection" }).click();
      await expect(page.getByText("Connection saved. Send a test mail to verify it.").first()).toBeVisible();
      await expect(page.getByText("Verify your SMTP connection")).toBeVisible();
      await expect(page.getByTestId("smtp-status")).toHaveText(/Unverified$/);

      await page.getByLabel("Send a test mail to").fill("owner@example.com");
      await page.getByRole("button", { name: "Send test mail" }).click();
      await expect(page.getByText("Test mail sent. The connection is verified.").first()).toBeVisible();
      await expect(page.getByTestId("smtp-status")).toHaveText(/^(Success)?Verified$/);
      await expect(page.getByTestId("mail-method")).toHaveText(/Your SMTP server$/);
      expect(received.map((m) => m.subject)).toEqual([expect.stringMatching(/SMTP connection test/)]);

      // L-09: a notification's test send now goes to the shop's server, not the local mailbox.
      await page.goto("/settings/notifications/points_earned");
      await page.getByLabel("Recipient email").fill("tester@example.com");
      await page.getByRole("button", { name: "Send test" }).click();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
      expect(received[1]?.subject).toMatch(/^\[Test\] You earned 120 points/);
      expect(received[1]?.to && "text" in received[1].to ? received[1].to.text : "").toBe(
        "tester@example.com",
      );
    } finally {
      const headers = { "x-auth-token": await tokenOf(page.request) };
      await page.request.delete("/apiSa/mail/smtp", { headers });
      await new Promise<void>((resolve) => peer.close(() => resolve()));
    }
  });

  test("the notification log lists sent e-mails, filters by status and resends", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.goto("/settings");
    await page.getByRole("link", { name: "Notification log" }).click();
    await expect(page.getByRole("heading", { name: "Notification log", level: 1 })).toBeVisible();
    // The demo seed's e-mails go out at start; once the worker sent them, the log shows them sent.
    await expect
      .poll(
        async () => {
          const headers = { "x-auth-token": await tokenOf(page.request) };
          const res = await page.request.get("/apiSa/notifications/log?status=sent&limit=1", { headers });
          return (await res.json()).data.entries.length;
        },
        { timeout: 45_000 },
      )
      .toBe(1);
    await page.reload();
    const table = page.getByRole("table");
    await expect(table.getByText("Points earned").first()).toBeVisible();

    await page.getByRole("tab", { name: "Sent" }).click();
    await expect(page).toHaveURL(/status=sent/);
    await expect(table.getByText("Queued", { exact: true })).toHaveCount(0);
    const first = table.getByRole("row").nth(1);
    const recipient = ((await first.getByRole("cell").first().textContent()) ?? "").trim();
    await first.getByRole("button", { name: `Resend the e-mail to ${recipient}` }).click();
    await expect(page.getByText("Queued to be sent again").first()).toBeVisible();

    await page
      .getByRole("button", { name: /search/i })
      .first()
      .click();
    await page.getByPlaceholder("Search by recipient or subject").fill(recipient);
    await expect(page).toHaveURL(/query=/);
    await expect(table.getByRole("row").nth(1)).toContainText(recipient);
  });
});
