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
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

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
 * L-05: which reminder is due on `today` for points that expire on `expiresOn` (both calendar dates
 * `YYYY-MM-DD` in the store's time zone): `first` exactly `firstDays` before, `last` exactly
 * `lastDays` before, else null. Settings outside the allowed days fall back to the defaults.
 */
export function dueExpiryReminder(
  settings: Partial<ExpiryReminderSettings> | null | undefined,
  expiresOn: string,
  today: string,
): { reminder: "first" | "last"; daysBefore: number } | null {
  const first = (FIRST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(settings?.firstDays ?? -1)
    ? (settings?.firstDays as number)
    : DEFAULT_EXPIRY_REMINDERS.firstDays;
  const last = (LAST_EXPIRY_REMINDER_DAYS as readonly number[]).includes(settings?.lastDays ?? -1)
    ? (settings?.lastDays as number)
    : DEFAULT_EXPIRY_REMINDERS.lastDays;
  const days = daysBetween(today, expiresOn);
  if (days === first) return { reminder: "first", daysBefore: first };
  if (days === last) return { reminder: "last", daysBefore: last };
  return null;
}

/** Whole days from one calendar date to another (`YYYY-MM-DD`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type SendMethod = "custom_smtp" | "custom_domain" | "default";

/** L-09: custom SMTP if verified, else the verified custom sending domain, else the default service. */
export function chooseSendMethod(shop: {
  customSmtp?: { verified: boolean } | null | undefined;
  customDomain?: { status: "unverified" | "partially_verified" | "verified" } | null | undefined;
}): SendMethod {
  if (shop.customSmtp?.verified) return "custom_smtp";
  if (shop.customDomain?.status === "verified") return "custom_domain";
  return "default";
}

/**
 * The idempotency key of one e-mail: the same (event, customer, occasion) is sent once, however
 * many times its cause is told (a batch applied twice, a job run twice, two workers).
 */
export function notificationKey(event: NotificationEvent, customerId: string, occasion: string): string {
  return `${event}:${customerId}:${occasion}`;
}

/** Common free-mail domains: a sender there fails SPF alignment (L-08's public-mail-domain warning). */
const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "aol.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "proton.me",
  "protonmail.com",
  "yandex.com",
  "mail.ru",
]);

export function isPublicMailDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return PUBLIC_MAIL_DOMAINS.has(domain);
}
