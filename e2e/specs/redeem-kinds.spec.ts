import type { APIRequestContext, Page } from "@playwright/test";
import { expect, STAFF, signIn, test, tokenOf } from "../fixtures";

/**
 * Issue 14 (D-01 … D-21): every redeeming kind the storefront offers is created in the admin from
 * "Add program" on the Redeem points tab, then redeemed in the demo store's widget by a member with
 * enough points: the shopper gets a code (or, for the partner voucher, one of the partner's codes),
 * the price leaves the balance, and the code does on the demo store's cart what the kind says.
 *
 * The demo shop is on Starter; free shipping, free product and buy X get Y need Essential,
 * so Laurel staff grant it Essential for this spec and put Starter back at the end, and the spec
 * deletes the programs it created. The POS kinds are left out: their codes apply at the point of
 * sale only (D-10), which the demo store does not have.
 */
const SHOP_ID = "shop_demo";
const SIGN_UP_POINTS = 100;

/** The demo catalogue's products this spec puts in the cart. */
const CANDLE = { handle: "olive-grove-candle", title: "Olive Grove Candle", price: 2200 };
const TEE = { handle: "laurel-wreath-tee", price: 2800 };

interface Kind {
  event: string;
  /** The kind's name on its "Add …" button (the admin's `programs.kinds`). */
  name: string;
  title: string;
  points: number;
  /** Fills the kind's own fields in its editor. */
  fill: (page: Page) => Promise<void>;
  /** D-03 dynamic: the editor's redeem point, and the points the shopper chooses in the widget. */
  dynamic?: { step: number; choose: number };
  /** What the demo store's cart says once the code is applied; null: not a store discount. */
  applied: string | null;
  /** The cart's total after the code ($28.00 tee + $22.00 candle + $6.00 shipping = $56.00). */
  total?: string;
}

async function pick(page: Page, picker: string, search: string, product: string) {
  await page.getByRole("button", { name: `Choose: ${picker}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: picker });
  await dialog.getByLabel("Search products").fill(search);
  await dialog.getByLabel(product).check();
  await dialog.getByRole("button", { name: "Select" }).click();
  await expect(page.getByRole("button", { name: `Remove ${product}` })).toBeVisible();
}

const PARTNER_CODES = ["PARTNER-E2E-ONE", "PARTNER-E2E-TWO"];

const KINDS: Kind[] = [
  {
    event: "amount_discount",
    name: "Amount discount",
    title: "E2E $3 off",
    points: 200,
    fill: async (page) => {
      await page.getByLabel("Discount amount").fill("3");
    },
    applied: "$3.00 off",
    total: "$53.00",
  },
  {
    event: "amount_discount",
    name: "Amount discount",
    title: "E2E $1 per 100 points",
    points: 300,
    dynamic: { step: 100, choose: 300 },
    fill: async (page) => {
      await page.getByLabel("Minimum points").fill("100");
      await page.getByLabel("Maximum points").fill("500");
      await page.getByLabel("Discount for each redeem point").fill("1");
    },
    applied: "$3.00 off",
    total: "$53.00",
  },
  {
    event: "percentage_discount",
    name: "Percentage discount",
    title: "E2E 10% off",
    points: 300,
    fill: async (page) => {
      await page.getByLabel("Discount percentage").fill("10");
    },
    applied: "10% off",
    total: "$51.00",
  },
  {
    event: "free_shipping",
    name: "Free shipping",
    title: "E2E free shipping",
    points: 400,
    fill: async () => {},
    applied: "Free shipping",
    total: "$50.00",
  },
  {
    event: "free_gift",
    name: "Free product",
    title: "E2E free candle",
    points: 500,
    fill: async (page) => {
      await pick(page, "Free product", "candle", CANDLE.title);
      await page.getByLabel("Free item quantity").fill("1");
    },
    applied: "1 free item",
    total: "$34.00",
  },
  {
    event: "buy_x_get_y",
    name: "Buy X get Y",
    title: "E2E buy one get a candle",
    points: 600,
    fill: async (page) => {
      await page.getByRole("spinbutton", { name: "Customer buys", exact: true }).fill("1");
      await page.getByRole("spinbutton", { name: "Customer gets free", exact: true }).fill("1");
      await pick(page, "Customer gets these products", "candle", CANDLE.title);
    },
    applied: "Buy 1, get 1 free",
    total: "$34.00",
  },
  {
    event: "custom_voucher",
    name: "Custom partner voucher",
    title: "E2E partner voucher",
    points: 700,
    fill: async (page) => {
      await page.getByLabel("Partner codes").fill(PARTNER_CODES.join("\n"));
    },
    applied: null,
  },
];

async function staffSetPlan(request: APIRequestContext, plan: string) {
  const login = await request.post("/auth/login", { data: STAFF });
  expect(login.status()).toBe(200);
  const res = await request.put(`/apiSa/dev_zone/shops/${SHOP_ID}`, {
    headers: { "x-auth-token": await tokenOf(request) },
    data: { plan },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Puts the shop back for later specs: a reward that issued coupons cannot be deleted (its coupons
 * keep naming it), so it is switched off; one that issued none is deleted.
 */
async function removePrograms(page: Page, titles: string[]) {
  const headers = { "x-auth-token": await tokenOf(page.request) };
  const res = await page.request.get("/apiSa/lp/programs/spending", { headers });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()).data as { id: string; title: string }[];
  for (const p of list.filter((x) => titles.includes(x.title))) {
    const gone = await page.request.delete(`/apiSa/lp/programs/${p.id}`, { headers });
    if (gone.status() === 200) continue;
    expect((await gone.json()).code).toBe("program_in_use");
    const off = await page.request.put(`/apiSa/lp/programs/${p.id}/status`, {
      headers,
      data: { status: "inactive" },
    });
    expect(off.status(), await off.text()).toBe(200);
  }
}

async function storefrontRewards(page: Page): Promise<string[]> {
  const res = await page.request.get("/apps/laurel/customer");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data.waysToRedeem as { title: string }[]).map((w) => w.title);
}

/** A new shopper registers on the demo store (customers/create reaches Laurel), signed in. */
async function register(page: Page): Promise<string> {
  const email = `redeem-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/demo-store/account/register");
  await page.getByLabel("First name").fill("Rae");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Rae-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Hello, Rae" })).toBeVisible();
  return email;
}

async function storefrontBalance(page: Page): Promise<number> {
  const res = await page.request.get("/apps/laurel/customer");
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.customer?.availablePoints ?? 0;
}

/** The merchant grants points from the customer's profile API (admin session of `page`). */
async function grantPoints(page: Page, email: string, points: number) {
  const headers = { "x-auth-token": await tokenOf(page.request) };
  const found = await page.request.get(`/apiSa/customers?search=${encodeURIComponent(email)}`, { headers });
  const customer = ((await found.json()).data.customers as { id: string; email: string }[]).find(
    (c) => c.email === email,
  );
  expect(customer, `customer ${email}`).toBeDefined();
  const res = await page.request.post(`/apiSa/customers/${customer?.id}/points`, {
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    data: { points, note: "e2e: redeem kinds" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("every redeeming kind, created in the admin and redeemed in the widget (D-01 … D-21)", () => {
  test("each kind gives the member its code and takes its price from the balance", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const titles = KINDS.map((k) => k.title);
    await staffSetPlan(request, "pro_3");
    await signIn(page);
    try {
      for (const kind of KINDS) {
        await test.step(`create ${kind.name} in the admin`, async () => {
          await page.goto("/programs?type=redeem");
          await page.getByRole("button", { name: "Add program" }).first().click();
          await page
            .getByRole("dialog", { name: "Add program" })
            .getByRole("button", { name: `Add ${kind.name}`, exact: true })
            .click();
          await expect(page).toHaveURL(new RegExp(`/programs/${kind.event}/new$`));
          await page.getByLabel("Program name").fill(kind.title);
          await page.getByLabel("Status").selectOption("active");
          if (kind.dynamic) {
            await page.getByLabel("Redeem type").selectOption("dynamic");
            await page.getByLabel("Redeem point", { exact: true }).fill(String(kind.dynamic.step));
          } else {
            await page.getByLabel("Points cost").fill(String(kind.points));
          }
          await kind.fill(page);
          await page.getByRole("button", { name: "Save" }).first().click();
          await expect(page).toHaveURL(/\/programs\/point\/[^/]+$/);
          await expect(page.getByRole("heading", { name: kind.title, level: 1 })).toBeVisible();
        });
      }

      const email = await register(page);
      const join = await page.request.post("/apps/laurel/join");
      expect(join.status(), await join.text()).toBe(200);
      const price = KINDS.reduce((sum, k) => sum + k.points, 0);
      await grantPoints(page, email, price);
      await expect.poll(() => storefrontBalance(page)).toBe(SIGN_UP_POINTS + price);

      // The cart the codes are tried on: a tee and a candle, $50.00 and $6.00 shipping.
      for (const p of [TEE, CANDLE]) {
        await page.goto(`/demo-store/products/${p.handle}`);
        await page.getByLabel("Quantity").fill("1");
        await page.getByRole("button", { name: "Add to cart" }).click();
        await expect(page).toHaveURL(/\/demo-store\/cart$/);
      }
      await expect(page.getByTestId("total")).toHaveText("$56.00");

      let balance = SIGN_UP_POINTS + price;
      for (const kind of KINDS) {
        await test.step(`redeem ${kind.name} in the widget`, async () => {
          await page.goto("/demo-store/cart");
          await page.getByTestId("laurel-launcher").click();
          const way = page
            .getByTestId("laurel-redeem-list")
            .getByRole("listitem")
            .filter({ hasText: kind.title });
          await way.getByTestId("laurel-redeem-button").click();
          await expect(page.getByTestId("laurel-redeem-form")).toContainText(kind.title);
          // D-03: a dynamic reward lets the shopper choose the points, in steps of the redeem point.
          if (kind.dynamic) await page.getByTestId("laurel-redeem-points").fill(String(kind.dynamic.choose));
          const answer = page.waitForResponse(
            (r) => r.url().includes("/apps/laurel/redeem") && r.request().method() === "POST",
          );
          await page.getByTestId("laurel-redeem-confirm").click();
          const res = await answer;
          expect(res.status(), await res.text()).toBe(200);
          const data = (await res.json()).data as {
            coupon: { code: string; points: number; title: string };
            availablePoints: number;
          };
          balance -= kind.points;
          expect(data.coupon.points).toBe(kind.points);
          expect(data.coupon.title).toBe(kind.title);
          expect(data.availablePoints).toBe(balance);
          const code = data.coupon.code;
          if (kind.event === "custom_voucher") {
            // D-18: the partner's codes are handed out in the merchant's order, one a redemption.
            expect(code).toBe(PARTNER_CODES[0]);
          } else {
            expect(code).toMatch(/^[A-Za-z0-9]{10,}$/);
          }
          await expect(page.getByTestId("laurel-reward")).toBeVisible();
          await expect(page.getByTestId("laurel-code")).toHaveText(code);
          await expect(page.getByTestId("laurel-launcher-balance")).toHaveText(
            `${balance.toLocaleString("en")} points`,
          );
          expect(await storefrontBalance(page)).toBe(balance);

          if (kind.applied === null) return;
          // The code on the store's cart does what the kind says.
          await page.getByTestId("laurel-apply").click();
          await expect(page).toHaveURL(/\/demo-store\/cart$/);
          await expect(page.getByTestId("discount-applied")).toContainText(code);
          await expect(page.getByTestId("discount-applied")).toContainText(kind.applied);
          if (kind.total) await expect(page.getByTestId("total")).toHaveText(kind.total);
        });
      }
    } finally {
      await removePrograms(page, titles);
      await staffSetPlan(request, "free");
    }
    // Switched off, they have left the storefront.
    const left = await storefrontRewards(page);
    for (const title of titles) expect(left).not.toContain(title);
  });
});
