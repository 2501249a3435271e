import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SOURCE_POLICY,
  delayAfter,
  FORGET_AFTER_MS,
  LoginThrottle,
  SOURCE_POLICY,
  sourceKey,
} from "./login-throttle";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("sign-in throttle", () => {
  it("waits nothing for the free failures, then doubles up to the cap", () => {
    const p = ACCOUNT_SOURCE_POLICY;
    expect([1, 4].map((n) => delayAfter(n, p))).toEqual([0, 0]);
    expect([5, 6, 7, 10].map((n) => delayAfter(n, p))).toEqual([1000, 2000, 4000, 32_000]);
    expect(delayAfter(30, p)).toBe(p.maxDelayMs);
    expect(delayAfter(10_000, p)).toBe(p.maxDelayMs);
  });

  it("holds one source back from one account; the same account from another source is free", () => {
    const th = new LoginThrottle();
    for (let i = 0; i < 4; i++) th.recordFailure("owner@shop.test", "203.0.113.9", at(i));
    expect(th.waitMs("owner@shop.test", "203.0.113.9", at(4))).toBe(0);
    th.recordFailure("owner@shop.test", "203.0.113.9", at(4));
    expect(th.waitMs("owner@shop.test", "203.0.113.9", at(4))).toBe(1000);
    expect(th.waitMs("owner@shop.test", "198.51.100.7", at(4))).toBe(0);
    expect(th.waitMs("OWNER@shop.test", "203.0.113.9", at(1004))).toBe(0);
  });

  it("counts one source across accounts (credential stuffing)", () => {
    const th = new LoginThrottle();
    for (let i = 0; i < SOURCE_POLICY.free; i++) th.recordFailure(`u${i}@x.test`, "203.0.113.9", at(0));
    expect(th.waitMs("fresh@x.test", "203.0.113.9", at(0))).toBe(1000);
    expect(th.waitMs("fresh@x.test", "198.51.100.7", at(0))).toBe(0);
  });

  it("success clears the (account, source) count; failures are forgotten after a quiet hour", () => {
    const th = new LoginThrottle();
    for (let i = 0; i < 6; i++) th.recordFailure("a@x.test", "203.0.113.9", at(0));
    th.recordSuccess("a@x.test", "203.0.113.9");
    expect(th.waitMs("a@x.test", "203.0.113.9", at(0))).toBe(0);
    for (let i = 0; i < 6; i++) th.recordFailure("b@x.test", "203.0.113.9", at(0));
    expect(th.waitMs("b@x.test", "203.0.113.9", at(1999))).toBe(1);
    th.recordFailure("b@x.test", "203.0.113.9", at(2000 + FORGET_AFTER_MS));
    // The count started again: the 1st failure of a new series costs no wait.
    expect(th.waitMs("b@x.test", "203.0.113.9", at(2000 + FORGET_AFTER_MS))).toBe(0);
  });

  it("groups IPv6 sources by /64 and keeps IPv4 (also IPv4-mapped) as it is", () => {
    expect(sourceKey("203.0.113.9")).toBe("203.0.113.9");
    expect(sourceKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(sourceKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(sourceKey("2001:DB8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
    expect(sourceKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(sourceKey("::1")).toBe("0:0:0:0::/64");
  });
});
