import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * Earning from events end to end (issue 15 part 2) on the demo store with the real widget and the
 * real admin: a shopper writes a review on a product page (the store's review app sends it, signed,
 * to the inbound endpoint); the merchant approves it in the review activity (points come) and then
 * disapproves it (points go back); the shopper submits a Google Maps link from the widget (instant
 * points) and the merchant approves it in the Google review queue (the rest); an order crosses an
 * order-count milestone. The demo seed has the review (manual approval, 50 points) and Google Maps
 * review (100, 20 instantly) programs.
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

const points = async (page: Page) =>
  ((await (await page.request.get("/apps/laurel/customer")).json()).data.customer?.availablePoints ??
    0) as number;

async function merchant(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const token = await tokenOf(page.request);
  return { context, page, token };
}

test("reviews and Google links earn on approval and lose on disapproval; an order crosses a milestone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shopperContext = await browser.newContext();
  const s = await shopperContext.newPage();
  const email = await register(s, "Rhea");
  expect((await s.request.post("/apps/laurel/join")).status()).toBe(200);
  const start = await points(s);

  // 1. A review on a product page, sent by the store's review app.
  await s.goto("/demo-store/products/laurel-wreath-tee");
  const form = s.getByTestId("review-form");
  await form.getByLabel("Rating").selectOption("5");
  await form.getByLabel("Your review").fill("Soft, fits well and the print is lovely.");
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(s.getByTestId("review-sent")).toBeVisible();
  expect(await points(s)).toBe(start);

  // 2. The merchant approves it in the review activity: the points come.
  const m = await merchant(browser);
  await m.page.goto("/customers/activity/review?status=pending");
  await expect(m.page.getByRole("heading", { name: "Review activity", level: 1 })).toBeVisible();
  const row = m.page.getByRole("row").filter({ hasText: "Soft, fits well" });
  await row.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(m.page.getByText("Updated successfully")).toBeVisible();
  await expect.poll(() => points(s)).toBe(start + 50);

  // 3. Disapproved: the points go back ('disapproved review').
  await m.page.goto("/customers/activity/review?status=approved");
  await m.page
    .getByRole("row")
    .filter({ hasText: "Soft, fits well" })
    .getByRole("button", { name: "Disapprove", exact: true })
    .click();
  await expect(m.page.getByText("Updated successfully")).toBeVisible();
  await expect.poll(() => points(s)).toBe(start);
  const activities = (await (await s.request.get("/apps/laurel/activities")).json()).data.activities as {
    activityType: string;
    points: number;
  }[];
  expect(activities.map((a) => a.activityType)).toEqual(
    expect.arrayContaining(["earn_review", "remove_disapproved_review"]),
  );

  // 4. A Google Maps link from the widget: refused unless from Google Maps; then instant points.
  await s.goto("/demo-store");
  await s.getByTestId("laurel-launcher").click();
  await s.getByTestId("laurel-earnmore-open").click();
  await s.getByTestId("laurel-google-url").fill("https://example.com/my-review");
  await s.getByTestId("laurel-google-submit").click();
  await expect(s.getByTestId("laurel-error")).toHaveText("You must enter a link from Google Maps");
  const link = `https://maps.app.goo.gl/rhea${Date.now()}`;
  await s.getByTestId("laurel-google-url").fill(link);
  await s.getByTestId("laurel-google-submit").click();
  await expect(s.getByTestId("laurel-earnmore-pending")).toBeVisible();
  await expect.poll(() => points(s)).toBe(start + 20);

  // 5. The merchant approves it in the Google review queue: the rest of the points.
  await m.page.goto("/customers/programs/google-maps-review?status=pending");
  await expect(m.page.getByRole("heading", { name: "Google Maps reviews", level: 1 })).toBeVisible();
  await m.page
    .getByRole("row")
    .filter({ hasText: link })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(m.page.getByText("Updated successfully")).toBeVisible();
  await expect.poll(() => points(s)).toBe(start + 100);

  // 6. An order-count milestone: the merchant adds "first order → 30 points"; Rhea orders and pays.
  const created = await m.page.request.post("/apiSa/lp/programs/earning", {
    headers: { "x-auth-token": await tokenOf(m.page.request) },
    data: {
      title: "First order bonus",
      event: "milestone",
      status: "active",
      config: {
        typeMilestone: "milestone_order",
        progression: "all",
        milestones: [{ value: 1, earnPoint: 30 }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await s.goto("/demo-store/products/laurel-wreath-tee");
  await s.getByRole("button", { name: "Add to cart" }).click();
  await s.goto("/demo-store/cart");
  await s.getByRole("link", { name: "Check out" }).click();
  await s.getByLabel("Full name").fill("Rhea Tester");
  await s.getByTestId("pay-now").click();
  await expect(s.getByTestId("order-status")).toHaveText("Paid");
  await expect
    .poll(
      async () =>
        (
          (await (await s.request.get("/apps/laurel/activities")).json()).data.activities as {
            activityType: string;
            points: number;
          }[]
        )
          .filter((a) => a.activityType === "earn_milestone")
          .map((a) => a.points),
      { timeout: 20_000 },
    )
    .toEqual([30]);
  // The bonus goes again: other specs on this server count exact balances on first orders.
  const removed = await m.page.request.delete(`/apiSa/lp/programs/${(await created.json()).data.id}`, {
    headers: { "x-auth-token": await tokenOf(m.page.request) },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  expect(email).toContain("@example.com");
  await m.context.close();
  await shopperContext.close();
});
