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
    expect((await adminGet(t.app, "/apiSa/lp/programs/earning", other)).json().data).toEqual([]);
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", other, [
      { id: "prg_order", title: "Hijacked" },
    ]);
    expect(res.statusCode).toBe(400);
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    expect(earning[1].title).toBe("Shop and earn");
  });
});
