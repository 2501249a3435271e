/**
 * E-mail notifications (issue 11, L-02 … L-12, decision 0075): which events e-mail the shopper,
 * how the transport is chosen (L-09), when a point-expiry reminder is due (L-05) and the key that
 * makes a send happen once per (event, customer, occasion).
 */

/** Every e-mail event, shopper e-mails first (L-12, L-05), then the merchant's (L-11). */
export const notificationEvents = [
  "points_earned",
  "reward_redeemed",
  "points_expiring",
  "points_expired",
  "birthday_reward",
  "tier_up",
  "tier_down",
  "tier_demotion_notice",
  "referral_invitation",
  "referral_completed",
  "review_approved",
  // L-11: the merchant's own e-mails (to the shop's address).
  "import_completed",
  "export_ready",
  // K-12: the weekly report, to the recipients set with it.
  "weekly_report",
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** L-11: events that e-mail the merchant (the shop's address), not a shopper. */
export const merchantEvents: readonly NotificationEvent[] = [
  "import_completed",
  "export_ready",
  "weekly_report",
];

/** Events whose timing is "so many days before" (L-04 send-before). */
export const sendBeforeEvents: readonly NotificationEvent[] = ["points_expiring", "tier_demotion_notice"];

/** L-05: the first reminder goes this many days before expiry (one of), the last one these. */
export const FIRST_EXPIRY_REMINDER_DAYS = [60, 30, 20, 10] as const;
export const LAST_EXPIRY_REMINDER_DAYS = [7, 5, 3] as const;
export const DEFAULT_EXPIRY_REMINDERS = { firstDays: 30, lastDays: 7 } as const;

export interface ExpiryReminderSettings {
  firstDays: number;
  lastDays: number;
}

export function isNotificationEvent(value: string): value is NotificationEvent {
  return (notificationEvents as readonly string[]).includes(value);
}

/**
 * L-05: how many days before expiry the first and the last reminder go. Days the spec does not
 * offer fall back to the defaults (30 and 7).
 */
export function expiryReminderDays(
  settings: Partial<ExpiryReminderSettings> | null | undefined,
): ExpiryReminderSettings {
  const first = settings?.firstDays;
  const last = settings?.lastDays;
  return {
    firstDays:
      first !== undefined && (FIRST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(first)
        ? first
        : DEFAULT_EXPIRY_REMINDERS.firstDays,
    lastDays:
      last !== undefined && (LAST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(last)
        ? last
        : DEFAULT_EXPIRY_REMINDERS.lastDays,
  };
}

/**
 * The idempotency key of one e-mail: the same (event, customer, occasion) is sent once, however
 * many times its cause is told (a batch applied twice, a job run twice, two workers).
 */
export function notificationKey(event: NotificationEvent, customerId: string, occasion: string): string {
  return `${event}:${customerId}:${occasion}`;
}
