import { z } from "zod";
import { text } from "./bounds";
import { notificationEventSchema, notificationStatuses } from "./notifications";

/**
 * How a shop's e-mails leave (issue 11, L-06 … L-10, decision 0110): custom SMTP, a custom sending
 * domain with its DNS records, the sender; and the notification log's filters and pages (L-02, L-03).
 * Secrets go in, never out: answers say whether a password is stored, not what it is.
 */

const required = "This field is required";

const emailField = (label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, `${label} is invalid`)
    .email({ message: `${label} is invalid` });

/** M-23 "invalid domain": letters, digits and hyphens in dot-separated labels, a TLD of letters. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

// --- L-06 custom SMTP ---

export const smtpSettingsSchema = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  secure: z.boolean(),
  auth: z.boolean(),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself never leaves the server. */
  hasPassword: z.boolean(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

export const putSmtpBody = z.strictObject({
  host: text("Host", 255, required)
    .trim()
    .min(1, required)
    .regex(/^[a-z0-9.-]+$/i, "Host is invalid"),
  port: z
    .number({ error: "Port must be a number" })
    .int("Port must be a number")
    .min(1, "Port must be between 1 and 65535")
    .max(65_535, "Port must be between 1 and 65535"),
  secure: z.boolean({ error: "Secure must be true or false" }).optional(),
  auth: z.boolean({ error: "Authentication must be true or false" }).optional(),
  username: text("Username", 255).trim().nullable().optional(),
  /** Absent: keep the stored password. Null or "": remove it. */
  password: text("Password", 255).nullable().optional(),
});
export type PutSmtpBody = z.infer<typeof putSmtpBody>;

/** L-06 verification: a real connection that sends a test message to `email`. */
export const verifySmtpBody = z.strictObject({ email: emailField("Email") });

// --- L-07 custom sending domain ---

export const mailDomainStatuses = ["unverified", "partially_verified", "verified"] as const;
export const dnsRecordKinds = ["SPF", "DKIM", "DMARC", "CNAME", "MX"] as const;

export const dnsRecordSchema = z.object({
  kind: z.enum(dnsRecordKinds),
  type: z.enum(["TXT", "CNAME", "MX"]),
  name: z.string(),
  value: z.string(),
  priority: z.number().optional(),
  found: z.boolean(),
});

export const mailDomainSchema = z.object({
  rootDomain: z.string(),
  subdomain: z.string(),
  /** `<subdomain>.<rootDomain>`: the From address's domain. */
  sendingDomain: z.string(),
  status: z.enum(mailDomainStatuses),
  records: z.array(dnsRecordSchema),
  /** Kinds of the records not found at the last check ('Domain partially verified' lists them). */
  missing: z.array(z.enum(dnsRecordKinds)),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type MailDomain = z.infer<typeof mailDomainSchema>;
export const mailDomainAnswerSchema = z.object({ domain: mailDomainSchema.nullable() });
export type MailDomainAnswer = z.infer<typeof mailDomainAnswerSchema>;

export const postMailDomainBody = z.strictObject({
  rootDomain: z
    .string({ error: "Please fill in all fields" })
    .trim()
    .toLowerCase()
    .min(1, "Please fill in all fields")
    .max(253, "Domain is invalid")
    .refine((d) => !d.startsWith("www."), "Enter the root domain without www")
    .refine((d) => DOMAIN.test(d), "Domain is invalid"),
  subdomain: z
    .string({ error: "Please fill in all fields" })
    .trim()
    .toLowerCase()
    .min(1, "Please fill in all fields")
    .max(63, "Subdomain is invalid")
    .refine((d) => LABEL.test(d), "Subdomain is invalid"),
});
export type PostMailDomainBody = z.infer<typeof postMailDomainBody>;

// --- L-08 sender ---

export const mailSenderSchema = z.object({
  email: z.string().nullable(),
  name: z.string().nullable(),
  verified: z.boolean(),
  /** The address is at a public mail provider (gmail.com …): receivers may reject it without an SPF update. */
  publicDomain: z.boolean(),
});
export type MailSender = z.infer<typeof mailSenderSchema>;

export const putMailSenderBody = z.strictObject({
  email: emailField("Sender email"),
  name: text("Sender name", 100, required).trim().min(1, required),
});
export type PutMailSenderBody = z.infer<typeof putMailSenderBody>;

/** Which way the next e-mail leaves (L-09) and from which address. */
export const mailDeliverySchema = z.object({
  method: z.enum(["custom_smtp", "custom_domain", "default"]),
  from: z.string(),
  smtp: smtpSettingsSchema,
  domain: mailDomainSchema.nullable(),
  sender: mailSenderSchema,
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

// --- L-02, L-03 the log: filters and pages ---

export const NOTIFICATION_LOG_PAGE_MAX = 100;

export const notificationLogQuery = z.strictObject({
  status: z.enum(notificationStatuses, { error: "Unknown status" }).optional(),
  event: notificationEventSchema.optional(),
  /** Part of the recipient's address or the subject. */
  query: text("Search", 100).trim().optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200, "Invalid cursor").optional(),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a number")
    .min(1, `Limit must be between 1 and ${NOTIFICATION_LOG_PAGE_MAX}`)
    .max(NOTIFICATION_LOG_PAGE_MAX, `Limit must be between 1 and ${NOTIFICATION_LOG_PAGE_MAX}`)
    .optional(),
});
export type NotificationLogQuery = z.infer<typeof notificationLogQuery>;

// --- L-14 internal notification tool ---

export const notificationToolBody = z.strictObject({
  shopId: text("Shop", 100, required).min(1, required),
  event: notificationEventSchema,
  email: emailField("Email"),
});
