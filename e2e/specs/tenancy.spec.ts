import type { APIRequestContext } from "@playwright/test";
import { expect, openEmbedded, STAFF, shopifySessionToken, test, tokenOf } from "../fixtures";

const OTHER_SHOP = "e2e-other-shop.myshopify.com";
const BLOCKED_SHOP = "e2e-blocked-shop.myshopify.com";

async function adminGet(request: APIRequestContext, url: string, token: string) {
  const res = await request.get(url, { headers: { "x-auth-token": token } });
  return { status: res.status(), body: await res.json() };
}

test.describe("tenancy and access (A-11, A-12, X-59 … X-62)", () => {
  test("a request with another shop's token never reads this shop's data", async ({ page, request }) => {
    await page.request.post("/auth/login", { data: { email: "demo@laurel.test", password: "laurel-demo" } });
    const demoToken = await tokenOf(page.request);
    const demoPrograms = await adminGet(request, "/apiSa/lp/programs/earning", demoToken);
    expect(demoPrograms.status).toBe(200);
    const demoIds = new Set(demoPrograms.body.data.map((p: { id: string }) => p.id));
    expect(demoIds.size).toBeGreaterThan(0);

    // The other shop's token, sent from the demo merchant's browser (its session cookie too).
    const otherToken = await shopifySessionToken(OTHER_SHOP);
    const shops = await adminGet(page.request, "/apiSa/shops", otherToken);
    expect(shops.status).toBe(200);
    expect(shops.body.data.shop.shopifyDomain).toBe(OTHER_SHOP);
    const otherPrograms = await adminGet(page.request, "/apiSa/lp/programs/earning", otherToken);
    for (const p of otherPrograms.body.data) expect(demoIds.has(p.id)).toBe(false);

    // Renaming one of the demo shop's programs with the other shop's token finds nothing.
    const [first] = demoPrograms.body.data;
    const rename = await page.request.put("/apiSa/lp/programs", {
      headers: { "x-auth-token": otherToken },
      data: [{ id: first.id, title: "Hijacked" }],
    });
    expect(rename.status()).toBeGreaterThanOrEqual(400);
    expect(rename.status()).toBeLessThan(500);
    const after = await adminGet(request, "/apiSa/lp/programs/earning", demoToken);
    expect(after.body.data.map((p: { title: string }) => p.title)).not.toContain("Hijacked");
  });

  test("forged and expired tokens are refused with a clear 401", async ({ request }) => {
    const valid = await shopifySessionToken(OTHER_SHOP);
    const forged = `${valid.slice(0, -4)}AAAA`;
    const expired = await shopifySessionToken(OTHER_SHOP, -120);
    for (const token of [forged, expired, "not-a-jwt"]) {
      const res = await adminGet(request, "/apiSa/shops", token);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error).toBe("string");
    }
  });

  test.describe("a blocked shop", () => {
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test("sees only Access Denied, and the API answers 403", async ({ page, playwright }) => {
      // Provision the shop (embedded, demo platform), then staff blocks it in the internal zone.
      const token = await shopifySessionToken(BLOCKED_SHOP);
      expect((await adminGet(page.request, "/apiSa/shops", token)).status).toBe(200);
      const staff = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      await staff.post("/auth/login", { data: STAFF });
      const staffToken = await tokenOf(staff);
      const list = await adminGet(staff, "/apiSa/dev_zone/shops", staffToken);
      const target = list.body.data.find((s: { shopifyDomain: string }) => s.shopifyDomain === BLOCKED_SHOP);
      const block = await staff.put(`/apiSa/dev_zone/shops/${target.id}`, {
        headers: { "x-auth-token": staffToken },
        data: { isBlockedStore: true },
      });
      expect(block.status()).toBe(200);
      await staff.dispose();

      const refused = await adminGet(page.request, "/apiSa/shops", await shopifySessionToken(BLOCKED_SHOP));
      expect(refused.status).toBe(403);

      for (const path of ["/embed", "/embed/customers", "/embed/settings"]) {
        await openEmbedded(page, BLOCKED_SHOP, path);
        await expect(page.getByTestId("access-denied")).toBeVisible();
        await expect(page.getByText("Access denied")).toBeVisible();
        await expect(page.getByTestId("nav")).toHaveCount(0);
      }
    });
  });

  test("a new embedded shop is provisioned and meets the set-up gate", async ({ page }) => {
    await openEmbedded(page, "e2e-new-shop.myshopify.com", "/embed/customers");
    await expect(page).toHaveURL(/\/embed\/set-up$/);
    await expect(page.getByTestId("setup-wizard")).toBeVisible();
    await expect(page.getByTestId("nav")).toHaveCount(0);
  });

  test.describe("the internal zone", () => {
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test("is refused to a merchant by the server", async ({ page }) => {
      await page.request.post("/auth/login", {
        data: { email: "demo@laurel.test", password: "laurel-demo" },
      });
      const res = await adminGet(page.request, "/apiSa/dev_zone/shops", await tokenOf(page.request));
      expect(res.status).toBe(403);
      await page.goto("/");
      await expect(page.getByTestId("nav")).toBeVisible();
      await expect(page.getByTestId("nav").getByRole("link", { name: "Internal zone" })).toHaveCount(0);
    });

    test("staff impersonate a shop: the 'Logged in' badge shows", async ({ page }) => {
      await page.request.post("/auth/login", { data: STAFF });
      await page.goto("/dev_zone");
      await page.getByRole("button", { name: "Impersonate Laurel Demo Store" }).click();
      await expect(page.getByTestId("logged-in-badge")).toBeVisible();
      await expect(page.getByTestId("nav").getByRole("link", { name: "Dashboard" })).toBeVisible();
    });
  });
});
