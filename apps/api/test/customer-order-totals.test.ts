import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import { testSeed } from "./random";

/**
 * The customers' running order totals (`customer_order_totals`, migration 0070, decision 0071) against a direct
 * computation: random multi-row statements on `orders` — inserts, updates that pay, cancel,
 * refund, move an order to another customer or change its date, and deletes — and after each,
 * every customer's spend, order count and last order equal a fresh sum over the orders.
 */
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const SHOP = "shop_demo";
const CUSTOMERS = ["tot_a", "tot_b", "tot_c"];
const ORDERS = Array.from({ length: 8 }, (_, i) => `tot_o${i}`);
let t: TestApp;

type Status = "open" | "rewarded" | "logged" | "cancelled";
interface Version {
  order: string;
  customer: string | null;
  status: Status;
  paid: boolean;
  total: number;
  refunded: number;
  day: number;
}

const versionArb = fc
  .record({
    order: fc.constantFrom(...ORDERS),
    customer: fc.option(fc.constantFrom(...CUSTOMERS), { freq: 6 }),
    status: fc.constantFrom<Status>("open", "rewarded", "logged", "cancelled"),
    paid: fc.boolean(),
    total: fc.integer({ min: 0, max: 50_000 }),
    refundShare: fc.constantFrom(0, 0.25, 1),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ refundShare, ...v }): Version => ({ ...v, refunded: Math.round(v.total * refundShare) }));

type Step = { kind: "upsert"; rows: Version[] } | { kind: "delete"; orders: string[] };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(versionArb, { minLength: 1, maxLength: 5 })
      .map((rows) => ({ kind: "upsert" as const, rows })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uniqueArray(fc.constantFrom(...ORDERS), { minLength: 1, maxLength: 3 })
      .map((orders) => ({ kind: "delete" as const, orders })),
  },
);

const at = (day: number) => new Date(Date.UTC(2026, 5, day, 12));

/** One statement per step, as the order batch writes: new orders inserted, known ones updated. */
async function apply(step: Step): Promise<void> {
  const db = t.deps.db;
  if (step.kind === "delete") {
    await db.deleteFrom("orders").where("shop_id", "=", SHOP).where("order_id", "in", step.orders).execute();
    return;
  }
  const last = new Map(step.rows.map((r) => [r.order, r])); // one version per order per statement
  const known = new Set(
    (
      await db
        .selectFrom("orders")
        .select("order_id")
        .where("shop_id", "=", SHOP)
        .where("order_id", "in", [...last.keys()])
        .execute()
    ).map((r) => r.order_id),
  );
  const fresh = [...last.values()].filter((r) => !known.has(r.order));
  const seen = [...last.values()].filter((r) => known.has(r.order));
  if (fresh.length > 0) {
    await db
      .insertInto("orders")
      .values(
        fresh.map((r) => ({
          shop_id: SHOP,
          order_id: r.order,
          customer_id: r.customer,
          currency: "USD",
          status: r.status,
          total_minor: r.total,
          refunded_minor: r.refunded,
          paid_at: r.paid ? at(r.day) : null,
          ordered_at: at(r.day),
        })),
      )
      .execute();
  }
  if (seen.length > 0) {
    const values = sql.join(
      seen.map(
        (r) => sql`(${r.order}::text, ${r.customer}::text, ${r.status}::text, ${r.total}::bigint,
          ${r.refunded}::bigint, ${r.paid ? at(r.day) : null}::timestamptz, ${at(r.day)}::timestamptz)`,
      ),
    );
    await sql`
      update orders o set customer_id = v.customer_id, status = v.status, total_minor = v.total_minor,
        refunded_minor = v.refunded_minor, paid_at = v.paid_at, ordered_at = v.ordered_at
      from (values ${values}) as v (order_id, customer_id, status, total_minor, refunded_minor, paid_at, ordered_at)
      where o.shop_id = ${SHOP} and o.order_id = v.order_id`.execute(db);
  }
}

interface Totals {
  id: string;
  spent: number;
  counted: number;
  last: string | null;
}

async function kept(): Promise<Totals[]> {
  const rows = new Map(
    (
      await t.deps.db
        .selectFrom("customer_order_totals")
        .selectAll()
        .where("shop_id", "=", SHOP)
        .where("customer_id", "in", CUSTOMERS)
        .execute()
    ).map((r) => [r.customer_id, r]),
  );
  // No row yet is the same as zero totals.
  return CUSTOMERS.map((id) => {
    const r = rows.get(id);
    return {
      id,
      spent: Number(r?.spent_minor ?? 0),
      counted: r?.orders_counted ?? 0,
      last: r?.last_order_at ? new Date(r.last_order_at).toISOString() : null,
    };
  });
}

/** The rule, computed afresh in TypeScript over what the orders table holds now. */
async function direct(): Promise<Totals[]> {
  const orders = await t.deps.db.selectFrom("orders").selectAll().where("shop_id", "=", SHOP).execute();
  return CUSTOMERS.map((id) => {
    const counting = orders.filter(
      (o) =>
        o.customer_id === id &&
        o.status !== "cancelled" &&
        (o.paid_at !== null || o.status === "rewarded" || o.status === "logged"),
    );
    const whole = counting.filter((o) => Number(o.refunded_minor) < Number(o.total_minor));
    const last = whole.map((o) => new Date(o.ordered_at).getTime()).sort((a, b) => b - a)[0];
    return {
      id,
      spent: counting.reduce((s, o) => s + Number(o.total_minor) - Number(o.refunded_minor), 0),
      counted: whole.length,
      last: last === undefined ? null : new Date(last).toISOString(),
    };
  });
}

/** A clean start for each run, so a failing run's drift cannot leak into the shrunk ones. */
async function reset(): Promise<void> {
  await t.deps.db.deleteFrom("orders").where("shop_id", "=", SHOP).execute();
  await t.deps.db.deleteFrom("customer_order_totals").where("shop_id", "=", SHOP).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db
    .insertInto("customers")
    .values(CUSTOMERS.map((id) => ({ shop_id: SHOP, id, platform_customer_id: `p_${id}`, type: "member" })))
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe(`customers' running order totals on ${engine} (decision 0071)`, () => {
  it("equal a direct computation over the orders after every statement", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        await reset();
        expect(await kept()).toEqual(await direct());
        for (const step of steps) {
          await apply(step);
          expect(await kept()).toEqual(await direct());
        }
      }),
      { seed: testSeed("customer-order-totals"), numRuns: engine === "postgres" ? 60 : 30 },
    );
  });

  it("leaves a customer's totals row alone when a statement changes no total", async () => {
    await reset();
    await apply({
      kind: "upsert",
      rows: [
        {
          order: "tot_o0",
          customer: "tot_a",
          status: "rewarded",
          paid: true,
          total: 100,
          refunded: 0,
          day: 3,
        },
      ],
    });
    const version = () =>
      t.deps.db
        .selectFrom("customer_order_totals")
        .select(sql<string>`xmin::text`.as("version"))
        .where("shop_id", "=", SHOP)
        .where("customer_id", "=", "tot_a")
        .executeTakeFirstOrThrow();
    const before = await version();
    // The order's name and fulfilment change; nothing the totals count does.
    await t.deps.db
      .updateTable("orders")
      .set({ name: "#1001", fulfilled_at: at(4) })
      .where("shop_id", "=", SHOP)
      .where("order_id", "=", "tot_o0")
      .execute();
    expect((await version()).version).toBe(before.version);
    expect((await kept())[0]).toEqual({ id: "tot_a", spent: 100, counted: 1, last: at(3).toISOString() });
  });
});
