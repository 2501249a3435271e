import { createHash } from "node:crypto";
import type { Tx } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer, findCustomer } from "../src/modules/customers/customers.service";
import {
  auditLedger,
  postEntry,
  postHold,
  reserveHold,
  voidHold,
} from "../src/modules/ledger/ledger.service";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
const shopId = "shop_demo";
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newCustomer(points: number) {
  return t.deps.db.transaction().execute(async (trx) => {
    const c = await ensureCustomer(t.deps, trx, shopId, {
      platformCustomerId: String(Math.floor(Math.random() * 1e15)),
      email: null,
      firstName: null,
      lastName: null,
    });
    if (points)
      await postEntry(trx, {
        shopId,
        customerId: c.id,
        activityType: "earn_place_order",
        available: points,
        idempotencyKey: `seed:${c.id}`,
      });
    return c;
  });
}
const balance = async (id: string) => (await findCustomer(t.deps.db, shopId, id))?.available_points;
const tx = <T>(fn: (trx: Tx) => Promise<T>) => t.deps.db.transaction().execute(fn);

describe("ledger entries (H-01…H-17, DESIGN §4)", () => {
  it("an idempotency key applies once: same input replays, different input is refused", async () => {
    const c = await newCustomer(0);
    const input = {
      shopId,
      customerId: c.id,
      activityType: "earn_place_order" as const,
      available: 40,
      idempotencyKey: "order:1:earn",
    };
    const first = await tx((trx) => postEntry(trx, input));
    const again = await tx((trx) => postEntry(trx, input));
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, entry: { id: first.entry.id } });
    await expect(tx((trx) => postEntry(trx, { ...input, available: 41 }))).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
    expect(await balance(c.id)).toBe(40);
  });

  it("entries stored before the domain's canonical hash still replay (and still refuse a change)", async () => {
    const c = await newCustomer(0);
    const input = {
      shopId,
      customerId: c.id,
      activityType: "earn_place_order" as const,
      available: 25,
      idempotencyKey: "order:legacy:earn",
    };
    const first = await tx((trx) => postEntry(trx, input));
    // The digest's earlier form: sha256 of the JSON array of the entry's fields, in this order.
    const legacy = createHash("sha256")
      .update(JSON.stringify([c.id, "earn_place_order", 25, 0, 0, null, null, null, null, null]))
      .digest("base64url");
    await t.deps.db
      .updateTable("ledger_entries")
      .set({ input_hash: legacy })
      .where("id", "=", first.entry.id)
      .execute();
    expect(await tx((trx) => postEntry(trx, input))).toMatchObject({
      replayed: true,
      entry: { id: first.entry.id },
    });
    await expect(tx((trx) => postEntry(trx, { ...input, available: 26 }))).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
    expect(await balance(c.id)).toBe(25);
  });

  it("refuses to overdraw with 'Current balance is insufficient' and writes nothing", async () => {
    const c = await newCustomer(10);
    await expect(
      tx((trx) =>
        postEntry(trx, {
          shopId,
          customerId: c.id,
          activityType: "redeem_point",
          available: -11,
          idempotencyKey: "x1",
        }),
      ),
    ).rejects.toMatchObject({ code: "insufficient_points", message: "Current balance is insufficient" });
    expect(await balance(c.id)).toBe(10);
    expect((await auditLedger(t.deps.db, shopId)).balanceMismatches).toEqual([]);
  });

  it("a merchant adjustment may go negative (H-14)", async () => {
    const c = await newCustomer(5);
    await tx((trx) =>
      postEntry(trx, {
        shopId,
        customerId: c.id,
        activityType: "adjust_point",
        available: -20,
        idempotencyKey: "adj1",
        allowNegative: true,
        note: "fraud",
        actor: "usr_demo",
      }),
    );
    expect(await balance(c.id)).toBe(-15);
  });
});

describe("holds resolve exactly once", () => {
  it("reserve takes points at once; post keeps them; a later void does nothing", async () => {
    const c = await newCustomer(100);
    const { hold } = await tx((trx) =>
      reserveHold(trx, {
        shopId,
        customerId: c.id,
        holdId: "h1",
        points: 30,
        idempotencyKey: "redeem:1",
        activityType: "redeem_point",
      }),
    );
    expect(await balance(c.id)).toBe(70);
    const replay = await tx((trx) =>
      reserveHold(trx, {
        shopId,
        customerId: c.id,
        holdId: "h1-again",
        points: 30,
        idempotencyKey: "redeem:1",
        activityType: "redeem_point",
      }),
    );
    expect(replay).toMatchObject({ replayed: true, hold: { id: hold.id } });
    expect(await balance(c.id)).toBe(70);
    expect((await tx((trx) => postHold(trx, shopId, hold.id, new Date()))).state).toBe("posted");
    expect((await tx((trx) => voidHold(trx, shopId, hold.id, new Date(), "redeem_void"))).state).toBe(
      "posted",
    );
    expect(await balance(c.id)).toBe(70);
  });

  it("void returns the points once, however often it is called", async () => {
    const c = await newCustomer(50);
    const { hold } = await tx((trx) =>
      reserveHold(trx, {
        shopId,
        customerId: c.id,
        holdId: "h2",
        points: 50,
        idempotencyKey: "redeem:2",
        activityType: "redeem_point",
      }),
    );
    await Promise.all(
      [1, 2, 3].map(() => tx((trx) => voidHold(trx, shopId, hold.id, new Date(), "redeem_void"))),
    );
    expect(await balance(c.id)).toBe(50);
    const audit = await auditLedger(t.deps.db, shopId);
    expect(audit).toEqual({ balanceMismatches: [], holdMismatches: [] });
  });

  it("refuses a zero or negative reservation with the spec's message", async () => {
    const c = await newCustomer(50);
    await expect(
      tx((trx) =>
        reserveHold(trx, {
          shopId,
          customerId: c.id,
          holdId: "h3",
          points: 0,
          idempotencyKey: "r3",
          activityType: "redeem_point",
        }),
      ),
    ).rejects.toMatchObject({ message: "Redeem amount must be greater than 0" });
  });
});

describe("L1: racing redemptions never overdraw", () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  // DESIGN §9 L1 on PostgreSQL: 10,000 racing 1-point redemptions over 5,000 points. PGlite
  // serialises everything, so it runs a tenth of it to prove the same invariant.
  const attempts = onPostgres ? 10_000 : 1_000;
  const affordable = attempts / 2;

  it(`${attempts} concurrent reservations over ${affordable} points: exactly ${affordable} succeed`, async () => {
    const c = await newCustomer(affordable);
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) =>
        tx((trx) =>
          reserveHold(trx, {
            shopId,
            customerId: c.id,
            holdId: `race-${i}`,
            points: 1,
            idempotencyKey: `race:${i}`,
            activityType: "redeem_point",
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(affordable);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "insufficient_points" });
    expect(await balance(c.id)).toBe(0);
    expect(await auditLedger(t.deps.db, shopId)).toEqual({ balanceMismatches: [], holdMismatches: [] });
  }, 180_000);
});
