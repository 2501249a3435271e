import { z } from "zod";
import { text } from "./bounds";
import { WIDGET_LANGUAGES_MAX } from "./widget";

/**
 * E-mail notifications (issue 11, L-01 … L-05, L-10): the events (a wire copy of the domain's
 * list, checked by apps/api/test/vocabularies.test.ts), each event's settings, test sends and the
 * notification log.
 */
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
export const notificationEventSchema = z.enum(notificationEvents, { error: "Unknown notification" });

export const notificationStatuses = ["queued", "sent", "opened", "clicked", "failed"] as const;

/** L-05: first reminder days and last reminder days. */
export const firstReminderDays = [60, 30, 20, 10] as const;
export const lastReminderDays = [7, 5, 3] as const;

/** L-04: at most 2 MB of logo; sent as a data URL (base64 grows it by a third). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const MAX_LOGO_DATA_URL = Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 100;

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #1f6feb` })
    .max(32, `${label} must be a colour like #1f6feb`)
    .trim()
    .regex(HEX, `${label} must be a colour like #1f6feb`);

const email = (label: string) =>
  z
    .string({ error: "This field is required" })
    .trim()
    .max(254, `${label} is invalid`)
    .email({ message: `${label} is invalid` });

export const notificationSettingsSchema = z.object({
  event: notificationEventSchema,
  enabled: z.boolean(),
  /** The merchant's subject for every language without its own; null = the shipped subject. */
  subject: z.string().nullable(),
  defaultSubject: z.string(),
  /**
   * L-04 (decision 0179): the merchant's subject per storefront language (BCP 47 code → subject),
   * used for shoppers in that language before `subject`.
   */
  subjects: z.record(z.string(), z.string()),
  /** The shop's storefront languages (primary first), one subject field each in the editor. */
  languages: z.array(z.string()),
  /** The shipped subject in each of `languages` (the field's placeholder). */
  defaultSubjects: z.record(z.string(), z.string()),
  headerColor: z.string(),
  buttonColor: z.string(),
  logo: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** Events with a send-before timing (expiry reminders: the first reminder's days). */
  sendBeforeDays: z.number().nullable(),
  hasSendBefore: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSettingsSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const putNotificationBody = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  subject: text("Subject", 255).trim().nullable().optional(),
  /**
   * L-04: the whole map of per-language subjects (replaces the stored one); an empty subject
   * removes that language's, so it falls back to `subject`, then to the shipped one. Each key must
   * be one of the shop's storefront languages (checked by the API, which knows them).
   */
  subjects: z
    .record(z.string().max(35), text("Subject", 255).trim(), {
      error: (issue) =>
        issue.code === "invalid_type" ? "Subjects must map a language to a subject" : undefined,
    })
    .refine((m) => Object.keys(m).length <= WIDGET_LANGUAGES_MAX, `At most ${WIDGET_LANGUAGES_MAX} languages`)
    .optional(),
  headerColor: colour("Header colour").optional(),
  buttonColor: colour("Button colour").optional(),
  logo: z
    .string()
    .max(MAX_LOGO_DATA_URL, "Logo must be 2 MB or smaller")
    .regex(
      /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/,
      "Logo must be a PNG, JPEG, GIF or WebP image",
    )
    .nullable()
    .optional(),
  replyTo: email("Reply-to email").nullable().optional(),
  sendBeforeDays: z
    .number({ error: "Send before must be a number of days" })
    .int("Send before must be a number of days")
    .min(1, "Send before must be 60, 30, 20 or 10 days")
    .max(365, "Send before must be 60, 30, 20 or 10 days")
    .refine(
      (d) => (firstReminderDays as readonly number[]).includes(d),
      "Send before must be 60, 30, 20 or 10 days",
    )
    .nullable()
    .optional(),
});
export type PutNotificationBody = z.infer<typeof putNotificationBody>;

export const testNotificationBody = z.strictObject({ email: email("Email") });

/** `GET /apiSa/notifications/:event/preview?language=`: one of the shop's storefront languages. */
export const notificationPreviewQuery = z.object({
  language: z.string().trim().max(35, "Language must be one of your storefront languages").optional(),
});

/** A shopper invites a friend by e-mail from the widget's referral view (decision 0131). */
export const REFERRAL_INVITES_PER_DAY = 10;
export const proxyReferralInviteBody = z.strictObject({ email: email("Email") });
export const proxyReferralInviteResult = z.object({
  invited: z.string(),
  /** Invitations the shopper may still send in the next 24 hours. */
  remainingToday: z.number().int().min(0),
});
export type ProxyReferralInviteResult = z.infer<typeof proxyReferralInviteResult>;

export const notificationLogEntrySchema = z.object({
  id: z.string(),
  event: notificationEventSchema,
  recipient: z.string(),
  customerId: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(notificationStatuses),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
});
export type NotificationLogEntry = z.infer<typeof notificationLogEntrySchema>;
export const notificationLogSchema = z.object({
  entries: z.array(notificationLogEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;
