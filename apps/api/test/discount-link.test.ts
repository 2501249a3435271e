import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { adminGet, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
let programId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
  programId = spending[0].id;
  customerId = await t.deps.db.transaction().execute(async (trx) => {
    const c = await ensureCustomer(
      t.deps,
      trx,
      "shop_demo",
      { platformCustomerId: "7801", email: "oona@example.com", firstName: "Oona", lastName: null },
      "member",
    );
    return c.id;
  });
  await t.deps.db
    .insertInto("coupons")
    .values({
      shop_id: "shop_demo",
      id: "cpn_d20",
      customer_id: customerId,
      program_id: programId,
      hold_id: "hold_d20",
      code: "LAUREL-D20",
      platform_discount_id: "gid://shopify/DiscountCodeNode/1357924680",
      points: 500,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe("D-20: the discount function page finds the reward behind a platform discount", () => {
  it("answers the coupon, its reward and its shopper for the discount's numeric id or its GID", async () => {
    const res = await adminGet(t.app, "/apiSa/lp/discounts/fn-1/1357924680", token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      functionId: "fn-1",
      discountId: "1357924680",
      reward: {
        couponId: "cpn_d20",
        code: "LAUREL-D20",
        programId,
        customerId,
        customerEmail: "oona@example.com",
        points: 500,
        status: "available",
        usedAt: null,
      },
    });
    const byGid = await adminGet(
      t.app,
      `/apiSa/lp/discounts/fn-1/${encodeURIComponent("gid://shopify/DiscountCodeNode/1357924680")}`,
      token,
    );
    expect(byGid.json().data.reward.couponId).toBe("cpn_d20");
  });

  it("answers no reward for a discount Laurel did not create, 414 for an overlong id, 401 without a session", async () => {
    const other = await adminGet(t.app, "/apiSa/lp/discounts/fn-1/999", token);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual({ functionId: "fn-1", discountId: "999", reward: null });
    // Longer than any platform id: refused before the handler (the server's parameter bound).
    const long = await adminGet(t.app, `/apiSa/lp/discounts/fn-1/${"9".repeat(300)}`, token);
    expect(long.statusCode).toBe(414);
    const anonymous = await t.app.inject({ method: "GET", url: "/apiSa/lp/discounts/fn-1/1" });
    expect(anonymous.statusCode).toBe(401);
  });
});
