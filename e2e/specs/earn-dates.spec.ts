import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, test, tokenOf } from "../fixtures";

/**
 * Issue 15, part 1 on the demo store with the real widget: a shopper enters a birthday and gets
 * the reward when the (test) clock reaches it, follows a social link and gets the points once, and
 * visits on consecutive days to complete a streak. The server runs with TEST_CLOCK=1; every test
 * puts the clock, the plan and the programs it switched back.
 */
const SIGN_UP_POINTS = 100;
const DAY = 86_400_000;

test.describe.configure({ mode: "serial" });

/**
 * The merchant's admin API. It signs in again after every clock move, since the clock may have
 * jumped past the session, and not otherwise: sign-in is rate-limited (30 a minute) for the whole
 * end-to-end run.
 */
function merchant(request: APIRequestContext) {
  let session: { "x-auth-token": string } | undefined;
  const headers = async () => {
    if (session) return session;
    const login = await request.post("/auth/login", { data: DEMO });
    expect(login.status(), await login.text()).toBe(200);
    session = { "x-auth-token": await tokenOf(request) };
    return session;
  };
  return {
    async clock(body: Record<string, unknown>): Promise<{ now: string; granted: number }> {
      await headers();
      const res = await request.post("/dev/clock", { data: body });
      expect(res.status(), await res.text()).toBe(200);
      session = undefined;
      return (await res.json()).data;
    },
    async create(body: Record<string, unknown>): Promise<string> {
      const res = await request.post("/apiSa/lp/programs/earning", { headers: await headers(), data: body });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data.id;
    },
    async programId(title: string): Promise<string> {
      const res = await request.get("/apiSa/lp/programs/earning", { headers: await headers() });
      const found = ((await res.json()).data as { id: string; title: string }[]).find(
        (p) => p.title === title,
      );
      if (!found) throw new Error(`no program ${title}`);
      return found.id;
    },
    async setStatus(id: string, status: "active" | "inactive") {
      const res = await request.put(`/apiSa/lp/programs/${id}/status`, {
        headers: await headers(),
        data: { status },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    async remove(id: string) {
      await request.delete(`/apiSa/lp/programs/${id}`, { headers: await headers() });
    },
  };
}

/** A new shopper registers on the store and joins the program (100 sign-up points). */
async function newMember(page: Page, firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `${firstName}-password`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: `Hello, ${firstName}` })).toBeVisible();
  const res = await page.request.post("/apps/laurel/join");
  expect(res.status(), await res.text()).toBe(200);
  return { email, password };
}

async function signInShopper(page: Page, who: { email: string; password: string }) {
  await page.goto("/demo-store/account/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Hello/ })).toBeVisible();
}

const points = async (page: Page) =>
  (await (await page.request.get("/apps/laurel/customer")).json()).data?.customer?.availablePoints;

async function openWidget(page: Page) {
  const view = page.waitForResponse((r) => r.url().includes("/apps/laurel/earn-dates"));
  await page.getByTestId("laurel-launcher").click();
  await expect(page.getByRole("dialog", { name: "Rewards" })).toBeVisible();
  await view;
}

test.describe("birthday", () => {
  // 'Birthday is invalid' is a 400 on purpose, and Chromium logs it.
  test.use({ allowedConsoleErrors: [/status of 400/] });
  test("a birthday entered in the widget is rewarded when the clock reaches it, once", async ({
    page,
    request,
  }) => {
    const m = merchant(request);
    const { now } = await m.clock({ reset: true, plan: "pro_3" });
    const id = await m.create({
      event: "birthday",
      title: "E2E birthday",
      status: "active",
      config: { rewardValue: 200, inputMethod: "manual", dateFormat: "MM/DD" },
    });
    try {
      const shopper = await newMember(page, "Bea");
      await page.goto("/demo-store");
      await openWidget(page);
      const item = page.getByTestId("laurel-birthday");
      await item.getByTestId("laurel-birthday-input").fill("02/30");
      await item.getByTestId("laurel-birthday-save").click();
      await expect(item.getByRole("alert")).toHaveText("Birthday is invalid");
      // G-06: at least 30 days ahead. 31 days from the server's today (UTC), reached after 32.
      const day = new Date(Date.parse(now) + 31 * DAY);
      const mmdd = `${String(day.getUTCMonth() + 1).padStart(2, "0")}/${String(day.getUTCDate()).padStart(2, "0")}`;
      await item.getByTestId("laurel-birthday-input").fill(mmdd);
      await item.getByTestId("laurel-birthday-save").click();
      await expect(item).toContainText("Next on");
      expect(await points(page)).toBe(SIGN_UP_POINTS);

      // The clock reaches the birthday; the daily pass runs (twice: the second changes nothing).
      expect((await m.clock({ days: 32, runDailyPass: true })).granted).toBeGreaterThanOrEqual(1);
      await m.clock({ runDailyPass: true });
      await signInShopper(page, shopper); // 32 days later the store's session has ended
      await expect.poll(() => points(page)).toBe(SIGN_UP_POINTS + 200);
      await page.goto("/demo-store");
      await openWidget(page);
      await expect(page.getByTestId("laurel-birthday")).toContainText("Completed");
    } finally {
      await m.remove(id);
      await m.clock({ reset: true, plan: "free" });
    }
  });
});

test("a social link opened from the widget earns its points once", async ({ page, context, request }) => {
  await context.route("https://www.instagram.com/**", (r) =>
    r.fulfill({ body: "<h1>Instagram</h1>", contentType: "text/html" }),
  );
  await merchant(request).clock({ reset: true });
  await newMember(page, "Sol");
  await page.goto("/demo-store");
  await openWidget(page);
  const item = page.getByTestId("laurel-social").filter({ hasText: "Follow us on Instagram" });
  const earned = page.waitForResponse((r) => r.url().includes("/apps/laurel/social"));
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    item.getByTestId("laurel-social-go").click(),
  ]);
  await popup.close();
  // Back on the store's tab.
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  expect((await (await earned).json()).data.points).toBe(50);
  await expect(item).toContainText("Completed");
  const again = await page.request.post("/apps/laurel/social", {
    data: { programId: await merchant(request).programId("Follow us on Instagram") },
  });
  expect((await again.json()).data).toMatchObject({ points: 0 });
  expect(await points(page)).toBe(SIGN_UP_POINTS + 50);
});

test("visits on seven consecutive days complete the streak: 10 a day, 100 on day 7", async ({
  page,
  request,
}) => {
  const m = merchant(request);
  await m.clock({ reset: true });
  const streak = await m.programId("7-day visit streak");
  await m.setStatus(streak, "active");
  try {
    await newMember(page, "Kai");
    const expected = [10, 10, 10, 10, 10, 10, 100];
    let total = SIGN_UP_POINTS;
    for (const [i, award] of expected.entries()) {
      const visit = page.waitForResponse((r) => r.url().includes("/apps/laurel/visit"));
      await page.goto("/demo-store");
      // The visit's answer is awaited, not read: its body may be gone once the page moves on.
      expect((await visit).ok(), `day ${i + 1}`).toBe(true);
      total += award;
      // Day 1's visit may already have been counted by the account page the shopper registered on
      // (its widget loads while the test joins), so day 1 checks the balance, later days the popup.
      if (i === 0) await expect.poll(() => points(page)).toBe(total);
      else await expect(page.getByTestId("laurel-visit-popup")).toContainText(`${award} points`);
      // Every visit of this page has landed before the day changes: on day 1 the awaited answer may
      // be the account page's, and this page's own visit, still on its way, would count tomorrow.
      await page.waitForLoadState("networkidle");
      await m.clock({ days: 1 });
    }
    expect(await points(page)).toBe(total);
  } finally {
    await m.setStatus(streak, "inactive");
    await m.clock({ reset: true });
  }
});
