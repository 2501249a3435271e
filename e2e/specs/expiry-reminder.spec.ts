import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, signIn, test, tokenOf } from "../fixtures";

/**
 * Issue 11's proof of the expiry reminder (L-05, H-08) in a real browser: the merchant sets points
 * to expire after two years without activity and the reminder to go 20 days before; a shopper
 * joins in the demo store (sign-up points); the test clock moves a day at a time to the reminder's
 * day, where the reminder is queued once, and it arrives in the local mailbox.
 *
 * While expiry is on, the hourly expiry sweep could expire the seeded members' points (other specs
 * read them): two years is longer than any seeded history, and the clock is moved and put back in
 * one go, so the sweep never sees the shop two years on. The shop is on Essential for the test only.
 */
const DAY_MS = 86_400_000;
const REMINDER_DAYS = 20;

function merchant(request: APIRequestContext) {
  // Admin tokens live a minute, and the clock moves: each call signs in again.
  const headers = async () => {
    const login = await request.post("/auth/login", { data: DEMO });
    expect(login.status(), await login.text()).toBe(200);
    return { "x-auth-token": await tokenOf(request) };
  };
  return {
    async clock(body: Record<string, unknown>): Promise<{ now: string; reminded: number }> {
      await headers();
      const res = await request.post("/dev/clock", { data: body });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data;
    },
    async expiringTo(email: string): Promise<{ subject: string | null; status: string }[]> {
      const q = new URLSearchParams({ event: "points_expiring", query: email });
      const res = await request.get(`/apiSa/notifications/log?${q}`, { headers: await headers() });
      expect(res.status(), await res.text()).toBe(200);
      const entries: { event: string; recipient: string; subject: string | null; status: string }[] = (
        await res.json()
      ).data.entries;
      return entries.filter((e) => e.event === "points_expiring" && e.recipient === email);
    },
    async neverExpire() {
      const res = await request.put("/apiSa/lp/settings", {
        headers: await headers(),
        data: { pointExpiry: { expiry: "permanent", customDuration: null } },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

test("a point-expiry reminder arrives on the configured day, once (L-05)", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const m = merchant(page.request);
  // Point expiration is Essential; the demo shop is on the free plan, put back at the end.
  await m.clock({ plan: "pro_3" });
  await signIn(page);

  await page.goto("/settings/notifications/points_expiring");
  const sendBefore = page.getByLabel("Send before");
  const before = await sendBefore.inputValue();
  await sendBefore.selectOption(String(REMINDER_DAYS));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Notification saved").first()).toBeVisible();

  await page.goto("/settings");
  const expiry = page.getByRole("combobox", { name: "Points expire" });
  await expect(expiry).toHaveValue("permanent");
  await expiry.selectOption("2Y");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Save successfully").first()).toBeVisible();

  const email = `expiry-${Date.now()}@laurel.test`;
  let reminders: { subject: string | null; status: string }[] = [];
  try {
    // A shopper joins today: the sign-up points are their last activity.
    const shopper = await browser.newContext();
    const store = await shopper.newPage();
    await store.goto("/demo-store/account/register");
    await store.getByLabel("First name").fill("Exa");
    await store.getByLabel("Last name").fill("Piry");
    await store.getByLabel("E-mail").fill(email);
    await store.getByLabel("Password").fill("exa-password");
    await store.getByRole("button", { name: "Create account" }).click();
    await expect(store.getByRole("heading", { name: "Hello, Exa" })).toBeVisible();
    const joined = await store.request.post("/apps/laurel/join");
    expect(joined.status(), await joined.text()).toBe(200);
    await shopper.close();

    // Two years on, less the reminder's days, give or take the store day's edges: one day at a
    // time from three days before, each day's reminder pass run at once (the job runs hourly).
    const now = new Date();
    const twoYears = new Date(now);
    twoYears.setUTCFullYear(now.getUTCFullYear() + 2);
    const due = Math.round((twoYears.getTime() - now.getTime()) / DAY_MS) - REMINDER_DAYS;
    const steps = [due - 3, 1, 1, 1, 1, 1, 1];
    const seen: number[] = [];
    try {
      for (const days of steps) {
        await m.clock({ days, runExpiryReminders: true });
        seen.push((await m.expiringTo(email)).length);
      }
    } finally {
      await m.clock({ reset: true });
      await m.neverExpire();
    }
    // None before its day, one on it, and no second one on the days after.
    const first = seen.indexOf(1);
    expect(first, `reminders per day: ${seen.join(",")}`).toBeGreaterThan(0);
    expect(seen.slice(0, first).every((n) => n === 0)).toBe(true);
    expect(seen.slice(first).every((n) => n === 1)).toBe(true);
  } finally {
    await m.neverExpire();
    await m.clock({ plan: "free" });
    await page.goto("/settings/notifications/points_expiring");
    await page.getByLabel("Send before").selectOption(before);
    const save = page.getByRole("button", { name: "Save" });
    if (await save.isVisible()) {
      await save.click();
      await expect(page.getByText("Notification saved").first()).toBeVisible();
    }
  }
  // Its subject is written when the worker sends it.
  await expect
    .poll(
      async () => {
        reminders = await m.expiringTo(email);
        return reminders[0]?.subject ?? null;
      },
      { timeout: 45_000 },
    )
    .not.toBeNull();
  expect(reminders).toHaveLength(1);
  expect(reminders[0]?.subject).toMatch(new RegExp(`^Your \\d+ points? expire in ${REMINDER_DAYS} days$`));

  // The worker sends it to the local mailbox: the shopper's e-mail says when.
  const subject = reminders[0]?.subject ?? "";
  const row = page.getByRole("row", { name: new RegExp(email.replace(/[.]/g, "\\.")) });
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mailbox");
        return row.count();
      },
      { timeout: 45_000 },
    )
    .toBe(1);
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.frameLocator('iframe[title="E-mail"]').locator("body")).toContainText(
    `account expire in ${REMINDER_DAYS} days`,
  );
});
