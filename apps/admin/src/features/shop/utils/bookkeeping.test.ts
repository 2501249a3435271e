import { describe, expect, it } from "vitest";
import { ACCESS_REFRESH_AFTER_MS, dueBookkeeping } from "./bookkeeping";

const now = new Date("2025-06-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("login bookkeeping (A-29)", () => {
  it.each([
    {
      name: "first login, fresh access",
      shop: { isFirstLogin: true, accessAppAt: ago(1000) },
      expected: [{ isFirstLogin: false }],
    },
    {
      name: "access exactly 3 days ago",
      shop: { isFirstLogin: false, accessAppAt: ago(ACCESS_REFRESH_AFTER_MS) },
      expected: [],
    },
    {
      name: "access older than 3 days",
      shop: { isFirstLogin: false, accessAppAt: ago(ACCESS_REFRESH_AFTER_MS + 1) },
      expected: [{ accessAppAt: now.toISOString() }],
    },
    {
      name: "never accessed",
      shop: { isFirstLogin: false, accessAppAt: null },
      expected: [{ accessAppAt: now.toISOString() }],
    },
    {
      name: "both",
      shop: { isFirstLogin: true, accessAppAt: null },
      expected: [{ isFirstLogin: false }, { accessAppAt: now.toISOString() }],
    },
  ])("$name", ({ shop, expected }) => {
    expect(dueBookkeeping(shop, now)).toEqual(expected);
  });
});
