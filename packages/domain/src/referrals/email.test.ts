import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance, emailsAreSimilar, normaliseEmail } from "./email";

describe("normaliseEmail", () => {
  it.each([
    ["Ava@Example.com ", "ava@example.com"],
    ["a.v.a+promo@gmail.com", "ava@gmail.com"],
    ["A.Va@GoogleMail.com", "ava@gmail.com"],
    ["ava+x@outlook.com", "ava@outlook.com"],
    ["a.va@outlook.com", "a.va@outlook.com"],
    ["a.va+tag@example.com", "a.va+tag@example.com"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });
  it.each(["", "ava", "@gmail.com", "ava@", "+tag@gmail.com"])("%j is not an address", (input) => {
    expect(normaliseEmail(input)).toBeNull();
  });
  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        const once = normaliseEmail(e);
        expect(once === null ? null : normaliseEmail(once)).toBe(once);
      }),
    );
  });
});

describe("editDistance", () => {
  it.each([
    ["kitten", "sitting", 3],
    ["", "abc", 3],
    ["same", "same", 0],
    ["flaw", "lawn", 2],
  ])("%s ↔ %s = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
  it("is symmetric and bounded by the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
  it("stops early past max", () => {
    expect(editDistance("aaaaaaaa", "bbbbbbbb", 2)).toBe(3);
  });
});

describe("emailsAreSimilar", () => {
  it.each([
    ["ava.green@gmail.com", "avagreen+2@gmail.com", true],
    ["avagreen@example.com", "avagreen1@example.com", true],
    ["avagreen@example.com", "avagren@example.com", true],
    ["avagreen@example.com", "avagreen@example.org", false],
    ["ann@example.com", "anna@example.com", false],
    ["ava@example.com", "ben.walker@example.com", false],
  ])("%s ~ %s = %s", (a, b, similar) => {
    expect(emailsAreSimilar(a, b)).toBe(similar);
  });
});
