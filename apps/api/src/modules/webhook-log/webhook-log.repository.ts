import type { Db, Tx, WebhookDeliveryStatus } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export interface DeliveryFilter {
  /** A shop id or myshopify domain. */
  shop?: string | undefined;
  topic?: string | undefined;
}

const summaryColumns = [
  "d.shop_id",
  "d.webhook_id",
  "d.topic",
  "d.status",
  "d.attempts",
  "d.duplicates",
  "d.last_error",
  "d.order_key",
  "d.received_at",
  "d.processed_at",
  "d.next_attempt_at",
  "d.seq",
  "s.shopify_domain",
  "s.name",
] as const;

function baseQuery(conn: Conn) {
  return conn.selectFrom("webhook_deliveries as d").innerJoin("shops as s", "s.id", "d.shop_id");
}

/** The log's shop and topic filters, on a query over `d` (deliveries) joined to `s` (shops). */
function filtered(conn: Conn, filter: DeliveryFilter) {
  const shop = filter.shop;
  const topic = filter.topic;
  return baseQuery(conn)
    .$if(shop !== undefined, (q) =>
      q.where((eb) =>
        eb.or([eb("s.id", "=", shop as string), eb("s.shopify_domain", "=", (shop as string).toLowerCase())]),
      ),
    )
    .$if(topic !== undefined, (q) => q.where("d.topic", "=", topic as string));
}

/** One page, newest first: keyset on `seq` (arrival order), so a page never shifts as rows arrive. */
export function listDeliveries(
  conn: Conn,
  filter: DeliveryFilter & { status?: WebhookDeliveryStatus | undefined; before?: string | undefined },
  limit: number,
) {
  const { status, before } = filter;
  return filtered(conn, filter)
    .select(summaryColumns)
    .$if(status !== undefined, (q) => q.where("d.status", "=", status as WebhookDeliveryStatus))
    .$if(before !== undefined, (q) => q.where("d.seq", "<", Number(before)))
    .orderBy("d.seq", "desc")
    .limit(limit)
    .execute();
}

/** How many deliveries have `status` under the filter, counting no further than `cap`. */
export async function countDeliveries(
  conn: Conn,
  filter: DeliveryFilter,
  status: WebhookDeliveryStatus,
  cap: number,
): Promise<number> {
  const capped = filtered(conn, filter)
    .select(sql<number>`1`.as("one"))
    .where("d.status", "=", status)
    .limit(cap)
    .as("capped");
  const row = await conn
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findDelivery(conn: Conn, shopId: string, webhookId: string) {
  return baseQuery(conn)
    .select([...summaryColumns, "d.body", "d.lease_until"])
    .where("d.shop_id", "=", shopId)
    .where("d.webhook_id", "=", webhookId)
    .executeTakeFirst();
}

/**
 * Process again: back in the processor's queue as a fresh delivery, due now and unclaimed.
 * `last_error` stays until a later attempt succeeds. Only a failed delivery is touched.
 */
export async function requeueFailedDelivery(trx: Tx, shopId: string, webhookId: string) {
  const row = await trx
    .updateTable("webhook_deliveries")
    .set({ status: "received", attempts: 0, next_attempt_at: sql`now()`, lease_until: null })
    .where("shop_id", "=", shopId)
    .where("webhook_id", "=", webhookId)
    .where("status", "=", "failed")
    .returning(["webhook_id", "topic", "last_error"])
    .executeTakeFirst();
  return row;
}
