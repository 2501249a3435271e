import { createHmac } from "node:crypto";
import { E2E_SHOPIFY_SECRET } from "../constants";
import { expect, STAFF, signIn, test } from "../fixtures";

const DEMO_SHOP = "laurel-demo.myshopify.com";

/**
 * The internal zone's webhook log (P-01, issue 16) against the real server. The failed delivery is
 * made the way Shopify would make one: a correctly signed orders/paid whose body Laurel cannot use
 * (no currency, no date). Intake records it and the processor parks it as failed, asynchronously,
 * so the test waits for it to show up in the log (which refreshes itself) instead of expecting it
 * the moment the webhook is acknowledged.
 */
test.describe("webhook log (P-01)", () => {
  test("staff see a failed delivery with its body and error, and process it again", async ({ page }) => {
    // Parking may take the processor's retries and back-off first.
    test.setTimeout(120_000);
    await signIn(page, STAFF);
    const webhookId = `e2e-poison-${Date.now()}`;
    const raw = Buffer.from(JSON.stringify({ id: 820982911946154, note: "e2e poison delivery" }));
    const delivered = await page.request.post("/webhooks", {
      data: raw,
      headers: {
        "content-type": "application/json",
        "x-shopify-topic": "orders/paid",
        "x-shopify-shop-domain": DEMO_SHOP,
        "x-shopify-webhook-id": webhookId,
        "x-shopify-api-version": "2026-07",
        "x-shopify-hmac-sha256": createHmac("sha256", E2E_SHOPIFY_SECRET).update(raw).digest("base64"),
      },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);

    await page.goto("/dev_zone/webhooks_logs?status=failed&topic=orders/paid");
    await expect(page.getByRole("heading", { name: "Webhook logs", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Failed", exact: false, pressed: true })).toBeVisible();
    const retryInRow = page.getByRole("button", { name: `Process orders/paid delivery ${webhookId} again` });
    await expect(retryInRow).toBeVisible({ timeout: 90_000 });

    await page.getByRole("button", { name: `View orders/paid delivery ${webhookId}` }).click();
    await expect(page).toHaveURL(new RegExp(`delivery=[^&]+%2F${webhookId}|delivery=[^&]+/${webhookId}`));
    const detail = page.getByRole("dialog", { name: `orders/paid · ${webhookId}` });
    await expect(detail.getByTestId("webhook-body")).toContainText('"note": "e2e poison delivery"');
    await expect(detail.getByTestId("webhook-error")).not.toBeEmpty();

    await detail.getByRole("button", { name: "Process again" }).click();
    const confirm = page.getByRole("dialog", { name: "Process this delivery again?" });
    await expect(confirm).toBeVisible();
    const retried = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith(`/${webhookId}/retry`),
    );
    await confirm.getByRole("button", { name: "Process again" }).click();
    const answer = await retried;
    expect(answer.status()).toBe(200);
    // Back in the queue with a fresh count of attempts; the processor takes it up from there.
    expect((await answer.json()).data).toMatchObject({ webhookId, status: "received", attempts: 0 });
    // The toast (Polaris also repeats it in a visually hidden live region).
    await expect(page.getByText("Delivery queued to be processed again").first()).toBeVisible();
    await expect(confirm).toBeHidden();
  });
});
