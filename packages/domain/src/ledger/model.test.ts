import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLedgerModel, type LedgerModel, type LedgerOperation } from "./model";
import { usePropertySeed } from "./property-seed.test-support";

usePropertySeed("ledger model");

function modelWith(...customers: string[]): LedgerModel {
  const model = createLedgerModel();
  for (const c of customers) model.addCustomer(c);
  return model;
}

type Step = [LedgerOperation, Record<string, unknown>];

/** Runs steps, checking each outcome (partially) and the invariants after each. */
function play(model: LedgerModel, steps: Step[]) {
  for (const [op, expected] of steps) {
    expect(model.apply(op), JSON.stringify(op)).toMatchObject(expected);
    expect(model.checkInvariants()).toEqual([]);
  }
}

const earn = (key: string, points: number, customerId = "c1"): LedgerOperation => ({
  op: "earn",
  customerId,
  key,
  points,
});
const reserve = (key: string, points: number, customerId = "c1"): LedgerOperation => ({
  op: "reserve",
  customerId,
  key,
  points,
});
const bal = (available: number, pending = 0, tierPoints = 0) => ({
  balances: { available, pending, tierPoints },
});

describe("ledger reference model: scenarios (DESIGN §4, §9 L2/L3)", () => {
  it("L2: an earn applies once; the same key with other input is refused", () => {
    play(modelWith("c1"), [
      [earn("order:1:earn", 40), { ok: true, replayed: false, points: 40, ...bal(40) }],
      [earn("order:1:earn", 40), { ok: true, replayed: true, points: 40, ...bal(40) }],
      [earn("order:1:earn", 41), { ok: false, code: "idempotency_conflict" }],
      [
        { op: "adjust", customerId: "c1", key: "order:1:earn", points: 40 },
        { ok: false, code: "idempotency_conflict" },
      ],
      [
        { op: "earn", customerId: "c1", key: "order:2:earn", points: 10, tierPoints: 10 },
        { ok: true, ...bal(50, 0, 10) },
      ],
    ]);
  });

  it("L1: a redemption reserves, then posts once and issues a coupon; it never overdraws", () => {
    const model = modelWith("c1");
    play(model, [
      [earn("e1", 500), { ok: true }],
      [
        reserve("r1", 501),
        { ok: false, code: "insufficient_points", message: "Current balance is insufficient" },
      ],
      [reserve("r1", 500), { ok: true, replayed: false, ...bal(0) }],
      [reserve("r1", 500), { ok: true, replayed: true, ...bal(0) }],
      [reserve("r2", 1), { ok: false, code: "insufficient_points" }],
      [
        { op: "post", holdKey: "r1" },
        { ok: true, replayed: false, points: 500 },
      ],
      [
        { op: "post", holdKey: "r1" },
        { ok: true, replayed: true },
      ],
      [
        { op: "void", holdKey: "r1" },
        { ok: false, code: "hold_already_posted" },
      ],
    ]);
    expect(model.hold("r1")?.state).toBe("posted");
    expect(model.coupon("r1")).toMatchObject({ status: "available", points: 500 });
  });

  it("a voided hold gives its points back once and cannot be posted", () => {
    play(modelWith("c1"), [
      [earn("e1", 300), { ok: true }],
      [reserve("r1", 200), { ok: true, ...bal(100) }],
      [
        { op: "void", holdKey: "r1" },
        { ok: true, replayed: false, ...bal(300) },
      ],
      [
        { op: "void", holdKey: "r1" },
        { ok: true, replayed: true, ...bal(300) },
      ],
      [
        { op: "post", holdKey: "r1" },
        { ok: false, code: "hold_already_voided" },
      ],
      [
        { op: "post", holdKey: "nope" },
        { ok: false, code: "hold_not_found" },
      ],
      [
        reserve("r0", 0),
        { ok: false, code: "redeem_amount_invalid", message: "Redeem amount must be greater than 0" },
      ],
    ]);
  });

  it("a refused operation records nothing, so its retry may succeed later", () => {
    play(modelWith("c1"), [
      [reserve("r1", 100), { ok: false, code: "insufficient_points" }],
      [earn("e1", 100), { ok: true }],
      [reserve("r1", 100), { ok: true, replayed: false, ...bal(0) }],
    ]);
  });

  it("H-17: a reversal takes back at most what the earn gave and what is available", () => {
    play(modelWith("c1"), [
      [earn("e1", 100), { ok: true }],
      [
        { op: "reverse", key: "refund:1", earnKey: "e1", points: 30 },
        { ok: true, points: 30, ...bal(70) },
      ],
      [
        { op: "reverse", key: "refund:1", earnKey: "e1", points: 30 },
        { ok: true, replayed: true, points: 30, ...bal(70) },
      ],
      [reserve("r1", 60), { ok: true, ...bal(10) }],
      [
        { op: "reverse", key: "refund:2", earnKey: "e1", points: 50 },
        { ok: true, points: 10, ...bal(0) },
      ],
      [earn("e2", 100), { ok: true, ...bal(100) }],
      [
        { op: "reverse", key: "refund:3", earnKey: "e1", points: 50 },
        { ok: true, points: 20, ...bal(80) },
      ],
      [
        { op: "reverse", key: "refund:4", earnKey: "e1", points: 50 },
        { ok: true, points: 0, ...bal(80) },
      ],
      [
        { op: "reverse", key: "refund:5", earnKey: "nope", points: 5 },
        { ok: false, code: "entry_not_found" },
      ],
      [
        { op: "reverse", key: "refund:6", earnKey: "e2", points: 0 },
        { ok: false, code: "invalid_points" },
      ],
    ]);
  });

  it("H-14: a manual adjustment may overdraw; then redemptions are refused until the balance recovers (X-41)", () => {
    play(modelWith("c1"), [
      [earn("e1", 10), { ok: true }],
      [
        { op: "adjust", customerId: "c1", key: "adj1", points: -25 },
        { ok: true, points: 25, ...bal(-15) },
      ],
      [reserve("r1", 1), { ok: false, code: "insufficient_points" }],
      [
        { op: "expire", customerId: "c1", key: "x1", points: 5 },
        { ok: true, points: 0, ...bal(-15) },
      ],
      [earn("e2", 20), { ok: true, ...bal(5) }],
      [reserve("r1", 5), { ok: true, ...bal(0) }],
      [
        { op: "adjust", customerId: "c1", key: "adj2", points: 0 },
        { ok: false, code: "invalid_points" },
      ],
    ]);
  });

  it("H-09: pending points convert once; refunds take from pending, then (converted) from available", () => {
    play(modelWith("c1"), [
      [
        { op: "awardPending", customerId: "c1", key: "p1", points: 50 },
        { ok: true, ...bal(0, 50) },
      ],
      [
        { op: "deductPending", key: "d1", awardKey: "p1", points: 20 },
        { ok: true, points: 20, ...bal(0, 30) },
      ],
      [
        { op: "deductPending", key: "d2", awardKey: "p1", points: 40 },
        { ok: true, points: 30, ...bal(0, 0) },
      ],
      [
        { op: "convertPending", key: "cv1", awardKey: "p1" },
        { ok: true, points: 0, ...bal(0, 0) },
      ],
      [
        { op: "awardPending", customerId: "c1", key: "p2", points: 70 },
        { ok: true, ...bal(0, 70) },
      ],
      [
        { op: "convertPending", key: "cv2", awardKey: "p2" },
        { ok: true, points: 70, ...bal(70, 0) },
      ],
      [
        { op: "convertPending", key: "cv2", awardKey: "p2" },
        { ok: true, replayed: true, ...bal(70, 0) },
      ],
      [
        { op: "convertPending", key: "cv3", awardKey: "p2" },
        { ok: false, code: "already_converted" },
      ],
      // A refund after the conversion reverses from available (decision 0013), never overdrawing.
      [
        { op: "deductPending", key: "d3", awardKey: "p2", points: 5 },
        { ok: true, points: 5, ...bal(65, 0) },
      ],
      [reserve("r1", 60), { ok: true, ...bal(5, 0) }],
      [
        { op: "deductPending", key: "d3b", awardKey: "p2", points: 30 },
        { ok: true, points: 5, ...bal(0, 0) },
      ],
      [
        { op: "deductPending", key: "d3c", awardKey: "p2", points: 70 },
        { ok: true, points: 0, ...bal(0, 0) },
      ],
      // The award counts the forgiven points too: once refunded in full, nothing more is taken.
      [
        { op: "adjust", customerId: "c1", key: "a1", points: 50 },
        { ok: true, ...bal(50, 0) },
      ],
      [
        { op: "deductPending", key: "d3d", awardKey: "p2", points: 70 },
        { ok: true, points: 0, ...bal(50, 0) },
      ],
      [
        { op: "deductPending", key: "d4", awardKey: "nope", points: 5 },
        { ok: false, code: "entry_not_found" },
      ],
    ]);
  });

  it("H-08: expiry takes at most what is available", () => {
    play(modelWith("c1"), [
      [earn("e1", 30), { ok: true }],
      [
        { op: "expire", customerId: "c1", key: "x1", points: 20 },
        { ok: true, points: 20, ...bal(10) },
      ],
      [
        { op: "expire", customerId: "c1", key: "x2", points: 20 },
        { ok: true, points: 10, ...bal(0) },
      ],
    ]);
  });

  it("H-13: revoking an available coupon refunds its points once; a used coupon cannot be revoked", () => {
    const model = modelWith("c1");
    play(model, [
      [earn("e1", 1000), { ok: true }],
      [reserve("r1", 400), { ok: true }],
      [{ op: "post", holdKey: "r1" }, { ok: true }],
      [
        { op: "revokeCoupon", key: "rv1", holdKey: "r1" },
        { ok: true, points: 400, ...bal(1000) },
      ],
      [
        { op: "revokeCoupon", key: "rv1", holdKey: "r1" },
        { ok: true, replayed: true, ...bal(1000) },
      ],
      [
        { op: "revokeCoupon", key: "rv2", holdKey: "r1" },
        { ok: false, code: "coupon_not_available" },
      ],
      [
        { op: "useCoupon", holdKey: "r1" },
        { ok: false, code: "coupon_not_available" },
      ],
      [reserve("r2", 400), { ok: true }],
      [{ op: "post", holdKey: "r2" }, { ok: true }],
      [
        { op: "useCoupon", holdKey: "r2" },
        { ok: true, replayed: false },
      ],
      [
        { op: "useCoupon", holdKey: "r2" },
        { ok: true, replayed: true },
      ],
      [
        { op: "revokeCoupon", key: "rv3", holdKey: "r2" },
        { ok: false, code: "coupon_not_available" },
      ],
      [
        { op: "revokeCoupon", key: "rv4", holdKey: "nope" },
        { ok: false, code: "coupon_not_found", message: "Invalid coupon code" },
      ],
      [
        { op: "useCoupon", holdKey: "nope" },
        { ok: false, code: "coupon_not_found" },
      ],
    ]);
    expect(model.coupon("r1")?.status).toBe("revoked");
  });

  it("unknown customers are refused", () => {
    play(modelWith("c1"), [
      [earn("e1", 5, "ghost"), { ok: false, code: "customer_not_found" }],
      [reserve("r1", 5, "ghost"), { ok: false, code: "customer_not_found" }],
      [
        { op: "expire", customerId: "ghost", key: "x", points: 1 },
        { ok: false, code: "customer_not_found" },
      ],
    ]);
  });
});

describe("ledger reference model: invariants under random operations (DESIGN §9 L3)", () => {
  const customers = ["c1", "c2", "c3", "ghost"];
  const keys = Array.from({ length: 14 }, (_, i) => `k${i}`);
  const customer = fc.constantFrom(...customers);
  const key = fc.constantFrom(...keys);
  const points = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: -5, max: 0 }));
  const operation: fc.Arbitrary<LedgerOperation> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ op: fc.constant("earn" as const), customerId: customer, key, points }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("reverse" as const), key, earnKey: key, points }) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant("awardPending" as const), customerId: customer, key, points }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("convertPending" as const), key, awardKey: key }) },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant("deductPending" as const), key, awardKey: key, points }),
    },
    {
      weight: 4,
      arbitrary: fc.record({ op: fc.constant("reserve" as const), customerId: customer, key, points }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("post" as const), holdKey: key }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("void" as const), holdKey: key }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant("adjust" as const),
        customerId: customer,
        key,
        points: fc.integer({ min: -300, max: 300 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant("expire" as const), customerId: customer, key, points }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("useCoupon" as const), holdKey: key }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("revokeCoupon" as const), key, holdKey: key }) },
  );

  it("balances = sums, no overdraft but by adjustment, holds resolve once, replays change nothing", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 80 }), (ops) => {
        const model = modelWith("c1", "c2", "c3");
        const resolved = new Map<string, string>();
        for (const op of ops) {
          const before = model.snapshot();
          const first = model.apply(op);
          if (!first.ok) expect(model.snapshot()).toEqual(before);
          expect(model.checkInvariants()).toEqual([]);

          const after = model.snapshot();
          const again = model.apply(op);
          expect(model.snapshot()).toEqual(after);
          if (first.ok) expect(again).toMatchObject({ ok: true, replayed: true, points: first.points });
          else expect(again).toEqual(first);

          for (const hold of Object.values(after.holds)) {
            const earlier = resolved.get(hold.key);
            if (earlier) expect(hold.state).toBe(earlier);
            if (hold.state !== "reserved") resolved.set(hold.key, hold.state);
          }
          for (const c of Object.values(after.customers)) expect(c.pending).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
