import {
  WEBHOOK_LOG_COUNT_CAP,
  type WebhookDeliveryDetail,
  type WebhookDeliverySummary,
  type WebhookLogQuery,
  type WebhookLogResponse,
  webhookDeliveryStatuses,
} from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { AppError, notFound } from "../../infra/errors";
import { auditWrite } from "../audit/audit.service";
import { indentJson } from "./pretty-json";
import * as repo from "./webhook-log.repository";

type SummaryRow = Awaited<ReturnType<typeof repo.listDeliveries>>[number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function presentSummary(row: SummaryRow): WebhookDeliverySummary {
  return {
    shopId: row.shop_id,
    shopDomain: row.shopify_domain,
    shopName: row.name,
    webhookId: row.webhook_id,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    duplicates: row.duplicates,
    lastError: row.last_error,
    orderKey: row.order_key,
    receivedAt: new Date(row.received_at).toISOString(),
    processedAt: iso(row.processed_at),
    nextAttemptAt: iso(row.next_attempt_at),
    seq: String(row.seq),
  };
}

/** `GET /apiSa/dev_zone/webhooks`: one page newest first, and counts per status for the tabs. */
export async function listWebhookDeliveries(deps: Deps, query: WebhookLogQuery): Promise<WebhookLogResponse> {
  const filter = { shop: query.shop, topic: query.topic };
  // One row more than the page says whether an older page exists.
  const [rows, ...counts] = await Promise.all([
    repo.listDeliveries(deps.db, { ...filter, status: query.status, before: query.cursor }, query.limit + 1),
    ...webhookDeliveryStatuses.map((status) =>
      repo.countDeliveries(deps.db, filter, status, WEBHOOK_LOG_COUNT_CAP),
    ),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(presentSummary),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
    counts: { received: counts[0] ?? 0, processed: counts[1] ?? 0, failed: counts[2] ?? 0 },
    countCap: WEBHOOK_LOG_COUNT_CAP,
  };
}

/** `GET /apiSa/dev_zone/webhooks/:shopId/:webhookId`: the delivery with its body, indented. */
export async function getWebhookDelivery(
  deps: Deps,
  shopId: string,
  webhookId: string,
): Promise<WebhookDeliveryDetail> {
  const row = await repo.findDelivery(deps.db, shopId, webhookId);
  if (!row) throw notFound();
  return {
    ...presentSummary(row),
    body: row.body === null ? null : indentJson(row.body),
    leaseUntil: iso(row.lease_until),
  };
}

/**
 * Process again (staff): a failed delivery goes back to the processor's queue, which picks it up
 * within its polling interval. Anything but a failed delivery is refused (409): a received one is
 * already queued, a processed one must not be applied twice. Audit-logged with the staff id.
 */
export async function retryWebhookDelivery(
  deps: Deps,
  staffUserId: string,
  shopId: string,
  webhookId: string,
): Promise<WebhookDeliverySummary> {
  return deps.db.transaction().execute(async (trx) => {
    const requeued = await repo.requeueFailedDelivery(trx, shopId, webhookId);
    if (!requeued) {
      const existing = await repo.findDelivery(trx, shopId, webhookId);
      if (!existing) throw notFound();
      throw new AppError("webhook_not_failed", 409);
    }
    await auditWrite(
      trx,
      shopId,
      { userId: staffUserId, impersonatedBy: staffUserId },
      "staff.webhook.retried",
      { webhookId, topic: requeued.topic, lastError: requeued.last_error },
    );
    // Read under our row lock: the answer is the requeued delivery, not whatever a processor
    // makes of it a moment after the commit.
    const row = await repo.findDelivery(trx, shopId, webhookId);
    if (!row) throw notFound();
    return presentSummary(row);
  });
}
