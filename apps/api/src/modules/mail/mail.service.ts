import {
  NOTIFICATION_LOG_PAGE_MAX,
  type NotificationList,
  type NotificationLog,
  type NotificationLogEntry,
  type NotificationLogQuery,
  type NotificationSettings,
  type PutNotificationBody,
} from "@laurel/contracts";
import type { NotificationRow, NotificationTemplateRow, ShopRow, Tx } from "@laurel/db";
import {
  type ExpiryReminderSettings,
  expiryReminderDays,
  isNotificationEvent,
  merchantEvents,
  type NotificationEvent,
  notificationEvents,
  notificationKey,
  sendBeforeEvents,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import * as jobs from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { recordEmailMarketingState } from "../customers/customers.service";
import { postEntry } from "../ledger/ledger.service";
import { brandColorsOf } from "../settings/brand-colours";
import { getShopOrThrow } from "../shops/shops.service";
import { pointLabelOf } from "../storefront/widget-settings";
import { fromHeader, routeOf } from "./mail.delivery";
import { merchantSubjectFor, shopLanguagesOf, shopperLanguageOf } from "./mail.languages";
import { mailLinks } from "./mail.links";
import { type RenderedMail, renderMail, subjectOf } from "./mail.render";
import * as repo from "./mail.repository";
import { deliverMail } from "./mail.transport";

/**
 * E-mail notifications (issue 11, decision 0075). `enqueueEmails` is the one way any area sends a
 * shopper an e-mail: in the caller's transaction it records the e-mail in the notification log,
 * keyed by (event, customer, occasion), and enqueues its send job (outbox). The job renders and
 * sends it once; the log follows it through sent, opened, clicked or failed.
 */

/** A send that failed this many times is recorded as failed (pg-boss retries it with back-off until then). */
export const MAX_SEND_ATTEMPTS = 5;
/** How long one worker's send attempt holds an e-mail before another may take it over. */
const SEND_LEASE_MS = 60_000;

export interface EmailRequest {
  event: NotificationEvent;
  customerId: string;
  /** What makes this e-mail unique for its event and customer: `order:<id>`, `expire:2026-03-01`, … */
  occasion: string;
  /** Values for the template's placeholders (`points`, `code`, `days`, `tier`, `reward`). */
  values?: Record<string, string | number | null>;
}

/**
 * The storefront language of a shop's own e-mails, previews and test sends (M-09 `primaryLanguage`,
 * default `en`); a shopper's e-mails are written in theirs when the shop has it (decision 0179).
 */
function languageOf(shop: ShopRow): string {
  return shopLanguagesOf(shop)[0] ?? "en";
}

/**
 * Records and enqueues e-mails to shoppers of one shop, in `trx` (outbox): nothing is sent unless
 * the write that causes them commits. Skipped without a trace: events the merchant switched off,
 * shoppers without an address, erased or unsubscribed, and (sandbox, X-71) shoppers who are not
 * test customers. The same (event, customer, occasion) again adds nothing. Answers how many were queued.
 */
const EMAILS_PER_JOB = 100;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function enqueueEmails(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  requests: readonly EmailRequest[],
): Promise<number> {
  if (requests.length === 0) return 0;
  const templates = new Map((await repo.listTemplates(trx, shop.id)).map((t) => [t.event, t]));
  const wanted = requests.filter((r) => templates.get(r.event)?.enabled !== false);
  const recipients = new Map(
    (await repo.findRecipients(trx, shop.id, [...new Set(wanted.map((r) => r.customerId))])).map((c) => [
      c.id,
      c,
    ]),
  );
  const sandbox = shop.settings.sandbox;
  const testEmails = new Set(sandbox?.enabled ? sandbox.testEmails.map((e) => e.toLowerCase()) : []);
  const label = pointLabelOf(shop);
  const rows = wanted.flatMap((r) => {
    const c = recipients.get(r.customerId);
    if (!c?.email || c.redacted_at || c.unsubscribed_at || c.type === "left") return [];
    if (sandbox?.enabled && !testEmails.has(c.email.toLowerCase())) return [];
    const points = Number(r.values?.points ?? 0);
    return [
      {
        id: deps.newId("ntf"),
        event: r.event,
        customerId: c.id,
        recipient: c.email,
        language: shopperLanguageOf(shop, c.locale),
        key: notificationKey(r.event, c.id, r.occasion),
        data: {
          name: c.first_name,
          balance: c.available_points,
          label: points === 1 ? label.singular : label.plural,
          ...r.values,
        },
      },
    ];
  });
  const ids = await repo.insertNotifications(trx, shop.id, rows);
  // One job per hundred e-mails, all in one statement: a queue row per e-mail (17 indexes) was a
  // tenth of an order batch's writes (profile-backlog, decision 0075).
  const sends = chunk(ids, EMAILS_PER_JOB).map((notificationIds) => ({ shopId: shop.id, notificationIds }));
  await deps.queue.sendManyInTransaction(trx, jobs.sendEmails, sends);
  return ids.length;
}

export interface MerchantEmailRequest {
  event: (typeof merchantEvents)[number];
  /** What makes this e-mail unique for its event: `import:<id>`, `export:<id>`, … */
  occasion: string;
  /** Template values (`file`, `count`, `failed`, `export`, `days`) and `url`, where its button leads. */
  values?: Record<string, string | number | null>;
  /** Who receives it; default the shop's e-mail address. */
  to?: readonly string[];
}

/**
 * L-11: e-mails to the merchant (import completed, export ready, …): the function other areas call,
 * in the transaction of the write that causes them, like `enqueueEmails`. Recorded in the log with
 * no customer, keyed by (event, recipient, occasion): the same cause told twice sends once. A
 * download link goes in `values.url` (a signed link of the exporting area), so no file rides in the log.
 */
export async function enqueueMerchantEmails(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  requests: readonly MerchantEmailRequest[],
): Promise<number> {
  if (requests.length === 0) return 0;
  const templates = new Map((await repo.listTemplates(trx, shop.id)).map((t) => [t.event, t]));
  const language = languageOf(shop);
  const rows = requests.flatMap((r) => {
    if (!merchantEvents.includes(r.event) || templates.get(r.event)?.enabled === false) return [];
    const recipients = [...new Set((r.to ?? [shop.email]).map((e) => e.trim().toLowerCase()))].filter((e) =>
      e.includes("@"),
    );
    return recipients.map((recipient) => ({
      id: deps.newId("ntf"),
      event: r.event,
      customerId: null,
      recipient,
      language,
      key: `${r.event}:merchant:${recipient}:${r.occasion}`,
      data: { ...r.values },
    }));
  });
  const ids = await repo.insertNotifications(trx, shop.id, rows);
  await deps.queue.sendManyInTransaction(
    trx,
    jobs.sendEmail,
    ids.map((notificationId) => ({ shopId: shop.id, notificationId })),
  );
  return ids.length;
}

/** A merchant may attach a logo: served by Laurel at a plain URL, since mail clients block data: images. */
function logoUrlOf(deps: Deps, shopId: string, template: NotificationTemplateRow | undefined): string | null {
  return template?.logo
    ? `${deps.config.appUrl.replace(/\/$/, "")}/mail/logo/${encodeURIComponent(shopId)}/${template.event}`
    : null;
}

/**
 * M-04 (decision 0166): an e-mail's colours are the event's own when the merchant set them, else
 * the shop's brand colours (primary header, secondary text on it, accent button).
 */
function brandingOf(
  deps: Deps,
  shop: ShopRow,
  template: NotificationTemplateRow | undefined,
  language: string,
) {
  const brand = brandColorsOf(shop);
  return {
    shopName: shop.name,
    headerColor: template?.header_color ?? brand.primary,
    headerTextColor: brand.secondary,
    buttonColor: template?.button_color ?? brand.accent,
    logoUrl: logoUrlOf(deps, shop.id, template),
    // L-04 (decision 0179): the subject in the e-mail's language, else the shop's default subject.
    subject: merchantSubjectFor(template, language),
  };
}

/** Where an e-mail's button leads: the shop's storefront. */
function storefrontUrlOf(deps: Deps, shop: ShopRow): string {
  if (shop.platform === "demo") return `${deps.config.appUrl.replace(/\/$/, "")}/demo-store`;
  return `https://${shop.domain ?? shop.shopify_domain}`;
}

async function renderFor(deps: Deps, shop: ShopRow, row: NotificationRow): Promise<RenderedMail> {
  if (!isNotificationEvent(row.event)) throw new Error(`unknown e-mail event ${row.event}`);
  const template = await repo.findTemplate(deps.db, shop.id, row.event);
  const links = mailLinks(deps.config.appUrl, deps.sessionSecret, shop.id, row.id);
  // A merchant e-mail's button leads where its cause says (a download, the admin); a shopper's to the store.
  const target =
    !row.customer_id && typeof row.data.url === "string" && /^https?:\/\//.test(row.data.url)
      ? row.data.url
      : row.customer_id
        ? storefrontUrlOf(deps, shop)
        : deps.config.appUrl;
  return renderMail(row.event, row.language, row.data, brandingOf(deps, shop, template, row.language), {
    button: links.click(target),
    unsubscribe: row.customer_id ? links.unsubscribe : null,
    pixel: links.pixel,
  });
}

/**
 * The send job: takes the e-mail (one worker at a time), sends it and records the result. Run twice
 * (a retried job, a second worker) it sends once: a sent e-mail is never taken again. A failure is
 * recorded and rethrown so pg-boss retries with back-off; the last allowed attempt records `failed`.
 */
export async function sendNotification(deps: Deps, shopId: string, id: string): Promise<void> {
  const row = await repo.claimNotification(deps.db, shopId, id, deps.clock.now(), SEND_LEASE_MS);
  if (!row) return;
  try {
    const shop = await getShopOrThrow(deps, shopId);
    const template = await repo.findTemplate(deps.db, shopId, row.event);
    const mail = await renderFor(deps, shop, row);
    const links = mailLinks(deps.config.appUrl, deps.sessionSecret, shopId, row.id);
    const messageId = `<${row.id}@${new URL(deps.config.appUrl).hostname}>`;
    // L-09: the shop's verified SMTP, else its verified sending domain, else the default service.
    const way = await routeOf(deps, shop);
    await deliverMail(
      deps.config,
      deps.db,
      {
        shopId,
        from: fromHeader(way.from),
        to: row.recipient,
        replyTo: template?.reply_to ?? way.replyTo ?? shop.email,
        ...mail,
        messageId,
        headers: row.customer_id
          ? {
              "List-Unsubscribe": `<${links.unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
          : {},
      },
      way.route,
    );
    await repo.markSent(deps.db, shopId, row.id, mail.subject, messageId, deps.clock.now());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = row.attempts >= MAX_SEND_ATTEMPTS;
    await repo.markAttemptFailed(deps.db, shopId, row.id, reason, final);
    if (!final) throw error;
  }
}

// --- The merchant's settings of each event (L-01, L-02, L-04) ---

function presentSettings(
  shop: ShopRow,
  event: NotificationEvent,
  t: NotificationTemplateRow | undefined,
): NotificationSettings {
  const languages = shopLanguagesOf(shop);
  return {
    event,
    enabled: t?.enabled ?? true,
    subject: t?.subject ?? null,
    defaultSubject: subjectOf(event, languageOf(shop), null, {}),
    subjects: { ...(t?.subjects ?? {}) },
    languages,
    defaultSubjects: Object.fromEntries(languages.map((l) => [l, subjectOf(event, l, null, {})])),
    headerColor: t?.header_color ?? brandColorsOf(shop).primary,
    buttonColor: t?.button_color ?? brandColorsOf(shop).accent,
    logo: t?.logo ?? null,
    replyTo: t?.reply_to ?? null,
    sendBeforeDays: t?.send_before_days ?? (sendBeforeEvents.includes(event) ? 30 : null),
    hasSendBefore: sendBeforeEvents.includes(event),
  };
}

export async function listNotificationSettings(deps: Deps, shopId: string): Promise<NotificationList> {
  const shop = await getShopOrThrow(deps, shopId);
  const templates = new Map((await repo.listTemplates(deps.db, shopId)).map((t) => [t.event, t]));
  return { notifications: notificationEvents.map((e) => presentSettings(shop, e, templates.get(e))) };
}

export async function getNotificationSettings(
  deps: Deps,
  shopId: string,
  event: NotificationEvent,
): Promise<NotificationSettings> {
  const shop = await getShopOrThrow(deps, shopId);
  return presentSettings(shop, event, await repo.findTemplate(deps.db, shopId, event));
}

/**
 * L-04 (decision 0179): the per-language subjects as stored, keyed as the shop spells its languages;
 * a language the shop does not sell in is refused naming its field, an empty subject is dropped.
 */
function subjectsIn(shop: ShopRow, subjects: Record<string, string>): Record<string, string> {
  const languages = shopLanguagesOf(shop);
  const out: Record<string, string> = {};
  const errors: { field: string; message: string }[] = [];
  for (const [code, subject] of Object.entries(subjects)) {
    const language = languages.find((l) => l.toLowerCase() === code.toLowerCase());
    if (language === undefined) {
      errors.push({
        field: `subjects.${code}`,
        message: `${code} is not one of your storefront languages: add it in Settings › Translations first`,
      });
    } else if (subject !== "") {
      out[language] = subject;
    }
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", 400, errors[0]?.message ?? "Invalid subjects", errors);
  }
  return out;
}

export async function updateNotificationSettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  event: NotificationEvent,
  body: PutNotificationBody,
): Promise<NotificationSettings> {
  if (body.sendBeforeDays != null && !sendBeforeEvents.includes(event)) {
    throw new AppError("validation_failed", 400, "This e-mail has no send-before timing", [
      { field: "sendBeforeDays", message: "This e-mail has no send-before timing" },
    ]);
  }
  const subjects = body.subjects && subjectsIn(await getShopOrThrow(deps, shopId), body.subjects);
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertTemplate(trx, shopId, event, {
      enabled: body.enabled,
      subject: body.subject === "" ? null : body.subject,
      subjects,
      header_color: body.headerColor?.toLowerCase(),
      button_color: body.buttonColor?.toLowerCase(),
      logo: body.logo,
      reply_to: body.replyTo,
      send_before_days: body.sendBeforeDays,
    });
    // The logo is kept out of the audit log (it can be 2 MB); that it changed is enough.
    const { logo, ...rest } = body;
    await auditWrite(trx, shopId, actor, "notifications.update", {
      event,
      ...rest,
      ...(logo !== undefined ? { logo: logo ? "changed" : "removed" } : {}),
    });
  });
  return getNotificationSettings(deps, shopId, event);
}

/** Sample values so a preview or test send reads like the real e-mail. */
function sampleValues(shop: ShopRow): Record<string, string | number | null> {
  const label = pointLabelOf(shop);
  return {
    name: "Alex",
    points: 120,
    balance: 560,
    label: label.plural,
    code: "LAUREL-5OFF",
    days: 30,
    tier: "Gold",
    reward: "$5 off",
    // Merchant e-mails (L-11).
    file: "customers.csv",
    count: 1200,
    failed: 3,
    export: "customers",
  };
}

export async function previewNotification(
  deps: Deps,
  shopId: string,
  event: NotificationEvent,
  requested?: string,
) {
  const shop = await getShopOrThrow(deps, shopId);
  // Decision 0179: the preview in one of the shop's storefront languages (the primary by default).
  const language = requested
    ? shopLanguagesOf(shop).find((l) => l.toLowerCase() === requested.toLowerCase())
    : languageOf(shop);
  if (language === undefined) {
    throw new AppError("validation_failed", 400, "Language must be one of your storefront languages", [
      { field: "language", message: "Language must be one of your storefront languages" },
    ]);
  }
  const template = await repo.findTemplate(deps.db, shopId, event);
  const url = storefrontUrlOf(deps, shop);
  const mail = await renderMail(
    event,
    language,
    sampleValues(shop),
    brandingOf(deps, shop, template, language),
    {
      button: url,
      unsubscribe: url,
      pixel: null,
    },
  );
  return { subject: mail.subject, html: mail.html };
}

/** L-04 test send: the event's e-mail with sample values, sent now to `email` (not logged). */
export async function sendTestNotification(
  deps: Deps,
  shopId: string,
  event: NotificationEvent,
  email: string,
) {
  const shop = await getShopOrThrow(deps, shopId);
  const template = await repo.findTemplate(deps.db, shopId, event);
  const url = storefrontUrlOf(deps, shop);
  try {
    const mail = await renderMail(
      event,
      languageOf(shop),
      sampleValues(shop),
      brandingOf(deps, shop, template, languageOf(shop)),
      {
        button: url,
        unsubscribe: null,
        pixel: null,
      },
    );
    const way = await routeOf(deps, shop);
    await deliverMail(
      deps.config,
      deps.db,
      {
        shopId,
        from: fromHeader(way.from),
        to: email,
        replyTo: template?.reply_to ?? way.replyTo ?? shop.email,
        ...mail,
        subject: `[Test] ${mail.subject}`,
        messageId: `<${deps.newId("test")}@${new URL(deps.config.appUrl).hostname}>`,
      },
      way.route,
    );
  } catch {
    throw new AppError("mail_test_failed", 502);
  }
}

// --- The log (L-02, L-03) and the shopper's side of the links ---

function presentLogEntry(row: NotificationRow): NotificationLogEntry {
  return {
    id: row.id,
    event: row.event as NotificationLogEntry["event"],
    recipient: row.recipient,
    customerId: row.customer_id,
    subject: row.subject,
    status: row.status,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    openedAt: row.opened_at?.toISOString() ?? null,
    clickedAt: row.clicked_at?.toISOString() ?? null,
  };
}

/** Without `limit`, a page holds the most a page may (as the log answered before it had pages). */
const LOG_PAGE_DEFAULT = NOTIFICATION_LOG_PAGE_MAX;

function decodeCursor(cursor: string | undefined): repo.LogFilter["after"] {
  if (!cursor) return undefined;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (
    !createdAt ||
    !id ||
    !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt)
  ) {
    throw new AppError("validation_failed", 400, "Invalid cursor", [
      { field: "cursor", message: "Invalid cursor" },
    ]);
  }
  return { createdAt, id };
}

/** L-02: the log, newest first, filtered by status, event and recipient or subject, one page at a time. */
export async function listNotificationLog(
  deps: Deps,
  shopId: string,
  query: NotificationLogQuery = {},
): Promise<NotificationLog> {
  const limit = query.limit ?? LOG_PAGE_DEFAULT;
  const rows = await repo.listNotifications(
    deps.db,
    shopId,
    {
      status: query.status,
      event: query.event,
      query: query.query || undefined,
      after: decodeCursor(query.cursor),
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(presentLogEntry),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(`${last.created_key}|${last.id}`).toString("base64url")
        : null,
  };
}

export async function resendNotification(deps: Deps, shopId: string, actor: Actor, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.requeue(trx, shopId, id);
    if (!row) throw new AppError("notification_not_found", 404);
    await auditWrite(trx, shopId, actor, "notifications.resend", { id });
    await deps.queue.sendInTransaction(trx, jobs.sendEmail, { shopId, notificationId: id });
  });
  const row = await repo.findNotification(deps.db, shopId, id);
  if (!row) throw new AppError("notification_not_found", 404);
  return presentLogEntry(row);
}

export async function recordOpen(deps: Deps, shopId: string, id: string): Promise<void> {
  await repo.recordOpen(deps.db, shopId, id, deps.clock.now());
}

export async function recordClick(deps: Deps, shopId: string, id: string): Promise<void> {
  await repo.recordClick(deps.db, shopId, id, deps.clock.now());
}

/** One-click unsubscribe (RFC 8058): the e-mail's shopper receives no more e-mail from the shop. */
export async function unsubscribeByNotification(deps: Deps, shopId: string, id: string): Promise<boolean> {
  const row = await repo.findNotification(deps.db, shopId, id);
  const customerId = row?.customer_id;
  if (!customerId) return false;
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const isNew = await repo.unsubscribe(trx, shopId, customerId, now);
    // H-05 'unsubscribe': the customer's history shows it (a zero-point entry, once per customer).
    await postEntry(trx, {
      shopId,
      customerId,
      activityType: "unsubscribe",
      idempotencyKey: `unsubscribe:${customerId}`,
    });
    if (!isNew) return;
    // Decision 0130: the platform's marketing consent follows (outbox), and Laurel's copy of it
    // already says so, so the platform's echo (customers/update) changes nothing here.
    await recordEmailMarketingState(trx, shopId, customerId, "unsubscribed", now);
    await deps.queue.sendInTransaction(trx, jobs.syncMarketingConsent, { shopId, customerId });
  });
  return true;
}

/** The job's body (decision 0130): withdraws the platform's e-mail marketing consent of an unsubscribed shopper. */
export async function syncMarketingConsent(deps: Deps, shopId: string, customerId: string): Promise<boolean> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return false;
  // Read as it is now: a shopper who subscribed again meanwhile is left subscribed.
  const unsubscribed = await repo.findUnsubscribe(deps.db, shopId, customerId);
  if (!unsubscribed) return false;
  await deps.platform.unsubscribeCustomerFromEmailMarketing(
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    unsubscribed.platform_customer_id,
    unsubscribed.unsubscribed_at,
  );
  return true;
}

/**
 * customers/update (decision 0130): a change of the shopper's marketing consent on the platform
 * reaches Laurel's e-mails. Unsubscribed there → no more Laurel e-mails; subscribed again → they
 * resume. Other states (not_subscribed, pending) leave Laurel's choice as it is. Only a change
 * counts: `before` is the state Laurel held, so the echo of Laurel's own unsubscribe does nothing.
 */
export async function applyPlatformMarketingConsent(
  trx: Tx,
  shopId: string,
  customerId: string,
  change: { before: string | null; state: string; at: Date },
): Promise<void> {
  const state = change.state.toLowerCase();
  if (change.before?.toLowerCase() === state) return;
  if (state === "unsubscribed") await repo.unsubscribe(trx, shopId, customerId, change.at);
  else if (state === "subscribed") await repo.resubscribe(trx, shopId, customerId);
}

export async function findLogo(deps: Deps, shopId: string, event: string) {
  const logo = (await repo.findTemplate(deps.db, shopId, event))?.logo;
  const match = logo ? /^data:(image\/[a-z]+);base64,(.+)$/.exec(logo) : null;
  return match?.[1] && match[2] ? { type: match[1], bytes: Buffer.from(match[2], "base64") } : null;
}

// --- The local mailbox (embedded mode) ---

export function listMailbox(deps: Deps, shopId: string) {
  return repo.listMailbox(deps.db, shopId, 200);
}

export function findMailboxMessage(deps: Deps, shopId: string, id: number) {
  return repo.findMailboxMessage(deps.db, shopId, id);
}

/** L-05: the shop's reminder days (the first from the expiry e-mail's send-before), or none when it is off. */
export async function expiryReminderSettings(
  deps: Deps,
  shopId: string,
): Promise<ExpiryReminderSettings | null> {
  const template = await repo.findTemplate(deps.db, shopId, "points_expiring");
  if (template?.enabled === false) return null;
  return expiryReminderDays({ firstDays: template?.send_before_days ?? undefined });
}

/** customers/redact: erase the shopper's address and name from the notification log. */
export function eraseNotificationRecipient(trx: Tx, shopId: string, customerId: string): Promise<void> {
  return repo.eraseRecipient(trx, shopId, customerId);
}
