import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminSend, createTestApp, signIn, type TestApp, updateShopRow } from "./helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

type Kind = { event: string; type: string; family: string; minimumPlan: string | null; block: string | null };
const kinds = async (): Promise<Kind[]> => {
  const res = await adminGet(t.app, "/apiSa/lp/programs/kinds", token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const kindOf = async (event: string) => (await kinds()).find((k) => k.event === event);

describe("GET /lp/programs/kinds: what 'Add program' offers (C-07, C-08, R-02)", () => {
  it("lists every earning and redeeming kind with its plan gate for the shop's plan", async () => {
    const all = await kinds();
    expect(all.filter((k) => k.family === "redeem").map((k) => k.event)).toEqual([
      "amount_discount",
      "percentage_discount",
      "pos_amount_discount",
      "pos_percentage_discount",
      "free_shipping",
      "buy_x_get_y",
      "free_gift",
      "custom_voucher",
    ]);
    expect(await kindOf("place_order")).toEqual({
      event: "place_order",
      type: "earning",
      family: "earning",
      minimumPlan: null,
      block: null,
    });
    expect(await kindOf("free_gift")).toMatchObject({ minimumPlan: "essential", block: "plan" });
    await updateShopRow(t, "shop_demo", { plan: "pro_3" });
    try {
      expect(await kindOf("free_gift")).toMatchObject({ minimumPlan: "essential", block: null });
    } finally {
      await updateShopRow(t, "shop_demo", { plan: "free" });
    }
  });

  it("C-07: place order can no longer be added once the shop has 10", async () => {
    const existing = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const count = existing.filter((p: { event: string }) => p.event === "place_order").length;
    for (let i = count; i < 10; i++) {
      const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
        event: "place_order",
        title: `Rule ${i}`,
        status: "inactive",
        priority: 10 + i,
        config: { earnBy: "order", earnPoint: 5, rateMoney: null },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await kindOf("place_order"))?.block).toBe("place_order_limit");
    expect((await kindOf("sign_up_newsletter"))?.block).toBeNull();
  });

  it("needs an admin session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/apiSa/lp/programs/kinds" });
    expect(res.statusCode).toBe(401);
  });
});
