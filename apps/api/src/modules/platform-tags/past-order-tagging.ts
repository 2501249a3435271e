import type { PastOrderTagging } from "@laurel/contracts";
import type { PastOrderTaggingRow, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { tagOrdersAndCustomers, tagPastOrders } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./platform-tags.repository";

/**
 * M-02 "Tag past orders" (decision 0176): the orders that earned before the General settings' tags
 * were set get them now, with their customers. A run takes the tags saved when it starts, counts
 * the earning orders, then hands them to the tagging job (`tag-orders-and-customers`) a page at a
 * time, each page and its progress in one transaction (outbox): a crash resumes after the last
 * page handed over, and tagging twice changes nothing on the platform.
 */
export const PAST_ORDERS_PAGE = 250;

export function presentTagging(r: PastOrderTaggingRow): PastOrderTagging {
  return {
    id: r.id,
    status: r.status,
    orderTags: r.order_tags,
    customerTags: r.customer_tags,
    totalRows: r.total_rows,
    doneRows: r.done_rows,
    error: r.error,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

export async function latestPastOrderTagging(deps: Deps, shopId: string): Promise<PastOrderTagging | null> {
  const row = await repo.latestTagging(deps.db, shopId);
  return row ? presentTagging(row) : null;
}

/** Starts a run with the saved tags; one at a time, so starting again answers the run under way. */
export async function startPastOrderTagging(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
): Promise<PastOrderTagging> {
  const shop = await getShopOrThrow(deps, shopId);
  const orderTags = shop.settings.general?.orderTags ?? [];
  const customerTags = shop.settings.general?.customerTags ?? [];
  if (orderTags.length === 0 && customerTags.length === 0) {
    const message = "Add an order tag or a customer tag and save, then tag past orders.";
    throw new AppError("validation_failed", 400, message, [{ field: "general.orderTags", message }]);
  }
  const running = await repo.activeTagging(deps.db, shopId);
  if (running) return presentTagging(running);
  const total = await repo.countEarningOrders(deps.db, shopId);
  const id = deps.newId("tpo");
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertTagging(trx, {
      shopId,
      id,
      orderTags,
      customerTags,
      total,
      actorEmail: actor.userEmail,
    });
    if (!row) {
      // Another request started one meanwhile: it holds the shop's one active slot.
      const other = await repo.activeTagging(trx, shopId);
      if (!other) throw new AppError("tag_past_orders_failed", 409);
      return presentTagging(other);
    }
    await deps.queue.sendInTransaction(trx, tagPastOrders, { shopId, taggingId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "settings.tag_past_orders", { taggingId: id });
    return presentTagging(row);
  });
}

/** The job's body: every page of earning orders after the run's cursor, then done. */
export async function runPastOrderTagging(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = PAST_ORDERS_PAGE,
) {
  for (;;) {
    const more = await deps.db
      .transaction()
      .execute(async (trx) => handOverNextPage(deps, trx, shopId, id, pageSize));
    if (!more) return;
  }
}

async function handOverNextPage(deps: Deps, trx: Tx, shopId: string, id: string, pageSize: number) {
  const run = await repo.lockTagging(trx, shopId, id);
  if (!run || run.status === "done" || run.status === "failed") return false;
  const page = await repo.earningOrdersAfter(trx, shopId, run.cursor, pageSize);
  if (page.length === 0) {
    await repo.finishTagging(trx, shopId, id, { status: "done", error: null, at: deps.clock.now() });
    return false;
  }
  const customerIds = [...new Set(page.flatMap((o) => (o.customer_id ? [o.customer_id] : [])))];
  await deps.queue.sendInTransaction(trx, tagOrdersAndCustomers, {
    shopId,
    orders: { ids: run.order_tags.length > 0 ? page.map((o) => o.order_id) : [], tags: run.order_tags },
    customers: { ids: run.customer_tags.length > 0 ? customerIds : [], tags: run.customer_tags },
  });
  const last = page.at(-1)?.order_id ?? run.cursor;
  await repo.advanceTagging(trx, shopId, id, { cursor: last, handedOver: page.length });
  return true;
}

/** A run that could not finish says why; the merchant starts another (tags added stay). */
export async function failPastOrderTagging(deps: Deps, shopId: string, id: string, message: string) {
  await deps.db.transaction().execute((trx) =>
    repo.finishTagging(trx, shopId, id, {
      status: "failed",
      error: message.slice(0, 500),
      at: deps.clock.now(),
    }),
  );
}
