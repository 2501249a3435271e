import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { seedDemoStore } from "../src/app";
import type { Clock } from "../src/infra/clock";
import { findShopByDomain } from "../src/modules/shops/shops.service";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { createTestApp, type TestApp } from "./helpers";

/** The app with the demo store and its seeded shoppers (both sides), as `npm start` has them. */
export async function createDemoStoreApp(clock: Clock) {
  const t = await createTestApp({ clock });
  expect(await seedDemoShoppers(t.deps)).toBe(3);
  expect(await seedDemoStore(t.deps)).toBe(3);
  const row = await findShopByDomain(t.deps.db, DEMO_SHOP_DOMAIN);
  return { t, shop: { shopId: row?.id as string, shopDomain: DEMO_SHOP_DOMAIN } };
}

/** A shopper's browser: keeps the store's cookies between requests, as a browser would. */
export class Browser {
  constructor(private readonly t: TestApp) {}
  cookies = new Map<string, string>();
  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === "")
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(
      await this.t.app.inject({ method: "GET", url, cookies: Object.fromEntries(this.cookies) }),
    );
  }
  async post(url: string, form: Record<string, string> = {}) {
    return this.keep(
      await this.t.app.inject({
        method: "POST",
        url,
        cookies: Object.fromEntries(this.cookies),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }
  async json(method: "GET" | "POST", url: string, payload?: object) {
    // What Laurel says follows the webhooks it has applied: apply what is waiting first (0018).
    if (url.startsWith("/apps/laurel/")) await this.t.deps.webhooks.drain();
    return this.keep(
      await this.t.app.inject({
        method,
        url,
        cookies: Object.fromEntries(this.cookies),
        ...(payload ? { payload } : {}),
      }),
    );
  }
  async signIn(who: { email: string; password: string }) {
    const res = await this.post("/demo-store/account/login", { email: who.email, password: who.password });
    expect(res.statusCode, res.body).toBe(303);
    return res;
  }
  /** The shopper as Laurel sees them, through the app-proxy emulation (the widget's own call). */
  async laurel() {
    const res = await this.json("GET", "/apps/laurel/customer");
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      signedIn: boolean;
      customer: { type: string; availablePoints: number } | null;
    };
  }
  async checkout(lines: [string, number][], code?: string) {
    for (const [handle, quantity] of lines)
      await this.post("/demo-store/cart/add", { handle, quantity: String(quantity) });
    if (code) await this.post("/demo-store/checkout/discount", { code });
    const page = await this.get("/demo-store/checkout");
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    return this.post("/demo-store/checkout", {
      token,
      email: "guest@example.com",
      name: "Test Shopper",
      address1: "1 Demo Street",
      city: "Springfield",
      zip: "12345",
    });
  }
}

/**
 * The shopper's points as the widget reads them. Laurel applies a webhook after acknowledging it
 * (DESIGN §1), so a test waits for the effect instead of expecting it when the call returns.
 */
export const points = (b: Browser) => async () => (await b.laurel()).customer?.availablePoints;

export const orderIdOf = (res: LightMyRequestResponse) => {
  const m = /\/demo-store\/orders\/(\d+)/.exec(String(res.headers.location));
  if (!m) throw new Error(`no order in ${res.statusCode} ${res.headers.location} ${res.body.slice(0, 500)}`);
  return m[1] as string;
};

/** Laurel's customer row for a platform customer of the shop. */
export async function laurelCustomer(t: TestApp, shopId: string, platformCustomerId: string) {
  await t.deps.webhooks.drain();
  return t.deps.db
    .selectFrom("customers")
    .select(["id", "type"])
    .where("shop_id", "=", shopId)
    .where("platform_customer_id", "=", platformCustomerId)
    .executeTakeFirst();
}
