import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, test, tokenOf } from "../fixtures";

/**
 * The storefront end to end: the real widget (apps/widget, decision 0014) on the real demo store
 * (decision 0015), talking to Laurel only through the store's app-proxy emulation and its signed
 * webhooks. Every test registers its own shopper, so the tests do not depend on one another or on
 * what other specs did to the seeded ones. The demo shop's default programs: sign-up 100 points,
 * 10 points per $100.00 spent (rounded down), a "$5 off coupon" for 500 points.
 */
const SIGN_UP_POINTS = 100;
const REWARD = { title: "$5 off coupon", points: 500 };

const launcher = (page: Page) => page.getByTestId("laurel-launcher");
const panel = (page: Page) => page.getByRole("dialog", { name: "Rewards" });
const balance = (page: Page) => page.getByTestId("laurel-balance");

/** A new shopper registers on the store (customers/create reaches Laurel) and is signed in. */
async function register(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  if (!page.url().includes("/account/register")) await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(`${firstName}-password`);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: `Hello, ${firstName}` })).toBeVisible();
  await expect(page.getByTestId("delivery-failed")).toHaveCount(0);
  return email;
}

/** Joins the program through the store's app proxy, as the widget's Join button does. */
async function join(page: Page): Promise<void> {
  const res = await page.request.post("/apps/laurel/join");
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).data).toMatchObject({ type: "member", availablePoints: SIGN_UP_POINTS });
}

/** Opens the widget with the mouse and waits for the shopper's data (`GET /proxy/customer`). */
async function openWidget(page: Page): Promise<void> {
  const customer = page.waitForResponse(
    (r) => r.url().includes("/apps/laurel/customer") && r.request().method() === "GET",
  );
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  expect((await customer).status()).toBe(200);
}

/** Closes the panel (it sits over the page's bottom right corner, as on a real store). */
async function closeWidget(page: Page): Promise<void> {
  await page.getByTestId("laurel-close").click();
  await expect(panel(page)).toHaveCount(0);
}

/**
 * Opens the widget: the member's balance (and pending points) in the panel and on the launcher.
 * Webhooks are applied by Laurel's processor shortly after they are acknowledged (decision 0018),
 * so first wait until the storefront API says so, as a shopper would by looking again.
 */
async function expectWidgetPoints(page: Page, points: number, pending = 0): Promise<void> {
  await expect
    .poll(async () => {
      const res = await page.request.get("/apps/laurel/customer");
      const customer = (await res.json()).data?.customer;
      return [customer?.availablePoints, customer?.pendingPoints ?? 0];
    })
    .toEqual([points, pending]);
  await openWidget(page);
  await expect(balance(page)).toHaveText(`${points.toLocaleString("en")} points`);
  if (pending > 0) await expect(page.getByTestId("laurel-pending")).toHaveText(`${pending} points pending`);
  else await expect(page.getByTestId("laurel-pending")).toHaveCount(0);
  await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(
    `${points.toLocaleString("en")} points`,
  );
}

/** Puts products in the cart from their pages. */
async function addToCart(page: Page, items: [handle: string, quantity: number][]): Promise<void> {
  for (const [handle, quantity] of items) {
    await page.goto(`/demo-store/products/${handle}`);
    await page.getByLabel("Quantity").fill(String(quantity));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/demo-store\/cart$/);
  }
}

/** Pays for the cart at checkout (orders/create and orders/paid reach Laurel); returns the order's page. */
async function checkout(page: Page, total: string): Promise<string> {
  await page.goto("/demo-store/checkout");
  await expect(page.getByTestId("pay-now")).toHaveText(`Pay now · ${total}`);
  await page.getByTestId("pay-now").click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-total")).toHaveText(total);
  await expect(page.getByTestId("deliveries")).toHaveText("Sent to Laurel: orders/create, orders/paid.");
  return new URL(page.url()).pathname;
}

/** The merchant's admin API (a separate request context, signed in as the demo merchant). */
async function merchantApi(request: APIRequestContext) {
  const login = await request.post("/auth/login", { data: DEMO });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { "x-auth-token": await tokenOf(request) };
  return {
    async customerId(email: string): Promise<string> {
      const res = await request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      const customers = (await res.json()).data.customers as { id: string; email: string }[];
      const customer = customers.find((c) => c.email === email);
      if (!customer) throw new Error(`no customer ${email} in ${JSON.stringify(customers)}`);
      return customer.id;
    },
    async grantPoints(email: string, points: number): Promise<void> {
      const id = await this.customerId(email);
      const res = await request.post(`/apiSa/customers/${id}/points`, {
        headers: { ...headers, "idempotency-key": crypto.randomUUID() },
        data: { points, note: "e2e: storefront" },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    async settings() {
      const res = await request.get("/apiSa/lp/settings", { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data as { pendingPoints: { enabled: boolean; value: number; unit: string } };
    },
    async putSettings(body: Record<string, unknown>) {
      const res = await request.put("/apiSa/lp/settings", { headers, data: body });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data as { pendingPointsConversion: { convertedOrders: number } | null };
    },
  };
}

/** The element focused inside the widget's shadow root (null when focus is elsewhere). */
function focusedInWidget(page: Page) {
  return page.evaluate(() => {
    const active = document.querySelector("laurel-widget")?.shadowRoot?.activeElement;
    return active
      ? { testId: active.getAttribute("data-testid"), inPanel: !!active.closest("#laurel-panel") }
      : null;
  });
}

/** Tabs from the top of the page until the launcher has the focus (it is the page's last stop). */
async function tabToLauncher(page: Page): Promise<void> {
  await expect(launcher(page)).toBeVisible();
  for (let i = 0; i < 40 && (await focusedInWidget(page))?.testId !== "laurel-launcher"; i++) {
    await page.keyboard.press("Tab");
  }
  await expect(launcher(page)).toBeFocused();
}

test.describe("storefront: the widget on the demo store", () => {
  test("a guest creates an account from the widget and is a member at once, with the sign-up points", async ({
    page,
  }) => {
    await page.goto("/demo-store");
    await openWidget(page);
    const guest = page.getByTestId("laurel-guest");
    await expect(guest).toBeVisible();
    await expect(page.getByTestId("laurel-redeem-list")).toContainText(REWARD.title);
    // A guest is offered no redeem button, only the way in.
    await expect(page.getByTestId("laurel-redeem-button")).toHaveCount(0);
    await guest.getByTestId("laurel-register").click();
    await expect(page).toHaveURL(/\/demo-store\/account\/register$/);
    // One step: back signed in, the widget joins the shopper who chose "Create account" in it; no
    // second "Join".
    const joined = page.waitForResponse(
      (r) => r.url().includes("/apps/laurel/join") && r.request().method() === "POST",
    );
    await register(page, "Gina");
    expect((await joined).status()).toBe(200);
    await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(`${SIGN_UP_POINTS} points`);
    await expect(page.getByTestId("laurel-live")).toHaveText("Welcome! You're now a member.");

    await openWidget(page);
    await expect(balance(page)).toHaveText(`${SIGN_UP_POINTS} points`);
    await expect(page.getByTestId("laurel-join-card")).toHaveCount(0);
    await expect(page.getByTestId("laurel-earn-item").filter({ hasText: "Sign up" })).toHaveClass(/lw-done/);

    // Another page view: the launcher shows the balance at once, and the panel still agrees.
    await page.goto("/demo-store/collections/all");
    await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(`${SIGN_UP_POINTS} points`);
    await expectWidgetPoints(page, SIGN_UP_POINTS);
  });

  test("an order earns points in the widget; with a holding period a new order shows as pending", async ({
    page,
    request,
  }) => {
    const merchant = await merchantApi(request);
    const original = (await merchant.settings()).pendingPoints;
    expect(original.enabled, "pending points are off by default").toBe(false);
    await register(page, "Omar");
    await join(page);

    // 10 tees at $28.00: $280.00 (free shipping) → 28 points at 10 per $100.00.
    await addToCart(page, [["laurel-wreath-tee", 10]]);
    await checkout(page, "$280.00");
    await expectWidgetPoints(page, SIGN_UP_POINTS + 28);

    let restored = false;
    try {
      await merchant.putSettings({ pendingPoints: { enabled: true, value: 14, unit: "day" } });
      // 5 bottles at $30.00: $150.00 → 15 points, held for 14 days.
      await addToCart(page, [["trail-water-bottle", 5]]);
      await checkout(page, "$150.00");
      await expectWidgetPoints(page, SIGN_UP_POINTS + 28, 15);

      // H-10: turning the holding period off (confirmed) makes the pending points available now.
      const off = await merchant.putSettings({
        pendingPoints: original,
        confirmPendingPointsConversion: true,
      });
      restored = true;
      expect(off.pendingPointsConversion?.convertedOrders).toBeGreaterThanOrEqual(1);
      await page.reload();
      await expectWidgetPoints(page, SIGN_UP_POINTS + 28 + 15);
    } finally {
      if (!restored)
        await merchant.putSettings({ pendingPoints: original, confirmPendingPointsConversion: true });
    }
  });

  test("a member redeems in the widget, copies the code, applies it to the cart, pays with it and sees it used", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const email = await register(page, "Rita");
    await join(page);
    // The merchant grants exactly the reward's price on top of the sign-up points.
    await (await merchantApi(request)).grantPoints(email, REWARD.points);

    // 3 totes at $34.00 in the cart; the reward is redeemed from the cart page.
    await addToCart(page, [["canvas-market-tote", 3]]);
    await expect(page.getByTestId("total")).toHaveText("$102.00");
    await expectWidgetPoints(page, SIGN_UP_POINTS + REWARD.points);
    const way = page
      .getByTestId("laurel-redeem-list")
      .getByRole("listitem")
      .filter({ hasText: REWARD.title });
    await way.getByTestId("laurel-redeem-button").click();
    await expect(page.getByTestId("laurel-redeem-form")).toBeVisible();
    const redeemed = page.waitForResponse(
      (r) => r.url().includes("/apps/laurel/redeem") && r.request().method() === "POST",
    );
    await page.getByTestId("laurel-redeem-confirm").click();
    const answer = await redeemed;
    expect(answer.status(), await answer.text()).toBe(200);
    const code = (await answer.json()).data.coupon.code as string;

    await expect(page.getByTestId("laurel-reward")).toBeVisible();
    await expect(page.getByTestId("laurel-code")).toHaveText(code);
    // 600 − 500: the launcher has the new balance at once.
    await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(`${SIGN_UP_POINTS} points`);

    await page.getByTestId("laurel-copy").click();
    await expect(page.getByTestId("laurel-copy")).toHaveText("Code copied");
    await expect(page.getByTestId("laurel-live")).toHaveText("Code copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // "Apply to cart" is Shopify's /discount/CODE link, back to the page the shopper was on.
    await page.getByTestId("laurel-apply").click();
    await expect(page).toHaveURL(/\/demo-store\/cart$/);
    await expect(page.getByTestId("discount-applied")).toContainText(code);
    await expect(page.getByTestId("discount-amount")).toHaveText("−$5.00");
    await expect(page.getByTestId("total")).toHaveText("$97.00");
    await checkout(page, "$97.00");
    await expect(page.getByText(`code ${code}`)).toBeVisible();

    // $97.00 after the discount → 9 points on the 100 left after redeeming.
    await expectWidgetPoints(page, SIGN_UP_POINTS + 9);
    // 109 points: the reward is out of reach again, and the button says why.
    const again = way.getByTestId("laurel-redeem-button");
    await expect(again).toBeDisabled();
    await expect(again).not.toHaveAccessibleDescription("");
    await page.getByTestId("laurel-coupons-open").click();
    await expect(page.getByTestId("laurel-coupons-tab-available")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("No coupons here yet")).toBeVisible();
    await page.getByTestId("laurel-coupons-tab-unavailable").click();
    const used = page.getByTestId("laurel-coupon");
    await expect(used).toHaveCount(1);
    await expect(used).toContainText(REWARD.title);
    await expect(used).toContainText(`${code} · Used`);
    await expect(used.getByTestId("laurel-copy")).toHaveCount(0);
  });

  test("refunds from the store's order page take the points back", async ({ page }) => {
    await register(page, "Ivan");
    await join(page);
    // 5 bottles ($150.00) and 5 beanies ($130.00): $280.00 → 28 points.
    await addToCart(page, [
      ["trail-water-bottle", 5],
      ["merino-beanie", 5],
    ]);
    const order = await checkout(page, "$280.00");
    await expectWidgetPoints(page, SIGN_UP_POINTS + 28);
    await closeWidget(page);

    // The bottles back: $150.00 of $280.00 → 15 of the 28 points go.
    await page
      .getByTestId("order-line")
      .filter({ hasText: "Trail Water Bottle" })
      .getByRole("button", { name: "Refund" })
      .click();
    await expect(page.getByTestId("order-notice")).toHaveText("Refund issued to your original payment.");
    await expect(page.getByTestId("order-status")).toHaveText("Partially refunded");
    await expect(page.getByTestId("order-refunded")).toHaveText("−$150.00");
    await expectWidgetPoints(page, SIGN_UP_POINTS + 13);
    await closeWidget(page);

    // Everything left: the rest of the order's points go; the sign-up points stay.
    await page.getByRole("button", { name: "Refund everything left ($130.00)" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Refunded");
    await expect(page.getByTestId("order-refunded")).toHaveText("−$280.00");
    expect(new URL(page.url()).pathname).toBe(order);
    await expectWidgetPoints(page, SIGN_UP_POINTS);

    // The points history tells the same story, newest first.
    await page.getByTestId("laurel-history-open").click();
    await expect(page.getByTestId("laurel-history-item")).toHaveText([
      /^Order refunded · .+-13 points$/,
      /^Order partly refunded · .+-15 points$/,
      /^Placed an order · .+\+28 points$/,
      /^Joined the program · .+\+100 points$/,
    ]);
  });

  test("the widget works with the keyboard alone, with the right roles and names", async ({ page }) => {
    await register(page, "Kai");
    await join(page);
    await page.goto("/demo-store/account");
    // No balance on the launcher yet: this browser has not seen the member's balance.
    const button = launcher(page);
    await expect(page.getByRole("button", { name: "Rewards", exact: true })).toHaveAttribute(
      "data-testid",
      "laurel-launcher",
    );
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "laurel-panel");

    await tabToLauncher(page);

    await page.keyboard.press("Enter");
    const dialog = panel(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("id", "laurel-panel");
    await expect(balance(page)).toHaveText(`${SIGN_UP_POINTS} points`);
    // Now the launcher's name carries the balance too.
    await expect(button).toHaveAccessibleName(`Rewards ${SIGN_UP_POINTS} points`);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    expect(await focusedInWidget(page)).toEqual({ testId: "laurel-close", inPanel: true });
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    // Tab moves on inside the dialog: "My coupons", opened with Enter; focus goes to the new view.
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("laurel-coupons-open")).toBeFocused();
    await page.keyboard.press("Enter");
    const tabs = dialog.getByRole("tablist");
    const available = tabs.getByRole("tab", { name: "Available", exact: true });
    const unavailable = tabs.getByRole("tab", { name: "Unavailable", exact: true });
    await expect(available).toBeFocused();
    await expect(available).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("tabpanel", { name: "Available", exact: true })).toBeVisible();

    // Arrow keys, Home and End move between the tabs and select them (one tab in the Tab order).
    await page.keyboard.press("ArrowRight");
    await expect(unavailable).toBeFocused();
    await expect(unavailable).toHaveAttribute("aria-selected", "true");
    await expect(available).toHaveAttribute("aria-selected", "false");
    await expect(unavailable).toHaveAttribute("tabindex", "0");
    await expect(available).toHaveAttribute("tabindex", "-1");
    await expect(dialog.getByRole("tabpanel", { name: "Unavailable", exact: true })).toBeVisible();
    await page.keyboard.press("ArrowRight"); // wraps around
    await expect(available).toBeFocused();
    await expect(available).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(unavailable).toBeFocused();
    await page.keyboard.press("Home");
    await expect(available).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(unavailable).toBeFocused();

    // Escape closes the dialog and gives the focus back to the launcher.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    // Space opens it again (a real button) where the shopper left it, focus on the view's first
    // control; Escape closes it again.
    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await expect(available).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("in drawer display the panel is modal: Tab stays inside, Escape and the backdrop close it", async ({
    page,
  }) => {
    // No admin screen sets the widget's display yet: the real settings, answered as "drawer".
    await page.route(
      (url) => url.pathname === "/apps/laurel/widget",
      async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, data: { ...body.data, display: "drawer" } } });
      },
    );
    await register(page, "Dora");
    await join(page);
    await page.goto("/demo-store/account");
    await tabToLauncher(page);
    await page.keyboard.press("Enter");
    const dialog = panel(page);
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(balance(page)).toHaveText(`${SIGN_UP_POINTS} points`);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    // Tab walks the panel's controls (the account buttons, then the ways to earn and rewards the
    // shop runs) and comes back to Close without ever leaving the drawer.
    const stops: (string | null)[] = [];
    for (let i = 0; i < 30 && stops.at(-1) !== "laurel-close"; i++) {
      await page.keyboard.press("Tab");
      const focused = await focusedInWidget(page);
      expect(focused?.inPanel, `Tab ${i + 1} left the drawer`).toBe(true);
      stops.push(focused?.testId ?? null);
    }
    expect(stops.slice(0, 3)).toEqual(["laurel-coupons-open", "laurel-history-open", "laurel-referral-open"]);
    expect(stops.at(-1)).toBe("laurel-close");
    await page.keyboard.press("Tab");
    expect(await focusedInWidget(page)).toEqual({ testId: "laurel-coupons-open", inPanel: true });
    // Shift+Tab goes back the same way, past Close to the last control, and stays inside.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect((await focusedInWidget(page))?.inPanel).toBe(true);
    expect((await focusedInWidget(page))?.testId).toBe(stops.at(-2) ?? null);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(launcher(page)).toBeFocused();

    // The backdrop closes it too (a mouse convenience).
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 10);
    await expect(dialog).toHaveCount(0);
    await expect(launcher(page)).toBeFocused();
  });
});

test.describe("storefront: the API is down", () => {
  // Chromium's own network log of the refused calls (checked more closely by `consoleOf`).
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: (net::ERR_FAILED|the server responded with a status of 502)/,
    ],
  });

  /** Records layout shifts from the start of every page (CLS without user input). */
  async function watchLayoutShifts(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
  }
  const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

  /**
   * Every warning, error and uncaught exception of the page. Chromium itself logs each refused
   * request ("Failed to load resource", whatever the page does about it): those are allowed, and
   * only for the app proxy's URLs.
   */
  function consoleOf(page: Page): string[] {
    const messages: string[] = [];
    page.on("console", (m) => {
      if (m.type() !== "error" && m.type() !== "warning") return;
      if (/^Failed to load resource/.test(m.text()) && m.location().url.includes("/apps/laurel/")) return;
      messages.push(`${m.type()}: ${m.text()} (${m.location().url})`);
    });
    page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
    return messages;
  }

  /** Loads a page and waits until the loader has had its settings' answer (or failure) and acted on it. */
  async function loadWithoutApi(page: Page, path: string): Promise<void> {
    const request = page.waitForRequest((r) => r.url().includes("/apps/laurel/widget"));
    await page.goto(path);
    await (await request).response(); // null when aborted
    // The loader's promise chain runs in the page's next tasks: wait until the page is idle.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 0))));
  }

  test("a first visit: no launcher, no error, no layout shift", async ({ page }) => {
    const messages = consoleOf(page);
    await watchLayoutShifts(page);
    await page.route("**/apps/laurel/**", (r) => r.abort());
    await loadWithoutApi(page, "/demo-store/products/laurel-wreath-tee");
    await expect(page.getByRole("heading", { name: "Laurel Wreath Tee", level: 1 })).toBeVisible();
    await expect(page.locator("laurel-widget")).toHaveCount(0);

    // A gateway error instead of no answer: the same.
    await page.unroute("**/apps/laurel/**");
    await page.route("**/apps/laurel/**", (r) =>
      r.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
    );
    await loadWithoutApi(page, "/demo-store");
    await expect(page.locator("laurel-widget")).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);
    expect(messages).toEqual([]);

    // The same page with the API up draws the launcher (what the checks above would have seen).
    await page.unroute("**/apps/laurel/**");
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    expect(await layoutShift(page)).toBe(0);
  });

  test("a returning member sees the last known balance; the panel says what failed and recovers", async ({
    page,
  }) => {
    await register(page, "Dana");
    await join(page);
    // One visit with the API up: the widget remembers this shopper's balance.
    await page.goto("/demo-store");
    await expectWidgetPoints(page, SIGN_UP_POINTS);

    const messages = consoleOf(page);
    await watchLayoutShifts(page);
    await page.route("**/apps/laurel/**", (r) => r.abort());
    await loadWithoutApi(page, "/demo-store/collections/all");
    await expect(launcher(page)).toBeVisible();
    await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(`${SIGN_UP_POINTS} points`);
    expect(await layoutShift(page)).toBe(0);

    // Opening it: the error, in the panel, with "Try again"; nothing escapes to the page.
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(page.getByTestId("laurel-error")).toHaveRole("alert");
    await expect(page.getByTestId("laurel-error")).toContainText("Something went wrong. Please try again.");
    await expect(page.getByTestId("laurel-retry")).toBeVisible();
    await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(`${SIGN_UP_POINTS} points`);

    // The API is back: "Try again" shows the balance.
    await page.unroute("**/apps/laurel/**");
    await page.getByTestId("laurel-retry").click();
    await expect(balance(page)).toHaveText(`${SIGN_UP_POINTS} points`);
    await expect(page.getByTestId("laurel-error")).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);

    // Signed out, the API down again: a guest never sees the member's cached balance.
    await page.goto("/demo-store/account");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("account-link")).toHaveText("Sign in");
    await page.route("**/apps/laurel/**", (r) => r.abort());
    await loadWithoutApi(page, "/demo-store/collections/all");
    await expect(page.locator("laurel-widget")).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);
    expect(messages).toEqual([]);
  });
});
