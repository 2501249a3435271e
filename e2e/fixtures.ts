import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { E2E_SHOPIFY_API_KEY, E2E_SHOPIFY_SECRET } from "./constants";

export const DEMO = { email: "demo@laurel.test", password: "laurel-demo" };
export const STAFF = { email: "staff@laurel.test", password: "laurel-staff" };

/** Programmatic sign-in: the session cookie lands in the page's browser context. */
export async function signIn(page: Page, who = DEMO): Promise<void> {
  const res = await page.request.post("/auth/login", { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/** A Shopify session token for any shop, signed as Shopify would (embedded sign-in). */
export async function shopifySessionToken(shopDomain: string, lifetimeSeconds = 60): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: `https://${shopDomain}`, sid: crypto.randomUUID() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(`https://${shopDomain}/admin`)
    .setAudience(E2E_SHOPIFY_API_KEY)
    .setSubject("1")
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(E2E_SHOPIFY_SECRET));
}

export async function tokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.get("/auth/token");
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

/**
 * Fails the test on any uncaught page error or console error (DESIGN §8). A test that expects
 * the browser to log a refused request (a 403 it provokes on purpose) lists it in
 * `allowedConsoleErrors`.
 */
/**
 * The e-mail previews are `srcdoc` frames sandboxed without scripts on purpose. Chromium logs this
 * notice as a console error when Playwright's injected helpers reach into such a frame
 * (microsoft/playwright#33343), at times that vary run to run: it reports the sandbox working, not
 * a page error, so every spec ignores it.
 */
const SANDBOXED_FRAME_NOTICE =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; failOnPageErrors: undefined }>({
  allowedConsoleErrors: [[], { option: true }],
  failOnPageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const text = m.text();
        if (SANDBOXED_FRAME_NOTICE.test(text)) return;
        if (allowedConsoleErrors.some((re) => re.test(text))) return;
        errors.push(`console.error: ${text}`);
      });
      await use(undefined);
      expect(errors, errors.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens the admin as the Shopify admin would embed it: App Bridge's `shopify.idToken()` is the
 * only way the page gets its token (the token lives long enough for one test).
 */
export async function openEmbedded(page: Page, shopDomain: string, path = "/embed"): Promise<void> {
  const token = await shopifySessionToken(shopDomain, 600);
  await page.addInitScript((t) => {
    (window as unknown as { shopify: unknown }).shopify = { idToken: async () => t };
  }, token);
  await page.goto(path);
}
