import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer, redactCustomer } from "../src/modules/customers/customers.service";
import { adminGet, adminSend, createTestApp, shopifyToken, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  await t.deps.db.transaction().execute(async (trx) => {
    const people = [
      ["1001", "ada@example.com", "Ada", "Lovelace", "member"],
      ["1002", "grace@example.com", "Grace", "Hopper", "member"],
      ["1003", "alan@example.com", "Alan", "Turing", "guest"],
    ] as const;
    for (const [pid, email, first, last, type] of people) {
      const c = await ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: pid, email, firstName: first, lastName: last },
        type,
      );
      ids[pid] = c.id;
    }
  });
});
afterAll(async () => {
  await t.close();
});

describe("admin customers (J-area, H-14, H-21)", () => {
  it("lists the shop's customers, with search, tab and keyset pages", async () => {
    const all = (await adminGet(t.app, "/apiSa/customers", token)).json().data;
    expect(all.customers).toHaveLength(3);
    expect(all.nextCursor).toBeNull();
    expect(all.currency).toBe("USD");
    const found = (await adminGet(t.app, "/apiSa/customers?search=HOPPER", token)).json().data;
    expect(found.customers.map((c: { email: string }) => c.email)).toEqual(["grace@example.com"]);
    const byId = (await adminGet(t.app, "/apiSa/customers?search=1003", token)).json().data;
    expect(byId.customers).toHaveLength(1);
    const guests = (await adminGet(t.app, "/apiSa/customers?tab=guest", token)).json().data;
    expect(guests.customers.map((c: { firstName: string }) => c.firstName)).toEqual(["Alan"]);
    const page1 = (await adminGet(t.app, "/apiSa/customers?pageSize=2&sort=name", token)).json().data;
    expect(page1.customers.map((c: { firstName: string }) => c.firstName)).toEqual(["Ada", "Alan"]);
    const page2 = (
      await adminGet(t.app, `/apiSa/customers?pageSize=2&sort=name&cursor=${page1.nextCursor}`, token)
    ).json().data;
    expect(page2.customers.map((c: { firstName: string }) => c.firstName)).toEqual(["Grace"]);
    expect(page2.nextCursor).toBeNull();
    // A LIKE wildcard in the search is literal.
    const wild = (await adminGet(t.app, "/apiSa/customers?search=%25", token)).json().data;
    expect(wild.customers).toHaveLength(0);
  });

  it("H-14: adds and subtracts points with a note and the actor; the balance may go below zero", async () => {
    const id = ids["1001"];
    const add = await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, {
      points: 250,
      note: "Goodwill for a late parcel",
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.customer.availablePoints).toBe(250);
    expect(add.json().data.activity).toMatchObject({
      activityType: "adjust_point",
      points: 250,
      note: "Goodwill for a late parcel",
      actor: "demo@laurel.test",
    });
    const sub = await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, { points: -400 });
    expect(sub.json().data.customer.availablePoints).toBe(-150);

    const activities = (await adminGet(t.app, `/apiSa/customers/${id}/activities`, token)).json().data;
    expect(activities.activities.map((a: { points: number }) => a.points)).toEqual([-400, 250]);
    const one = (await adminGet(t.app, `/apiSa/customers/${id}`, token)).json().data;
    expect(one).toMatchObject({ availablePoints: -150, email: "ada@example.com", type: "member" });
  });

  it("a retried adjustment with the same Idempotency-Key changes nothing", async () => {
    const id = ids["1002"];
    const send = (points: number) =>
      t.app.inject({
        method: "POST",
        url: `/apiSa/customers/${id}/points`,
        headers: { "x-auth-token": token, "idempotency-key": "click-42" },
        payload: { points },
      });
    expect((await send(100)).json().data.replayed).toBe(false);
    const again = await send(100);
    expect(again.json().data).toMatchObject({ replayed: true, customer: { availablePoints: 100 } });
    const conflicting = await send(90);
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().code).toBe("idempotency_conflict");
  });

  it.each([
    [{ points: 0 }, "points", "Points can't be 0."],
    [{ points: 1.5 }, "points", "Points must be a whole number."],
    [{ points: "10" }, "points", "Points must be a whole number."],
    [{ points: 20_000_000 }, "points", "Points must be between -10000000 and 10000000."],
    [{ points: 5, note: "x".repeat(501) }, "note", "Note must be 500 characters or fewer."],
    [{ points: 5, extra: true }, "", ""],
  ])("bad adjustment %j → 400 naming the field, nothing written", async (body, field, message) => {
    const id = ids["1003"];
    const res = await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, body);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().errors).toContainEqual({ field, message });
    const one = (await adminGet(t.app, `/apiSa/customers/${id}`, token)).json().data;
    expect(one.availablePoints).toBe(0);
  });

  it("another shop never sees or changes these customers", async () => {
    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    const list = (await adminGet(t.app, "/apiSa/customers", other)).json().data;
    expect(list.customers).toHaveLength(0);
    const one = await adminGet(t.app, `/apiSa/customers/${ids["1001"]}`, other);
    expect(one.statusCode).toBe(404);
    expect(one.json().code).toBe("customer_not_found");
    const adjust = await adminSend(t.app, "POST", `/apiSa/customers/${ids["1001"]}/points`, other, {
      points: 5,
    });
    expect(adjust.statusCode).toBe(404);
    const mine = (await adminGet(t.app, `/apiSa/customers/${ids["1001"]}`, token)).json().data;
    expect(mine.availablePoints).toBe(-150);
  });
});

describe("children info on the profile (J-02, J-04)", () => {
  it("saves the list whole, shows it on the profile, refuses bad rows by field, and goes with a redaction", async () => {
    const id = ids["1002"];
    const url = `/apiSa/customers/${id}/children`;
    const saved = await adminSend(t.app, "PUT", url, token, {
      children: [
        { name: "Mia", gender: "girl", birthDate: "2019-04-12" },
        { name: "Leo", gender: null, birthDate: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = (await adminGet(t.app, `/apiSa/customers/${id}/profile`, token)).json().data;
    expect(profile.children).toEqual([
      { name: "Mia", gender: "girl", birthDate: "2019-04-12" },
      { name: "Leo", gender: null, birthDate: null },
    ]);

    const bad = [
      [{ name: "", gender: null, birthDate: null }, "children.0.name"],
      [{ name: "Mia", gender: "cat", birthDate: null }, "children.0.gender"],
      [{ name: "Mia", gender: null, birthDate: "2019-02-30" }, "children.0.birthDate"],
      [{ name: "Mia", gender: null, birthDate: "2999-01-01" }, "children.0.birthDate"],
    ] as const;
    for (const [child, field] of bad) {
      const res = await adminSend(t.app, "PUT", url, token, { children: [child] });
      expect(res.statusCode, JSON.stringify(child)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `Kid ${i}`, gender: null, birthDate: null }));
    expect((await adminSend(t.app, "PUT", url, token, { children: many })).statusCode).toBe(400);
    // Nothing refused was written.
    expect(
      (await adminGet(t.app, `/apiSa/customers/${id}/profile`, token)).json().data.children,
    ).toHaveLength(2);

    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminSend(t.app, "PUT", url, other, { children: [] })).statusCode).toBe(404);

    await t.deps.db
      .transaction()
      .execute((trx) => redactCustomer(trx, "shop_demo", "1002", new Date("2026-01-01T00:00:00Z")));
    const left = await t.deps.db
      .selectFrom("customer_children")
      .select("name")
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", id as string)
      .execute();
    expect(left).toEqual([]);
  });
});
