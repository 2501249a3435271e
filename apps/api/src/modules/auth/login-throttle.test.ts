import { describe, expect, it } from "vitest";
import { CLEARED, FAILED_LOGIN_WINDOW_MS, isLocked, LOCKOUT_MS, recordFailure } from "./login-throttle";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("sign-in throttle", () => {
  it("locks on the 5th failure inside the window, for 15 minutes", () => {
    let s = CLEARED;
    for (let i = 0; i < 4; i++) s = recordFailure(s, at(i * 1000));
    expect(isLocked(s, at(5000))).toBe(false);
    s = recordFailure(s, at(5000));
    expect(isLocked(s, at(5000))).toBe(true);
    expect(isLocked(s, at(5000 + LOCKOUT_MS - 1))).toBe(true);
    expect(isLocked(s, at(5000 + LOCKOUT_MS))).toBe(false);
  });
  it("starts a new window after 15 minutes", () => {
    let s = CLEARED;
    for (let i = 0; i < 4; i++) s = recordFailure(s, at(i));
    s = recordFailure(s, at(FAILED_LOGIN_WINDOW_MS + 10));
    expect(s.count).toBe(1);
    expect(isLocked(s, at(FAILED_LOGIN_WINDOW_MS + 10))).toBe(false);
  });
});
