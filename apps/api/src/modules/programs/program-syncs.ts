import type { PriorOrderSyncState, ProgramSyncRun, StartProgramSyncBody } from "@laurel/contracts";
import { errorMessages } from "@laurel/contracts";
import type { ProgramSyncKind, ProgramSyncRow, ShopRow } from "@laurel/db";
import {
  checkPriorOrderSyncStart,
  placeOrderEvents,
  priorOrderSyncWindow,
  startOfStoreDate,
  storeDateOf,
  utcOffsetMinutes,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { runProgramSync } from "../../jobs/refs";
import { auditWrite } from "../audit/audit.service";
import { countAccountSyncCandidates, syncAccountEventPage } from "../earning/account-earning.service";
import {
  countUnearnedOrders,
  creditPriorOrders,
  listUnearnedOrdersPage,
  type PriorOrderCursor,
} from "../orders/orders.service";
import { getShopOrThrow } from "../shops/shops.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./programs.repository";
import { listProgramRows } from "./programs.service";

/**
 * Retroactive syncs (C-27, X-47, decision 0165), each a job with progress the admin polls:
 * - `prior_order`: the shop's past orders since a day the merchant picks (at most 12 months back)
 *   that have not earned earn now, through the order pipeline's own rules and keys; once per shop.
 * - `sign_up` / `newsletter`: members who never received the program's points (subscribed to
 *   e-mail marketing, for the newsletter) receive them, through the joining rule; any time.
 */

/** Orders (or members) a sync job credits between two progress reports, one transaction each. */
export const SYNC_PAGE_SIZE = 500;
export const SYNC_NOT_FOUND = "Sync not found.";

const PROGRAM_NAMES = { sign_up: "Sign Up", newsletter: "Newsletter", prior_order: "Prior Order" } as const;

function offsetAt(shop: ShopRow, at: Date): number {
  return utcOffsetMinutes(storeTimeZoneOf(shop), at);
}

/** The store-local day of an instant. */
function storeDay(shop: ShopRow, at: Date): string {
  return storeDateOf(at.toISOString(), offsetAt(shop, at));
}

function presentSync(shop: ShopRow, row: ProgramSyncRow): ProgramSyncRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    since: row.since ? storeDay(shop, row.since) : null,
    processed: row.processed,
    total: row.total,
    credited: row.credited,
    points: Number(row.points),
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    unlockedAt: row.unlocked_at?.toISOString() ?? null,
  };
}

/** The once-only lock (C-27): a run queued, running or done holds it, until support lifts it. */
const holdsLock = (row: ProgramSyncRow | undefined): row is ProgramSyncRow =>
  row !== undefined && row.status !== "failed" && row.unlocked_at === null;

const disabled = (program: string) =>
  new AppError(
    "sync_program_disabled",
    409,
    errorMessages.sync_program_disabled.replace("{{program}}", program),
  );

/** The sync's program must be running: the spec's words when it is not (C-27). */
async function requireRunningProgram(deps: Deps, shop: ShopRow, kind: ProgramSyncKind): Promise<void> {
  const rows = await listProgramRows(deps.db, shop.id, "earning");
  if (kind === "prior_order") {
    const placeOrder = rows.filter((r) => (placeOrderEvents as readonly string[]).includes(r.event));
    if (placeOrder.length === 0) throw new AppError("sync_no_place_order_program", 409);
    if (!placeOrder.some((r) => r.status === "active")) throw disabled("Place Order");
    return;
  }
  const event = kind === "sign_up" ? "sign_up" : "sign_up_newsletter";
  if (!rows.some((r) => r.event === event && r.status === "active")) throw disabled(PROGRAM_NAMES[kind]);
}

const locked = () => new AppError("prior_order_sync_locked", 409);

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/** The past-order sync's first instant: 00:00 store time of the day picked, refused outside X-47's window. */
function priorOrderSince(shop: ShopRow, day: string, now: Date): Date {
  const today = storeDay(shop, now);
  const problem = checkPriorOrderSyncStart(day, today);
  if (problem !== null) {
    const { earliest } = priorOrderSyncWindow(today);
    const message = {
      invalid: "since must be a real day (YYYY-MM-DD).",
      future: "since can't be in the future.",
      too_early: `since must be ${earliest} or later: the sync reaches back 12 months at most.`,
    }[problem];
    throw new AppError("validation_failed", 400, message, [{ field: "since", message }]);
  }
  const noon = new Date(Date.parse(`${day}T12:00:00.000Z`));
  return new Date(startOfStoreDate(day, offsetAt(shop, noon)));
}

/**
 * `POST /lp/programs/syncs`: checks the program and (past orders) the day and the lock, then
 * records the run and enqueues its job in one transaction. A second past-order run is refused
 * while one is queued, running or done (the once-only index decides a race).
 */
export async function startSync(
  deps: Deps,
  shop: ShopRow,
  body: StartProgramSyncBody,
): Promise<ProgramSyncRun> {
  const now = deps.clock.now();
  const since = body.kind === "prior_order" ? priorOrderSince(shop, body.since, now) : null;
  await requireRunningProgram(deps, shop, body.kind);
  if (body.kind === "prior_order") {
    const latest = await repo.findLatestSyncRun(deps.db, shop.id, "prior_order");
    if (holdsLock(latest)) throw locked();
  }
  const id = deps.newId("sync");
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertSyncRun(trx, {
        shopId: shop.id,
        id,
        kind: body.kind,
        since,
        createdAt: now,
      });
      await deps.queue.sendInTransaction(trx, runProgramSync, { shopId: shop.id, syncId: id });
      return inserted;
    });
    return presentSync(shop, row);
  } catch (error) {
    if (body.kind === "prior_order" && isUniqueViolation(error)) throw locked();
    throw error;
  }
}

/** `GET /lp/programs/syncs/:id`: another shop's run is a 404. */
export async function getSyncRun(deps: Deps, shop: ShopRow, id: string): Promise<ProgramSyncRun> {
  const row = await repo.findSyncRun(deps.db, shop.id, id);
  if (!row) throw new AppError("not_found", 404, SYNC_NOT_FOUND);
  return presentSync(shop, row);
}

/** `GET /lp/programs/syncs/prior-order`: the lock, the days the merchant may pick, the newest run. */
export async function getPriorOrderSyncState(deps: Deps, shop: ShopRow): Promise<PriorOrderSyncState> {
  const row = await repo.findLatestSyncRun(deps.db, shop.id, "prior_order");
  const { earliest, latest } = priorOrderSyncWindow(storeDay(shop, deps.clock.now()));
  return {
    locked: holdsLock(row),
    earliestSince: earliest,
    latestSince: latest,
    run: row ? presentSync(shop, row) : null,
  };
}

/**
 * `POST /apiSa/dev_zone/shops/:shopId/prior-order-sync/unlock` (decision 0172): Laurel support
 * allows one more past-order sync. Only a finished run's lock can be lifted (a queued or running
 * one would race the next); the run keeps its figures, the reason and who lifted it, and the
 * audit log says so. The next run credits only orders that have not earned (every credit is
 * keyed once), so a second run can never pay an order twice.
 */
export async function unlockPriorOrderSync(
  deps: Deps,
  staffUserId: string,
  shopId: string,
  reason: string,
): Promise<PriorOrderSyncState> {
  const shop = await getShopOrThrow(deps, shopId);
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findLatestSyncRun(trx, shopId, "prior_order", { forUpdate: true });
    if (!holdsLock(row)) throw new AppError("prior_order_sync_not_locked", 409);
    if (row.status !== "done") throw new AppError("prior_order_sync_running", 409);
    await repo.unlockSyncRun(trx, shopId, row.id, { at: deps.clock.now(), by: staffUserId, reason });
    await auditWrite(
      trx,
      shopId,
      { userId: staffUserId, impersonatedBy: staffUserId },
      "staff.prior_order_sync.unlocked",
      { syncId: row.id, reason, credited: row.credited, points: Number(row.points) },
    );
  });
  return getPriorOrderSyncState(deps, shop);
}

/** `GET /apiSa/dev_zone/shops/:shopId/prior-order-sync`: a shop's lock, as support sees it. */
export async function getPriorOrderSyncStateAsStaff(
  deps: Deps,
  shopId: string,
): Promise<PriorOrderSyncState> {
  return getPriorOrderSyncState(deps, await getShopOrThrow(deps, shopId));
}

interface Tally {
  processed: number;
  credited: number;
  points: number;
}

/**
 * The job's body. A run already finished is left alone; an interrupted one starts over, which
 * credits nothing twice (every credit is keyed once) and counts only what it credits now.
 */
export async function runSync(
  deps: Deps,
  shop: ShopRow,
  syncId: string,
  options: { pageSize?: number; onPage?: (tally: Tally, total: number) => Promise<void> } = {},
): Promise<void> {
  const pageSize = options.pageSize ?? SYNC_PAGE_SIZE;
  const row = await repo.findSyncRun(deps.db, shop.id, syncId);
  if (!row || row.status === "done" || row.status === "failed") return;
  const tally: Tally = { processed: 0, credited: 0, points: 0 };
  const report = async (total: number) => {
    await repo.updateSyncRun(deps.db, shop.id, syncId, { ...tally, total: Math.max(total, tally.processed) });
    await options.onPage?.(tally, total);
  };
  const add = (read: number, credit: { credited: number; points: number }) => {
    tally.processed += read;
    tally.credited += credit.credited;
    tally.points += credit.points;
  };
  let total: number;
  if (row.kind === "prior_order") {
    const since = row.since ?? new Date(0);
    // Orders Laurel never recorded (before install, or missed) from the platform; then Laurel's own
    // orders that have not earned (decided while no program was running, or never decided).
    const told = (
      await deps.platform.listRecentOrders(
        { domain: shop.shopify_domain, accessToken: shop.access_token },
        since,
      )
    ).filter((o) => o.createdAt >= since && o.cancelledAt === null);
    total = (await countUnearnedOrders(deps, shop.id, since)) + told.length;
    await repo.updateSyncRun(deps.db, shop.id, syncId, { status: "running", processed: 0, total });
    let cursor: PriorOrderCursor | null = null;
    for (;;) {
      const page = await listUnearnedOrdersPage(deps, shop.id, since, cursor, pageSize);
      if (page.read === 0 || page.last === null) break;
      add(page.read, await creditPriorOrders(deps, shop, page.orders));
      cursor = page.last;
      await report(total);
    }
    for (let i = 0; i < told.length; i += pageSize) {
      const chunk = told.slice(i, i + pageSize);
      add(chunk.length, await creditPriorOrders(deps, shop, chunk));
      await report(total);
    }
  } else {
    const event = row.kind === "sign_up" ? "sign_up" : "sign_up_newsletter";
    total = await countAccountSyncCandidates(deps, shop.id, event);
    await repo.updateSyncRun(deps.db, shop.id, syncId, { status: "running", processed: 0, total });
    let after: string | null = null;
    for (;;) {
      const page = await syncAccountEventPage(deps, shop, event, after, pageSize);
      if (page.read === 0 || page.last === null) break;
      add(page.read, page);
      after = page.last;
      await report(total);
    }
  }
  await repo.updateSyncRun(deps.db, shop.id, syncId, {
    ...tally,
    status: "done",
    total: Math.max(total, tally.processed),
    finishedAt: deps.clock.now(),
  });
}

/** A run that could not finish says why; what it credited stays, each credit keyed once. */
export async function failSyncRun(deps: Deps, shopId: string, syncId: string, message: string) {
  await repo.updateSyncRun(deps.db, shopId, syncId, {
    status: "failed",
    error: message.slice(0, 500),
    finishedAt: deps.clock.now(),
  });
}
