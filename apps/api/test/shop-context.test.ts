import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { adminGet, adminSend, createTestApp, shopifyToken, signedProxyUrl, type TestApp } from "./helpers";

/**
 * The shop context cache (decision 0017): what one process may serve from memory, for how long,
 * and what makes it read again. A direct SQL write stands in for another process's change.
 */
const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SHOP_CACHE_MS: "60000" } });
});
const token = () => shopifyToken(t.config, DEMO_SHOP_DOMAIN, clock.now());
afterAll(async () => {
  await t.close();
});

type Way = { programId: string; title: string };
const waysToRedeem = async (): Promise<Way[]> => {
  const res = await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.waysToRedeem;
};
const renameBehindTheCache = (programId: string, title: string) =>
  t.deps.db.updateTable("programs").set({ title }).where("id", "=", programId).execute();

describe("shop context cache (SHOP_CACHE_MS)", () => {
  it("serves a shop and its programs from memory until the entry expires", async () => {
    const [reward] = await waysToRedeem();
    if (!reward) throw new Error("the demo shop has no reward");
    // Another process renames the reward: this one keeps its copy for SHOP_CACHE_MS…
    await renameBehindTheCache(reward.programId, "Renamed elsewhere");
    expect((await waysToRedeem())[0]?.title).toBe(reward.title);
    clock.advance(59_000);
    expect((await waysToRedeem())[0]?.title).toBe(reward.title);
    // …and reads again once it has expired.
    clock.advance(2_000);
    expect((await waysToRedeem())[0]?.title).toBe("Renamed elsewhere");
  });

  it("drops the entry at once when this process changes the programs", async () => {
    const [reward] = await waysToRedeem();
    if (!reward) throw new Error("the demo shop has no reward");
    const list = await adminGet(t.app, "/apiSa/lp/programs/spending", await token());
    expect(list.statusCode, list.body).toBe(200);
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", await token(), [
      { id: reward.programId, title: "Five off" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await waysToRedeem())[0]?.title).toBe("Five off");
  });

  it("drops the entry at once when this process changes the shop (uninstall → storefront refused)", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", {}) })).statusCode,
    ).toBe(200);
    const { markShopUninstalled } = await import("../src/modules/shops/shops.service");
    await t.deps.db.transaction().execute((trx) => markShopUninstalled(trx, "shop_demo", clock.now()));
    const res = await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("shop_not_installed");
  });
});

describe("a shop erased and installed again", () => {
  it("is found under its new id (the domain is looked up again)", async () => {
    const domain = "erased-and-back.myshopify.com";
    const install = async () =>
      expect(
        (await adminGet(t.app, "/apiSa/shops", await shopifyToken(t.config, domain, clock.now()))).statusCode,
      ).toBe(200);
    const shopIdNow = async () =>
      (
        await t.deps.db
          .selectFrom("shops")
          .select("id")
          .where("shopify_domain", "=", domain)
          .executeTakeFirstOrThrow()
      ).id;
    const storefront = () =>
      t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", { shop: domain }) });
    await install();
    const first = await shopIdNow();
    expect((await storefront()).statusCode).toBe(200);
    const { eraseShop } = await import("../src/modules/shops/shops.service");
    await t.deps.db.transaction().execute((trx) => eraseShop(trx, first));
    expect((await storefront()).statusCode).toBe(404);
    await install();
    expect(await shopIdNow()).not.toBe(first);
    expect((await storefront()).statusCode).toBe(200);
  });
});

describe("with SHOP_CACHE_MS=0", () => {
  it("every call reads the database", async () => {
    const fresh = await createTestApp({ clock, env: { SHOP_CACHE_MS: "0" } });
    try {
      const url = () => signedProxyUrl(fresh, "/proxy/customer", {});
      const before = (await fresh.app.inject({ method: "GET", url: url() })).json().data.waysToRedeem[0];
      await fresh.deps.db
        .updateTable("programs")
        .set({ title: "Seen at once" })
        .where("id", "=", before.programId)
        .execute();
      const after = (await fresh.app.inject({ method: "GET", url: url() })).json().data.waysToRedeem[0];
      expect(after.title).toBe("Seen at once");
    } finally {
      await fresh.close();
    }
  });
});
