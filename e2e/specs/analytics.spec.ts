import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, signIn, test, tokenOf } from "../fixtures";

/**
 * Analytics and the dashboard end to end (issue 13) on the demo store: a new shopper joins (100
 * sign-up points), buys 3 totes for $102.00 (10 points), is granted 500 points and redeems the
 * "$5 off coupon" (500 points). The point analytics for today then show exactly those points on
 * top of what was there, in the API, on the page and in its table view; the dashboard shows the
 * same; the date range switches (the URL keeps it); the export downloads a CSV with the figures.
 */
const SIGN_UP_POINTS = 100;
const ORDER_POINTS = 10;
const REWARD_POINTS = 500;

interface Figure {
  key: string;
  value: number | null;
}

async function merchant(request: APIRequestContext) {
  const login = await request.post("/auth/login", { data: DEMO });
  expect(login.status(), await login.text()).toBe(200);
  // Tokens live a minute: a fresh one for each call (the session cookie outlives them).
  const auth = async () => ({ "x-auth-token": await tokenOf(request) });
  return {
    async figures(report: string, range = "today"): Promise<Record<string, number | null>> {
      const res = await request.get(`/apiSa/analytics?report=${report}&range=${range}`, {
        headers: await auth(),
      });
      expect(res.status(), await res.text()).toBe(200);
      const figures = (await res.json()).data.figures as Figure[];
      return Object.fromEntries(figures.map((f) => [f.key, f.value]));
    },
    async grant(email: string, points: number) {
      const found = await request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, {
        headers: await auth(),
      });
      const id = ((await found.json()).data.customers as { id: string; email: string }[]).find(
        (c) => c.email === email,
      )?.id;
      expect(id).toBeTruthy();
      const res = await request.post(`/apiSa/customers/${id}/points`, {
        headers: { ...(await auth()), "idempotency-key": crypto.randomUUID() },
        data: { points, note: "e2e: analytics" },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    async rewardProgramId(title: string): Promise<string> {
      const res = await request.get("/apiSa/lp/programs/spending", { headers: await auth() });
      const programs = (await res.json()).data as { id: string; title: string }[];
      const program = programs.find((p) => p.title === title);
      expect(program, JSON.stringify(programs)).toBeTruthy();
      return program?.id ?? "";
    },
  };
}

async function shopperBuysAndRedeems(page: Page, request: APIRequestContext) {
  const email = `ana-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("Lytics");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Ana-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Ana" })).toBeVisible();
  const joined = await page.request.post("/apps/laurel/join");
  expect(joined.status(), await joined.text()).toBe(200);

  await page.goto("/demo-store/products/canvas-market-tote");
  await page.getByLabel("Quantity").fill("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.goto("/demo-store/checkout");
  await page.getByTestId("pay-now").click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  const points = async () =>
    ((await (await page.request.get("/apps/laurel/customer")).json()).data.customer?.availablePoints ??
      0) as number;
  await expect.poll(points, { timeout: 15_000 }).toBe(SIGN_UP_POINTS + ORDER_POINTS);

  const api = await merchant(request);
  await api.grant(email, REWARD_POINTS);
  const programId = await api.rewardProgramId("$5 off coupon");
  const redeemed = await page.request.post("/apps/laurel/redeem", { data: { programId } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  await expect.poll(points).toBe(SIGN_UP_POINTS + ORDER_POINTS);
}

test("after demo-store orders and a redemption the dashboard and analytics show the matching figures; ranges switch; a report exports", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await merchant(request);
  const before = await api.figures("point");

  const shopperContext = await browser.newContext();
  await shopperBuysAndRedeems(await shopperContext.newPage(), request);
  await shopperContext.close();

  const earned = (before.pointsEarned ?? 0) + SIGN_UP_POINTS + ORDER_POINTS;
  const redeemed = (before.pointsRedeemed ?? 0) + REWARD_POINTS;
  const adjusted = (before.pointsAdjusted ?? 0) + REWARD_POINTS;
  await expect
    .poll(async () => {
      const f = await api.figures("point");
      return [f.pointsEarned, f.pointsRedeemed, f.pointsAdjusted];
    })
    .toEqual([earned, redeemed, adjusted]);

  // The point analytics page for today: the same figures, and the same in the chart's table view.
  await signIn(page);
  await page.goto("/analytics/point?range=today");
  await expect(page.getByRole("heading", { level: 1, name: "Point analytics" })).toBeVisible();
  const fmt = (n: number) => new Intl.NumberFormat("en-US").format(n);
  await expect(page.getByTestId("figure-pointsEarned")).toHaveText(fmt(earned));
  await expect(page.getByTestId("figure-pointsRedeemed")).toHaveText(fmt(redeemed));
  await expect(page.getByTestId("chart")).toBeVisible();
  await page.getByRole("button", { name: "Show as table" }).click();
  const table = page.getByTestId("chart-table");
  await expect(table.getByRole("row")).toHaveCount(2); // heading + today
  await expect(table.getByRole("row").nth(1)).toContainText(fmt(earned));

  // A figure links to the entries it sums.
  await page.getByRole("link", { name: "See the entries" }).first().click();
  await expect(page).toHaveURL(/\/customers\/activity\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

  // Switching the range: the URL keeps it, the comparison period follows.
  await page.goto("/analytics/point?range=today");
  await page.getByLabel("Date range").selectOption("last_7_days");
  await expect(page).toHaveURL(/range=last_7_days/);
  const last7 = await api.figures("point", "last_7_days");
  await expect(page.getByTestId("figure-pointsEarned")).toHaveText(fmt(last7.pointsEarned ?? 0));
  await page.getByLabel("Date display").selectOption("mdy");
  await expect(page.getByTestId("analytics-range")).toContainText(/\d{2}\/\d{2}\/\d{4}/);

  // Export: the modal, the download, 'Report sent', and the file has the figures.
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export report" });
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^laurel-point-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile((await file.path()) ?? "", "utf8");
  expect(csv).toContain("Figure,Value,Previous period,Change");
  expect(csv).toContain(`Points generated,${last7.pointsEarned}`);
  await expect(page.getByText("Report sent").first()).toBeVisible();

  // The other pages: each loads its figures.
  const pages: [string, string, string][] = [
    ["/analytics", "Analytics", "figure-pointsEarned"],
    ["/analytics/loyalty-programs", "Loyalty program activity", "figure-pointsEarned"],
    ["/analytics/member", "Member analytics", "figure-loyaltyMembers"],
    ["/analytics/referral", "Referral analytics", "figure-referralsCreated"],
  ];
  for (const [path, title, figure] of pages) {
    await page.goto(`${path}?range=today`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId(figure)).toBeVisible();
  }
  const overview = await api.figures("overview");
  await page.goto("/analytics?range=today");
  await expect(page.getByTestId("figure-pointsRedeemed")).toHaveText(fmt(overview.pointsRedeemed ?? 0));
  await page.goto("/analytics/loyalty-programs?range=today&tab=redeeming");
  await expect(page.getByRole("tab", { name: "Redeeming", selected: true })).toBeVisible();

  // The dashboard: the last 30 days include today's points; liability and plan usage are shown.
  const last30 = await api.figures("overview", "last_30_days");
  await page.goto("/");
  await expect(page.getByTestId("figure-pointsEarned")).toHaveText(fmt(last30.pointsEarned ?? 0));
  await expect(page.getByTestId("figure-pointsRedeemed")).toHaveText(fmt(last30.pointsRedeemed ?? 0));
  await expect(page.getByTestId("dashboard-liability-points")).toBeVisible();
  await expect(page.getByTestId("dashboard-orders-cycle")).toContainText(" of ");
});
