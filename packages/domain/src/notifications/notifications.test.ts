import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXPIRY_REMINDERS,
  expiryReminderDays,
  FIRST_EXPIRY_REMINDER_DAYS,
  isNotificationEvent,
  LAST_EXPIRY_REMINDER_DAYS,
  notificationKey,
} from "./notifications";

describe("expiryReminderDays (L-05)", () => {
  it.each([
    [
      { firstDays: 60, lastDays: 3 },
      { firstDays: 60, lastDays: 3 },
    ],
    [{ firstDays: 10 }, { firstDays: 10, lastDays: 7 }],
    [
      { firstDays: 45, lastDays: 6 },
      { firstDays: 30, lastDays: 7 },
    ],
    [null, { firstDays: 30, lastDays: 7 }],
  ])("%j → %j", (settings, days) => {
    expect(expiryReminderDays(settings)).toEqual(days);
  });

  it("always answers offered days, the first before the last (property)", () => {
    fc.assert(
      fc.property(fc.option(fc.integer()), fc.option(fc.integer()), (first, last) => {
        const d = expiryReminderDays({
          ...(first === null ? {} : { firstDays: first }),
          ...(last === null ? {} : { lastDays: last }),
        });
        return (
          (FIRST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(d.firstDays) &&
          (LAST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(d.lastDays) &&
          d.firstDays > d.lastDays
        );
      }),
    );
    expect(DEFAULT_EXPIRY_REMINDERS).toEqual({ firstDays: 30, lastDays: 7 });
  });
});

describe("helpers", () => {
  it("keys an e-mail by event, customer and occasion", () => {
    expect(notificationKey("points_earned", "c1", "order:42")).toBe("points_earned:c1:order:42");
  });

  it("knows its events", () => {
    expect(isNotificationEvent("points_earned")).toBe(true);
    expect(isNotificationEvent("nope")).toBe(false);
  });
});
