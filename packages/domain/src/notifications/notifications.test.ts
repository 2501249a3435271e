import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseSendMethod,
  daysBetween,
  dueExpiryReminder,
  isNotificationEvent,
  isPublicMailDomain,
  notificationKey,
} from "./notifications";

describe("chooseSendMethod (L-09)", () => {
  it.each([
    [{ customSmtp: { verified: true }, customDomain: { status: "verified" as const } }, "custom_smtp"],
    [{ customSmtp: { verified: false }, customDomain: { status: "verified" as const } }, "custom_domain"],
    [{ customSmtp: null, customDomain: { status: "partially_verified" as const } }, "default"],
    [{}, "default"],
  ])("%j → %s", (shop, method) => {
    expect(chooseSendMethod(shop)).toBe(method);
  });
});

describe("dueExpiryReminder (L-05)", () => {
  it("answers the first reminder exactly firstDays before and the last exactly lastDays before", () => {
    const settings = { firstDays: 30, lastDays: 3 };
    expect(dueExpiryReminder(settings, "2026-03-31", "2026-03-01")).toEqual({
      reminder: "first",
      daysBefore: 30,
    });
    expect(dueExpiryReminder(settings, "2026-03-31", "2026-03-28")).toEqual({
      reminder: "last",
      daysBefore: 3,
    });
    expect(dueExpiryReminder(settings, "2026-03-31", "2026-03-02")).toBeNull();
    expect(dueExpiryReminder(settings, "2026-03-31", "2026-03-31")).toBeNull();
  });

  it("falls back to 30 and 7 days for days the spec does not offer", () => {
    expect(dueExpiryReminder({ firstDays: 45, lastDays: 6 }, "2026-03-31", "2026-03-01")?.daysBefore).toBe(
      30,
    );
    expect(dueExpiryReminder({ firstDays: 45, lastDays: 6 }, "2026-03-31", "2026-03-24")?.daysBefore).toBe(7);
    expect(dueExpiryReminder(null, "2026-03-31", "2026-03-24")?.reminder).toBe("last");
  });

  it("is due on at most two days of any expiry (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(60, 30, 20, 10),
        fc.constantFrom(7, 5, 3),
        fc.integer({ min: 0, max: 3000 }),
        (firstDays, lastDays, offset) => {
          const expiresOn = new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
          let due = 0;
          for (let d = 0; d <= 90; d++) {
            const today = new Date(Date.parse(`${expiresOn}T00:00:00Z`) - d * 86_400_000)
              .toISOString()
              .slice(0, 10);
            if (dueExpiryReminder({ firstDays, lastDays }, expiresOn, today)) due++;
          }
          return due === 2;
        },
      ),
    );
  });
});

describe("helpers", () => {
  it("counts calendar days across a DST-free UTC calendar", () => {
    expect(daysBetween("2026-02-27", "2026-03-01")).toBe(2);
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
  });

  it("keys an e-mail by event, customer and occasion", () => {
    expect(notificationKey("points_earned", "c1", "order:42")).toBe("points_earned:c1:order:42");
  });

  it("knows its events and public mail domains", () => {
    expect(isNotificationEvent("points_earned")).toBe(true);
    expect(isNotificationEvent("nope")).toBe(false);
    expect(isPublicMailDomain("shop@Gmail.com")).toBe(true);
    expect(isPublicMailDomain("hello@brand.example")).toBe(false);
  });
});
