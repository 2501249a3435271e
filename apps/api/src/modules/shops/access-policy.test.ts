import { describe, expect, it } from "vitest";
import { DEFAULT_BLOCKED_EMAIL_DOMAINS } from "../../infra/env";
import { isOwnerEmailDenied, isShopBlocked } from "./access-policy";

describe("A-11 / X-59 competitor deny list", () => {
  it("ships nine denied domains", () => expect(DEFAULT_BLOCKED_EMAIL_DOMAINS).toHaveLength(9));
  it.each([
    ["a@smile.io", true],
    ["a@SMILE.IO", true],
    ["a@eu.smile.io", true],
    ["a@smile.io.", true],
    ["a@notsmile.io", false],
    ["a@smile.io.evil.com", false],
    ["smile.io", false],
    ["", false],
  ])("%s denied: %s", (email, denied) => {
    expect(isOwnerEmailDenied(email, DEFAULT_BLOCKED_EMAIL_DOMAINS)).toBe(denied);
  });
  it("a flagged store is blocked whatever its e-mail", () => {
    expect(isShopBlocked({ is_blocked_store: true, email: "a@b.c" }, [])).toBe(true);
    expect(isShopBlocked({ is_blocked_store: false, email: "a@b.c" }, [])).toBe(false);
  });
});
