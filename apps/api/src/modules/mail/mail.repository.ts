import type { Db, NotificationRow, NotificationStatus, NotificationTemplateRow, Tx } from "@laurel/db";
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

export function listNotifications(conn: Conn, shopId: string, limit: number) {
  return conn
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", shopId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function unsubscribe(conn: Conn, shopId: string, customerId: string) {
  await conn
    .insertInto("notification_unsubscribes")
    .values({ shop_id: shopId, customer_id: customerId })
    .onConflict((oc) => oc.columns(["shop_id", "customer_id"]).doNothing())
    .execute();
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
