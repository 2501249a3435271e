import { describe, expect, it } from "vitest";
import { buildDiscountCode, CODE_ALPHABET, cleanCodePrefix, codeSuffixFromBytes } from "./code";

describe("discount codes (D-09)", () => {
  it.each([
    ["D-09: spaces removed", "VIP REWARD", "VIPREWARD"],
    ["D-09: special characters removed", "vip-$5_off!", "VIP5OFF"],
    ["D-09: upper-cased", "laurel", "LAUREL"],
    ["D-09: accents are special characters", "Café", "CAF"],
    ["D-09: empty stays empty", "  -- ", ""],
  ])("%s: %j → %j", (_id, prefix, cleaned) => {
    expect(cleanCodePrefix(prefix)).toBe(cleaned);
  });

  it.each([
    ["D-09", "vip ", "a1b2c3", "VIPA1B2C3"],
    ["D-09: no prefix", "", "XYZ789", "XYZ789"],
    ["D-09: the suffix is cleaned too", "VIP", "ab-cd", "VIPABCD"],
  ])("%s: buildDiscountCode(%j, %j) → %j", (_id, prefix, suffix, code) => {
    expect(buildDiscountCode(prefix, suffix)).toBe(code);
  });

  it("refuses an empty random part: every code would be the same", () => {
    expect(() => buildDiscountCode("VIP", "--")).toThrow(RangeError);
  });

  it("makes suffixes from caller-supplied random bytes, without look-alike characters", () => {
    expect(codeSuffixFromBytes([0, 1, 31, 32, 255])).toBe("AB9A9");
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(codeSuffixFromBytes(new Uint8Array(10))).toHaveLength(10);
  });
});
