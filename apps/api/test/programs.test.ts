import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminSend, createTestApp, shopifyToken, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  const rows = [
    { id: "prg_order", type: "earning", event: "place_order", title: "Place an order", priority: 99 },
    { id: "prg_signup", type: "earning", event: "sign_up", title: "Sign up", priority: 1 },
    { id: "prg_500off", type: "spending", event: "amount_discount", title: "$5 off", priority: 1 },
  ];
  // Replace the seeded default programs with rows this file controls.
  await t.deps.db.deleteFrom("programs").where("shop_id", "=", "shop_demo").execute();
  await t.deps.db
    .insertInto("programs")
    .values(rows.map((r) => ({ ...r, shop_id: "shop_demo", config: JSON.stringify({ earnPoint: 1 }) })))
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe("program lists and names (S-12, S-13, S-14)", () => {
  it("lists earning and redeeming programs separately, by priority", async () => {
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning.map((p: { id: string }) => p.id)).toEqual(["prg_signup", "prg_order"]);
    expect(earning[0]).toMatchObject({
      type: "earning",
      event: "sign_up",
      status: "active",
      translateTitle: {},
      config: { earnPoint: 1 },
    });
    const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
    expect(spending.map((p: { id: string }) => p.id)).toEqual(["prg_500off"]);
  });

  it("renames programs, with translated titles", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", token, [
      { id: "prg_order", title: "Shop and earn", translateTitle: { fr: "Achetez et gagnez" } },
    ]);
    expect(res.json()).toMatchObject({ success: true, message: "Updated successfully" });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1]).toMatchObject({ title: "Shop and earn", translateTitle: { fr: "Achetez et gagnez" } });
  });

  it.each([
    [[], "body", "Send at least one program name."],
    [[{ id: "prg_order", title: "  " }], "0.title", "Title can't be blank."],
    [
      [
        { id: "prg_order", title: "ok" },
        { id: "prg_nope", title: "x" },
      ],
      "1.id",
      "Program not found.",
    ],
    [{ id: "prg_order" }, "body", "body must be an array."],
  ])("refuses %j, writing nothing", async (body, field, message) => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1].title).toBe("Shop and earn");
  });

  it("another shop neither sees nor renames these programs (S1)", async () => {
    const other = await shopifyToken(t.config, "other-programs.myshopify.com");
    // The other shop has only its own default programs.
    const theirs = (await adminGet(t.app, "/apiSa/lp/programs/earning", other)).json().data;
    expect(theirs.map((p: { event: string }) => p.event).sort()).toEqual(["place_order", "sign_up"]);
    expect(theirs.map((p: { id: string }) => p.id)).not.toContain("prg_order");
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", other, [
      { id: "prg_order", title: "Hijacked" },
    ]);
    expect(res.statusCode).toBe(400);
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1].title).toBe("Shop and earn");
  });
});

describe("default programs (C-15, C-25)", () => {
  it("a new shop starts with place order, sign up and a 500-point amount discount", async () => {
    const fresh = await shopifyToken(t.config, "fresh-defaults.myshopify.com");
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", fresh)).json().data;
    const order = earning.find((p: { event: string }) => p.event === "place_order");
    expect(order).toMatchObject({
      status: "active",
      priority: 99,
      config: {
        earnBy: "price",
        earnPoint: 10,
        rateMoney: 10_000,
        rounding: "roundingDown",
        enabledAntiCheat: true,
      },
    });
    const signUp = earning.find((p: { event: string }) => p.event === "sign_up");
    expect(signUp).toMatchObject({ config: { earnPoint: 100, limitUnit: "lifetime", limitInterval: 1 } });
    const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", fresh)).json().data;
    expect(spending).toHaveLength(1);
    expect(spending[0]).toMatchObject({
      event: "amount_discount",
      config: { redeemType: "fixed", pointsCost: 500, discountKind: "amount" },
    });
    // Asking again (a second session token) does not add them twice.
    const again = (
      await adminGet(
        t.app,
        "/apiSa/lp/programs/earning",
        await shopifyToken(t.config, "fresh-defaults.myshopify.com"),
      )
    ).json().data;
    expect(again).toHaveLength(2);
  });
});
