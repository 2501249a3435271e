import type { CustomerSummary, CustomerSync } from "@laurel/contracts";
import type { CustomerRow, CustomerSyncRow, ShopRow, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { syncCustomers as syncCustomersJob } from "../../jobs/refs";
import type { PlatformCustomerDetails, PlatformShop } from "../../platform/port";
import { type Actor, auditWrite } from "../audit/audit.service";
import { applyNewsletterConsent } from "../earning/account-earning.service";
import { applyPlatformMarketingConsent } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import { tierRunInProgress } from "../tiers/tiers.service";
import { presentCustomer } from "./customers.admin";
import * as repo from "./customers.repository";
import { ensureCustomers, setCustomersTags } from "./customers.service";

/**
 * J-21 (decision 0164): Laurel's copy of the store's customers, kept in step with the platform.
 * One mapping for every way news of a customer arrives — a customers/create or customers/update
 * webhook, a single "sync customer", a page of a bulk "re-sync customers" — so each sets the same
 * fields the same way: e-mail and name (unknowns never erase what is known), the platform's tags,
 * and the e-mail marketing consent (C-26 newsletter points, decision 0130 unsubscribes).
 */

/** Customers read from the platform per page of a bulk re-sync (one transaction, one upsert each). */
export const SYNC_BATCH = 250;
/** I-10: how long a bulk re-sync waits before looking again while a tier launch runs. */
export const TIER_RUN_WAIT_MS = 30_000;

const platformShopOf = (shop: ShopRow): PlatformShop => ({
  domain: shop.shopify_domain,
  accessToken: shop.access_token,
});

/**
 * E-mail marketing consent as the platform tells it: recorded unless it is older news than the
 * consent Laurel holds, or nothing new (the same state, no newer time). Answers whether the state
 * changed.
 */
async function applyConsent(
  deps: Pick<Deps, "clock">,
  trx: Tx,
  shop: ShopRow,
  customer: CustomerRow,
  consent: { state: string; at: Date | null },
): Promise<boolean> {
  const state = consent.state.toLowerCase();
  const known = customer.email_marketing_updated_at;
  const same = customer.email_marketing_state === state;
  if (same && (consent.at === null || (known !== null && consent.at.getTime() <= known.getTime()))) {
    return false;
  }
  const at = consent.at ?? deps.clock.now();
  await applyNewsletterConsent(deps, trx, shop, customer, { state, at });
  // Older news than the consent Laurel holds (out-of-order deliveries) changes nothing.
  if (known && at.getTime() < known.getTime()) return false;
  await applyPlatformMarketingConsent(trx, shop.id, customer.id, {
    before: customer.email_marketing_state,
    state,
    at,
  });
  return !same;
}

/**
 * Applies what the platform says about some of the shop's customers, set-based: one multi-row upsert
 * of the contact details (new customers become guests), one statement for the tags, then the
 * consent of only those whose consent is news. A customer whose data Laurel erased (customers/redact)
 * is never filled again. Answers the platform ids whose copy changed.
 */
export async function applyPlatformCustomers(
  deps: Pick<Deps, "clock" | "newId">,
  trx: Tx,
  shop: ShopRow,
  customers: readonly PlatformCustomerDetails[],
): Promise<Set<string>> {
  const before = new Map(
    (
      await repo.findCustomersByPlatformIds(
        trx,
        shop.id,
        customers.map((c) => c.id),
      )
    ).map((c) => [c.platform_customer_id, c]),
  );
  const news = customers.filter((c) => !before.get(c.id)?.redacted_at);
  const changed = new Set<string>();
  for (const c of news) {
    const known = before.get(c.id);
    const differs = (told: string | null, held: string | null | undefined) => told !== null && told !== held;
    if (
      !known ||
      differs(c.email, known.email) ||
      differs(c.firstName, known.first_name) ||
      differs(c.lastName, known.last_name)
    ) {
      changed.add(c.id);
    }
  }
  const rows = await ensureCustomers(
    deps,
    trx,
    shop.id,
    news.map((c) => ({
      platformCustomerId: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
    })),
  );
  const byPlatformId = new Map(rows.map((r) => [r.platform_customer_id, r]));
  const tagged = news.flatMap((c) => {
    const row = byPlatformId.get(c.id);
    return row && c.tags !== null ? [{ id: row.id, tags: c.tags }] : [];
  });
  const retagged = new Set(await setCustomersTags(trx, shop.id, tagged));
  for (const row of rows) if (retagged.has(row.id)) changed.add(row.platform_customer_id);
  for (const c of news) {
    const row = byPlatformId.get(c.id);
    if (!row || !c.emailMarketing) continue;
    if (await applyConsent(deps, trx, shop, row, c.emailMarketing)) changed.add(c.id);
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Sync one customer now ("sync customer", J-21).

/**
 * Reads the customer from the platform and updates Laurel's copy in one transaction. Refused while a
 * VIP tier launch or relaunch runs (I-10), and with 404 when the store no longer has the customer.
 */
export async function syncCustomer(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
): Promise<CustomerSummary> {
  const shop = await getShopOrThrow(deps, shopId);
  const known = await repo.findCustomer(deps.db, shopId, id);
  if (!known || known.redacted_at) throw new AppError("customer_not_found", 404);
  if (await tierRunInProgress(deps.db, shopId)) throw new AppError("tier_run_in_progress", 409);
  const details = await deps.platform.getCustomer(platformShopOf(shop), known.platform_customer_id);
  if (!details) throw new AppError("customer_not_on_platform", 404);
  return deps.db.transaction().execute(async (trx) => {
    if (await tierRunInProgress(trx, shopId, true)) throw new AppError("tier_run_in_progress", 409);
    const changed = await applyPlatformCustomers(deps, trx, shop, [details]);
    await auditWrite(trx, shopId, actor, "customers.synced", { customerId: id, changed: changed.size > 0 });
    const row = await repo.findCustomer(trx, shopId, id);
    if (!row) throw new AppError("customer_not_found", 404);
    return presentCustomer(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Re-sync every customer ("re-sync customers", J-21) as a job with progress, like the export (0152).

export function presentSync(s: CustomerSyncRow): CustomerSync {
  return {
    id: s.id,
    status: s.status,
    totalRows: s.total_rows,
    doneRows: s.done_rows,
    changedRows: s.changed_rows,
    error: s.error,
    createdAt: s.created_at.toISOString(),
    finishedAt: s.finished_at?.toISOString() ?? null,
  };
}

function findActiveSync(conn: Deps["db"] | Tx, shopId: string) {
  return conn
    .selectFrom("customer_syncs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("status", "in", ["queued", "waiting", "running"])
    .executeTakeFirst();
}

/**
 * Starts a bulk re-sync (the store's customer count is its progress total). One run at a time: while
 * one is under way, starting again answers that run.
 */
export async function startCustomerSync(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
): Promise<CustomerSync> {
  const shop = await getShopOrThrow(deps, shopId);
  const running = await findActiveSync(deps.db, shopId);
  if (running) return presentSync(running);
  const total = await deps.platform.countCustomers(platformShopOf(shop));
  const id = deps.newId("syn");
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("customer_syncs")
      .values({ shop_id: shopId, id, total_rows: total, actor_email: actor.userEmail })
      // A run started meanwhile by another request holds the shop's one active slot.
      .onConflict((oc) =>
        oc.column("shop_id").where("status", "in", ["queued", "waiting", "running"]).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const other = await findActiveSync(trx, shopId);
      if (!other) throw new AppError("customer_resync_failed", 409);
      return presentSync(other);
    }
    await deps.queue.sendInTransaction(trx, syncCustomersJob, { shopId, syncId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "customers.resync_started", { syncId: id });
    return presentSync(row);
  });
}

export async function getCustomerSync(deps: Deps, shopId: string, id: string): Promise<CustomerSync> {
  const row = await deps.db
    .selectFrom("customer_syncs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", 404, "This re-sync does not exist.");
  return presentSync(row);
}

/** What one step of a re-sync did: a page applied (more to come or done), or it waits on a tier run. */
export type SyncStep = "more" | "done" | "waiting";

/**
 * Applies the next page of a running re-sync: reads it from the platform, then in one transaction
 * writes it and the progress (a crash resumes after the last committed page; a page applied twice
 * changes nothing the second time). While a tier launch runs (I-10) nothing is read or written and
 * the run is marked `waiting`; the program row is held for share while a page is written, so a
 * launch starting meanwhile waits for that page.
 */
export async function syncNextCustomerPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = SYNC_BATCH,
): Promise<SyncStep> {
  // Read before the transaction: on PGlite the one connection belongs to the transaction (0004).
  const shop = await getShopOrThrow(deps, shopId);
  const current = await getCustomerSync(deps, shopId, id);
  if (current.status === "done" || current.status === "failed") return "done";
  const markWaiting = () =>
    deps.db
      .updateTable("customer_syncs")
      .set({ status: "waiting" })
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .where("status", "in", ["queued", "running", "waiting"])
      .execute();
  if (await tierRunInProgress(deps.db, shopId)) {
    await markWaiting();
    return "waiting";
  }
  const cursorRow = await deps.db
    .selectFrom("customer_syncs")
    .select("cursor")
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const page = await deps.platform.listCustomers(platformShopOf(shop), {
    after: cursorRow.cursor,
    first: pageSize,
  });
  const step = await deps.db.transaction().execute(async (trx): Promise<SyncStep> => {
    const s = await trx
      .selectFrom("customer_syncs")
      .selectAll()
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!s || s.status === "done" || s.status === "failed") return "done";
    // Another run of this job applied the page meanwhile: it is read again from its cursor.
    if (s.cursor !== cursorRow.cursor) return "more";
    if (await tierRunInProgress(trx, shopId, true)) return "waiting";
    const changed = await applyPlatformCustomers(deps, trx, shop, page.items);
    const more = page.pageInfo.hasNextPage && page.pageInfo.endCursor !== null;
    await trx
      .updateTable("customer_syncs")
      .set((eb) => ({
        status: more ? "running" : "done",
        cursor: page.pageInfo.endCursor ?? s.cursor,
        done_rows: eb("done_rows", "+", page.items.length),
        changed_rows: eb("changed_rows", "+", changed.size),
        // The store may have gained customers since the count: the total is never below the done.
        total_rows: eb.fn<number>("greatest", [
          eb.ref("total_rows"),
          eb("done_rows", "+", page.items.length),
        ]),
        ...(more ? {} : { finished_at: deps.clock.now() }),
      }))
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .execute();
    return more ? "more" : "done";
  });
  if (step === "waiting") await markWaiting();
  return step;
}

/**
 * The job's run: pages until none remain. While a tier launch runs it stops and schedules itself
 * again after TIER_RUN_WAIT_MS (I-10: paused, resumed automatically). A failure is recorded for the
 * merchant to see.
 */
export async function runCustomerSync(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = SYNC_BATCH,
): Promise<SyncStep> {
  try {
    for (;;) {
      const step = await syncNextCustomerPage(deps, shopId, id, pageSize);
      if (step === "more") continue;
      if (step === "waiting") {
        await deps.queue.send(
          syncCustomersJob,
          { shopId, syncId: id },
          // Seconds from the database's now (pg-boss), whatever this process's clock says.
          { startAfter: Math.ceil(TIER_RUN_WAIT_MS / 1000) },
        );
      }
      return step;
    }
  } catch (error) {
    await deps.db
      .updateTable("customer_syncs")
      .set({ status: "failed", error: "Failed to re-sync customers", finished_at: deps.clock.now() })
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .execute();
    console.warn(`[customer sync ${id}] ${String(error)}`);
    return "done";
  }
}
