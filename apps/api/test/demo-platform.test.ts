import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscountRequest, PlatformError } from "../src/platform/port";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const request: DiscountRequest = {
  code: "LAUREL-DEMO1",
  title: "$5 off",
  value: { kind: "amount", amount: { amount: 500, currency: "USD" }, items: { all: true } },
  minimum: null,
  customerPlatformId: "1001",
  usageLimit: 1,
  appliesOncePerCustomer: true,
  combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
  purchaseType: "both",
  salesChannel: "all",
  startsAt: new Date("2026-11-22T00:00:00Z"),
  endsAt: null,
};

/** The code as the demo store's checkout looks it up: case-insensitively (apps/demo-store). */
const findByCode = (shopId: string, code: string) =>
  t.deps.db
    .selectFrom("demo_discounts")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where(sql<boolean>`upper(code) = upper(${code})`)
    .executeTakeFirst();

describe("demo platform discount codes (the local store)", () => {
  it("creates a code the demo checkout can find case-insensitively, refuses a duplicate, deactivates", async () => {
    const shop = { domain: DEMO_SHOP_DOMAIN, accessToken: null };
    const created = await t.deps.platform.createDiscount(shop, request);
    expect(await findByCode("shop_demo", "laurel-demo1")).toMatchObject({
      id: created.platformDiscountId,
      active: true,
    });
    await expect(t.deps.platform.createDiscount(shop, request)).rejects.toBeInstanceOf(PlatformError);
    // A code already made is found by it, whatever its case (a retried job takes it back).
    expect(await t.deps.platform.findDiscountByCode(shop, "laurel-demo1")).toEqual({
      platformDiscountId: created.platformDiscountId,
      code: "LAUREL-DEMO1",
    });
    expect(await t.deps.platform.findDiscountByCode(shop, "LAUREL-NONE")).toBeNull();
    await t.deps.platform.deactivateDiscount(shop, created.platformDiscountId);
    await t.deps.platform.deactivateDiscount(shop, created.platformDiscountId);
    expect((await findByCode("shop_demo", "LAUREL-DEMO1"))?.active).toBe(false);
  });

  it("refuses codes for a shop the demo store does not know", async () => {
    await expect(
      t.deps.platform.createDiscount({ domain: "nope.myshopify.com", accessToken: null }, request),
    ).rejects.toThrow("Unknown demo shop");
  });
});

describe("demo platform customer tags (I-08)", () => {
  it("removes, then adds, in one call: a tag named in both stays; other tags are untouched", async () => {
    const shop = { domain: DEMO_SHOP_DOMAIN, accessToken: "demo" };
    const shopId = (
      await t.deps.db
        .selectFrom("shops")
        .select("id")
        .where("shopify_domain", "=", DEMO_SHOP_DOMAIN)
        .executeTakeFirstOrThrow()
    ).id;
    const tagsOf = async () =>
      (
        await t.deps.db
          .selectFrom("demo_customer_tags")
          .select("tag")
          .where("shop_id", "=", shopId)
          .where("customer_id", "=", "77001")
          .orderBy("tag")
          .execute()
      ).map((r) => r.tag);
    await t.deps.platform.updateCustomerTags(shop, "77001", { add: ["Joy Gold", "wholesale"], remove: [] });
    await t.deps.platform.updateCustomerTags(shop, "77001", {
      add: ["Joy Silver"],
      remove: ["Joy Gold", "Joy Silver"],
    });
    expect(await tagsOf()).toEqual(["Joy Silver", "wholesale"]);
    await t.deps.platform.updateCustomerTags(shop, "77001", { add: [], remove: ["Joy Silver"] });
    expect(await tagsOf()).toEqual(["wholesale"]);
    await t.deps.platform.updateCustomerTags(shop, "77001", { add: ["Joy Bronze"], remove: ["Joy Gold"] });
    expect(await tagsOf()).toEqual(["Joy Bronze", "wholesale"]);
  });
});
