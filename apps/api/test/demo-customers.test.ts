import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, seedDemoCustomers } from "../src/seed/demo-customers";
import { seedDemoMembers } from "../src/seed/demo-members";
import { adminGet, createTestApp, signIn, type TestApp } from "./helpers";

/** The customers area's demo data: every tab of the list shows someone; a restart adds nothing. */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  await seedDemoMembers(t.deps);
  expect(await seedDemoCustomers(t.deps)).toEqual({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const res = await adminGet(t.app, `/apiSa/customers?pageSize=100&${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.customers as { email: string; birthday: string | null; phone: string | null }[];
};

describe("demo customers (issue 9)", () => {
  it("fills every tab, and gives members birthdays and phones", async () => {
    expect(await list("tab=guest")).toHaveLength(DEMO_CUSTOMERS.filter((c) => c.type === "guest").length);
    expect((await list("tab=b2b")).map((c) => c.email)).toEqual(["orders@northwind-trading.test"]);
    expect(await list("tab=left_segment")).toHaveLength(2);
    const members = await list("tab=member");
    expect(members.filter((m) => m.birthday !== null).length).toBeGreaterThanOrEqual(8);
    expect((await list("search=%2B44%207700")).map((c) => c.phone)).toEqual(["+44 7700 900123"]);
  });

  it("gives the first members children info (J-02), shown on their profiles", async () => {
    const withChildren = await t.deps.db
      .selectFrom("customer_children")
      .select("customer_id")
      .distinct()
      .where("shop_id", "=", "shop_demo")
      .execute();
    expect(withChildren).toHaveLength(3);
    const profiles = await Promise.all(
      withChildren.map(
        async (c) => (await adminGet(t.app, `/apiSa/customers/${c.customer_id}/profile`, token)).json().data,
      ),
    );
    expect(profiles.flatMap((p) => p.children.map((k: { name: string }) => k.name)).sort()).toEqual([
      "Mia",
      "Noah",
      "Sam",
      "Yuki",
    ]);
  });

  it("a second start adds and changes nothing", async () => {
    const before = await list("tab=all");
    const children = await t.deps.db.selectFrom("customer_children").selectAll().execute();
    expect(await seedDemoCustomers(t.deps)).toEqual({ seeded: false });
    expect(await list("tab=all")).toEqual(before);
    expect(await t.deps.db.selectFrom("customer_children").selectAll().execute()).toEqual(children);
  });
});
