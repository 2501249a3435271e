import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, checkIdempotency, entryInputHash } from "./idempotency";
import { usePropertySeed } from "./property-seed.test-support";

usePropertySeed("idempotency");

describe("canonical JSON (DESIGN §4)", () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: 1, c: [3, { f: 1, e: 2 }] } }, '{"a":{"c":[3,{"e":2,"f":1}],"d":1}}'],
    [{ a: undefined, b: null }, '{"b":null}'],
    [[undefined, 1], "[null,1]"],
    [new Date("2025-01-01T00:00:00Z"), '"2025-01-01T00:00:00.000Z"'],
    ["x", '"x"'],
  ])("%j → %s", (value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });

  it("refuses values JSON cannot carry exactly", () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(RangeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });

  it('keeps a key named "__proto__" (found by the property below, seed 151791994)', () => {
    const obj = JSON.parse('{"":{"__proto__":null},"__proto__":{"b":1}}');
    expect(canonicalJson(obj)).toBe('{"":{"__proto__":null},"__proto__":{"b":1}}');
  });

  it("is the same whatever order the keys were built in", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

describe("entry input hash and idempotency (DESIGN §4)", () => {
  const input = { customerId: "c1", activityType: "earn_place_order", available: 40, sourceRef: "order:1" };

  it("omitted fields and their defaults agree; notes do not count", () => {
    expect(entryInputHash(input)).toBe(
      entryInputHash({ ...input, pending: 0, tierPoints: 0, holdId: null, programId: undefined }),
    );
    expect(entryInputHash({ ...input, note: "hi" } as typeof input)).toBe(entryInputHash(input));
  });

  it("expiry instants in any form agree", () => {
    const a = entryInputHash({ ...input, expiresAt: "2025-06-01T00:00:00Z" });
    expect(entryInputHash({ ...input, expiresAt: "2025-06-01T02:00:00+02:00" })).toBe(a);
    expect(entryInputHash({ ...input, expiresAt: Date.parse("2025-06-01T00:00:00Z") })).toBe(a);
    expect(entryInputHash({ ...input, expiresAt: new Date("2025-06-01T00:00:00Z") })).toBe(a);
  });

  it.each([
    ["available", { available: 41 }],
    ["customer", { customerId: "c2" }],
    ["activity", { activityType: "earn_sign_up" }],
    ["pending", { pending: 1 }],
    ["tier points", { tierPoints: 1 }],
    ["source", { sourceRef: "order:2" }],
    ["hold", { holdId: "h1" }],
    ["program", { programId: "p1" }],
    ["reversal", { reversesEntryId: 3 }],
  ])("a different %s is a different input", (_what, patch) => {
    expect(entryInputHash({ ...input, ...patch })).not.toBe(entryInputHash(input));
  });

  it.each([
    [null, "h", "new"],
    [undefined, "h", "new"],
    ["h", "h", "replay"],
    ["h", "g", "conflict"],
    [{ inputHash: "h" }, { inputHash: "h" }, "replay"],
    [{ inputHash: "h" }, "g", "conflict"],
  ] as const)("existing %j, incoming %j → %s", (existing, incoming, result) => {
    expect(checkIdempotency(existing, incoming)).toBe(result);
  });
});
