import type {
  Db,
  MailDnsRecord,
  MailDomainStatus,
  NotificationRow,
  NotificationStatus,
  NotificationTemplateRow,
  Tx,
} from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export function listTemplates(conn: Conn, shopId: string): Promise<NotificationTemplateRow[]> {
  return conn.selectFrom("notification_templates").selectAll().where("shop_id", "=", shopId).execute();
}

export async function findTemplate(
  conn: Conn,
  shopId: string,
  event: string,
): Promise<NotificationTemplateRow | undefined> {
  return conn
    .selectFrom("notification_templates")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("event", "=", event)
    .executeTakeFirst();
}

export interface TemplatePatch {
  enabled?: boolean | undefined;
  subject?: string | null | undefined;
  subjects?: Record<string, string> | undefined;
  header_color?: string | null | undefined;
  button_color?: string | null | undefined;
  logo?: string | null | undefined;
  reply_to?: string | null | undefined;
  send_before_days?: number | null | undefined;
}

export async function upsertTemplate(trx: Tx, shopId: string, event: string, patch: TemplatePatch) {
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await trx
    .insertInto("notification_templates")
    .values({ shop_id: shopId, event, ...values })
    .onConflict((oc) => oc.columns(["shop_id", "event"]).doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** The shoppers an e-mail may go to: their address, name, balance, and whether they unsubscribed. */
export function findRecipients(conn: Conn, shopId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return conn
    .selectFrom("customers as c")
    .leftJoin("notification_unsubscribes as u", (j) =>
      j.onRef("u.shop_id", "=", "c.shop_id").onRef("u.customer_id", "=", "c.id"),
    )
    .select([
      "c.id",
      "c.email",
      "c.first_name",
      "c.available_points",
      "c.redacted_at",
      "c.type",
      "c.locale",
      "u.unsubscribed_at",
    ])
    .where("c.shop_id", "=", shopId)
    .where("c.id", "in", [...customerIds])
    .execute();
}

export interface NewNotification {
  id: string;
  event: string;
  customerId: string | null;
  recipient: string;
  language: string;
  key: string;
  data: Record<string, string | number | null>;
}

/** Inserts the rows whose key is new; answers the ids inserted (a key seen before inserts nothing). */
export async function insertNotifications(trx: Tx, shopId: string, rows: readonly NewNotification[]) {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto("notifications")
    .values(
      rows.map((r) => ({
        shop_id: shopId,
        id: r.id,
        event: r.event,
        customer_id: r.customerId,
        recipient: r.recipient,
        language: r.language,
        idempotency_key: r.key,
        data: JSON.stringify(r.data),
      })),
    )
    .onConflict((oc) => oc.columns(["shop_id", "idempotency_key"]).doNothing())
    .returning("id")
    .execute();
  return inserted.map((r) => r.id);
}

/**
 * How many e-mails whose key starts with `prefix` were logged in the last 24 hours (invitation
 * limits), by the database's clock, which stamps `created_at`.
 */
export async function countKeyedInLastDay(conn: Conn, shopId: string, prefix: string): Promise<number> {
  const row = await conn
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shopId)
    .where(sql<boolean>`starts_with(idempotency_key, ${prefix})`)
    .where("created_at", ">=", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes a queued e-mail for one send attempt: only one worker at a time holds it (the lease), and a
 * sent one is never taken again. Answers the row, or undefined when there is nothing to do.
 */
export function claimNotification(
  conn: Conn,
  shopId: string,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<NotificationRow | undefined> {
  return conn
    .updateTable("notifications")
    .set({ lease_until: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1` })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function markSent(
  conn: Conn,
  shopId: string,
  id: string,
  subject: string,
  messageId: string,
  now: Date,
) {
  await conn
    .updateTable("notifications")
    .set({
      status: "sent",
      subject,
      message_id: messageId,
      sent_at: now,
      lease_until: null,
      last_error: null,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function markAttemptFailed(
  conn: Conn,
  shopId: string,
  id: string,
  error: string,
  final: boolean,
) {
  await conn
    .updateTable("notifications")
    .set({
      last_error: error.slice(0, 500),
      lease_until: null,
      ...(final ? { status: "failed" as const } : {}),
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

/** L-03 resend: a sent or failed e-mail goes back to the queue. */
export function requeue(trx: Tx, shopId: string, id: string) {
  return trx
    .updateTable("notifications")
    .set({ status: "queued", attempts: 0, lease_until: null, last_error: null })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "!=", "queued")
    .returning("id")
    .executeTakeFirst();
}

export async function recordOpen(conn: Conn, shopId: string, id: string, now: Date) {
  await conn
    .updateTable("notifications")
    .set({
      opened_at: sql`coalesce(opened_at, ${now})`,
      status: sql<NotificationStatus>`case when status = 'sent' then 'opened' else status end`,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "in", ["sent", "opened", "clicked"])
    .execute();
}

export async function recordClick(conn: Conn, shopId: string, id: string, now: Date) {
  await conn
    .updateTable("notifications")
    .set({
      opened_at: sql`coalesce(opened_at, ${now})`,
      clicked_at: sql`coalesce(clicked_at, ${now})`,
      status: "clicked",
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "in", ["sent", "opened", "clicked"])
    .execute();
}

export function findNotification(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export interface LogFilter {
  status?: NotificationStatus | undefined;
  event?: string | undefined;
  /** Part of the recipient's address or the subject, case-insensitive. */
  query?: string | undefined;
  /** Rows older than this (created_at as PostgreSQL prints it, id): keyset paging, exact to the microsecond. */
  after?: { createdAt: string; id: string } | undefined;
}

/** L-02: a page of the log, newest first; `created_key` is the row's exact `created_at` for the next cursor. */
export function listNotifications(conn: Conn, shopId: string, filter: LogFilter, limit: number) {
  let q = conn
    .selectFrom("notifications")
    .selectAll()
    .select(sql<string>`created_at::text`.as("created_key"))
    .where("shop_id", "=", shopId);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.event) q = q.where("event", "=", filter.event);
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb("recipient", "ilike", like), eb("subject", "ilike", like)]));
  }
  const after = filter.after;
  if (after) {
    q = q.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Answers whether the shopper was not unsubscribed before. */
export async function unsubscribe(
  conn: Conn,
  shopId: string,
  customerId: string,
  at: Date,
): Promise<boolean> {
  const inserted = await conn
    .insertInto("notification_unsubscribes")
    .values({ shop_id: shopId, customer_id: customerId, unsubscribed_at: at })
    .onConflict((oc) => oc.columns(["shop_id", "customer_id"]).doNothing())
    .returning("customer_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The shopper subscribed again (on the platform): Laurel's e-mails reach them again. */
export async function resubscribe(conn: Conn, shopId: string, customerId: string): Promise<void> {
  await conn
    .deleteFrom("notification_unsubscribes")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .execute();
}

/** An unsubscribed shopper's platform id and when they unsubscribed; undefined when they are not unsubscribed. */
export function findUnsubscribe(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("notification_unsubscribes as u")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "u.shop_id").onRef("c.id", "=", "u.customer_id"),
    )
    .select(["c.platform_customer_id", "u.unsubscribed_at"])
    .where("u.shop_id", "=", shopId)
    .where("u.customer_id", "=", customerId)
    .executeTakeFirst();
}

export function listMailbox(conn: Conn, shopId: string, limit: number) {
  return conn
    .selectFrom("mailbox_messages")
    .select(["id", "recipient", "subject", "received_at"])
    .where("shop_id", "=", shopId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function findMailboxMessage(conn: Conn, shopId: string, id: number) {
  return conn
    .selectFrom("mailbox_messages")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * customers/redact: the notification log keeps that an e-mail was sent, not to whom or with
 * which name (the address and the template values go).
 */
export async function eraseRecipient(trx: Tx, shopId: string, customerId: string): Promise<void> {
  await trx
    .updateTable("notifications")
    .set({ recipient: "", data: JSON.stringify({}) })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .execute();
}

// --- How e-mails leave: custom SMTP, sending domain, sender (L-06 … L-08, decision 0110) ---

export function findSmtpSettings(conn: Conn, shopId: string) {
  return conn.selectFrom("mail_smtp_settings").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

export interface SmtpValues {
  host: string;
  port: number;
  secure: boolean;
  auth: boolean;
  username: string | null;
  password_enc: string | null;
}

/** Saves the connection; it is unverified until a real connection accepts a test message. */
export async function upsertSmtpSettings(trx: Tx, shopId: string, v: SmtpValues) {
  await trx
    .insertInto("mail_smtp_settings")
    .values({ shop_id: shopId, ...v, verified_at: null, last_error: null })
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({ ...v, verified_at: null, last_error: null, updated_at: sql`now()` }),
    )
    .execute();
}

export async function markSmtpChecked(conn: Conn, shopId: string, at: Date | null, error: string | null) {
  await conn
    .updateTable("mail_smtp_settings")
    .set({ verified_at: at, last_error: error?.slice(0, 500) ?? null })
    .where("shop_id", "=", shopId)
    .execute();
}

export async function deleteSmtpSettings(trx: Tx, shopId: string) {
  return (await trx.deleteFrom("mail_smtp_settings").where("shop_id", "=", shopId).executeTakeFirst())
    .numDeletedRows;
}

export function findDomain(conn: Conn, shopId: string) {
  return conn.selectFrom("mail_domains").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

export async function insertDomain(
  trx: Tx,
  shopId: string,
  v: {
    root_domain: string;
    subdomain: string;
    dkim_selector: string;
    dkim_public_key: string;
    dkim_private_key_enc: string;
    records: MailDnsRecord[];
  },
) {
  await trx
    .insertInto("mail_domains")
    .values({ shop_id: shopId, ...v, records: JSON.stringify(v.records) })
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({
        ...v,
        records: JSON.stringify(v.records),
        status: "unverified",
        checked_at: null,
        verified_at: null,
        created_at: sql`now()`,
      }),
    )
    .execute();
}

export async function updateDomainCheck(
  conn: Conn,
  shopId: string,
  records: MailDnsRecord[],
  status: MailDomainStatus,
  at: Date,
) {
  await conn
    .updateTable("mail_domains")
    .set({
      records: JSON.stringify(records),
      status,
      checked_at: at,
      verified_at: status === "verified" ? sql`coalesce(verified_at, ${at})` : null,
    })
    .where("shop_id", "=", shopId)
    .execute();
}

export async function deleteDomain(trx: Tx, shopId: string) {
  return (await trx.deleteFrom("mail_domains").where("shop_id", "=", shopId).executeTakeFirst())
    .numDeletedRows;
}

export function findSender(conn: Conn, shopId: string) {
  return conn.selectFrom("mail_senders").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

/** A new address is unverified; the same address keeps its verification (a name change needs none). */
export async function upsertSender(trx: Tx, shopId: string, email: string, name: string) {
  await trx
    .insertInto("mail_senders")
    .values({ shop_id: shopId, email, name })
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({
        email,
        name,
        verified_at: sql`case when mail_senders.email = ${email} then mail_senders.verified_at else null end`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function markSenderVerified(conn: Conn, shopId: string, email: string, at: Date) {
  const r = await conn
    .updateTable("mail_senders")
    .set({ verified_at: sql`coalesce(verified_at, ${at})` })
    .where("shop_id", "=", shopId)
    .where("email", "=", email)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
