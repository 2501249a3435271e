import type { BacktestBody, BacktestResultResponse, BacktestRun } from "@laurel/contracts";
import { backtestBody } from "@laurel/contracts";
import type { ProgramBacktestRow, ShopRow } from "@laurel/db";
import {
  type BacktestOrder,
  backtestOrders,
  DEFAULT_EXCHANGE_RATE,
  type EarningProgram,
  placeOrderEvents,
  pointsToMinorUnits,
  rulesReadCollections,
  rulesReadProductFacts,
  startBacktest,
  validateEarningProgram,
  withLineCollections,
  withLineProductFacts,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { runProgramBacktest } from "../../jobs/refs";
import { collectionMembershipOf, productFactsOf, refreshCatalogueFor } from "../catalogue/catalogue.service";
import { earningShopOf } from "../earning/earning-context";
import {
  backtestCursorAfter,
  countBacktestOrders,
  listBacktestOrders,
  listBacktestOrdersPage,
} from "../orders/orders.service";
import * as repo from "./programs.repository";

/** Most orders one backtest reads (the bench's 100,000). */
export const MAX_BACKTEST_ORDERS = 100_000;
/** Orders a backtest job reads between two progress reports. */
export const BACKTEST_PAGE_SIZE = 5_000;
const DAY_MS = 86_400_000;
const CANDIDATE_ID = "candidate";

function refused(field: string, message: string, errors = [{ field, message }]): AppError {
  return new AppError("validation_failed", 400, message, errors);
}

/** The rules a backtest tries and how to name their programs in the result. */
interface PreparedBacktest {
  programs: EarningProgram[];
  titles: Map<string, string>;
}

/**
 * The shop's place order programs with this one as edited (switched on, so the merchant sees what
 * it would do). Refuses what the editor would refuse, naming the field under `program.`.
 */
async function prepareBacktest(deps: Deps, shop: ShopRow, body: BacktestBody): Promise<PreparedBacktest> {
  const { program } = body;
  const programId = body.programId ?? null;
  if (!(placeOrderEvents as readonly string[]).includes(program.event)) {
    throw refused("program.event", "Backtests are for place order programs");
  }
  const rows = await repo.listPrograms(deps.db, shop.id, "earning");
  if (programId !== null && !rows.some((r) => r.id === programId)) {
    throw new AppError("not_found", 404, "Program not found.", [
      { field: "programId", message: "Program not found." },
    ]);
  }
  const { id: _id, type: _type, settingsProblem: _problem, ...input } = program;
  const validated = validateEarningProgram(
    { ...input, status: "active" },
    {
      existingPrograms: rows.map((r) => ({ id: r.id, event: r.event, priority: r.priority })),
      programId: programId ?? CANDIDATE_ID,
      subscriptionAppInstalled: true,
    },
  );
  if (!validated.ok) {
    const errors = validated.errors.map((e) => ({ field: `program.${e.field}`, message: e.message }));
    throw refused(errors[0]?.field ?? "program", errors[0]?.message ?? "Failed to save program", errors);
  }
  const candidate = { ...validated.program, id: programId ?? CANDIDATE_ID } as EarningProgram;
  const current = (await deps.shopContexts.byId(shop.id))?.earningPrograms ?? [];
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  titles.set(candidate.id, candidate.title);
  return { programs: [...current.filter((p) => p.id !== candidate.id), candidate], titles };
}

/**
 * Orders decided before a rule read the catalogue kept no collections, product type or tags on
 * their lines (decision 0175). The backtest fills those from what the catalogue holds now, the
 * best it knows, and never over what an order kept.
 */
async function withCatalogue(
  deps: Deps,
  shopId: string,
  programs: readonly EarningProgram[],
  orders: readonly BacktestOrder[],
): Promise<BacktestOrder[]> {
  const collections = rulesReadCollections(programs);
  const productFacts = rulesReadProductFacts(programs);
  const lacksCollections = (l: BacktestOrder["order"]["lines"][number]) =>
    collections && l.collectionIds.length === 0;
  const lacksFacts = (l: BacktestOrder["order"]["lines"][number]) =>
    productFacts && l.productTags === undefined;
  const ids = new Set<string>();
  for (const o of orders)
    for (const l of o.order.lines)
      if (l.productId !== null && (lacksCollections(l) || lacksFacts(l))) ids.add(l.productId);
  if (ids.size === 0) return [...orders];
  const [membership, facts] = await Promise.all([
    collections ? collectionMembershipOf(deps.db, shopId, [...ids]) : undefined,
    productFacts ? productFactsOf(deps.db, shopId, [...ids]) : undefined,
  ]);
  return orders.map((o) => ({
    ...o,
    order: {
      ...o.order,
      lines: o.order.lines.map((line) => {
        const filled =
          membership && lacksCollections(line) ? withLineCollections([line], membership)[0] : line;
        return facts && lacksFacts(line)
          ? (withLineProductFacts([filled ?? line], facts)[0] ?? line)
          : (filled ?? line);
      }),
    },
  }));
}

/**
 * A candidate rule may read what no saved rule keeps yet (a first tag or collection condition):
 * the backtest job has the catalogue read for it first, so it is not judged on nothing.
 */
async function keepCatalogueForCandidate(
  deps: Deps,
  shop: ShopRow,
  prepared: PreparedBacktest,
): Promise<void> {
  const saved = (await deps.shopContexts.byId(shop.id))?.earningPrograms ?? [];
  const candidateNeeds =
    (rulesReadCollections(prepared.programs) && !rulesReadCollections(saved)) ||
    (rulesReadProductFacts(prepared.programs) && !rulesReadProductFacts(saved));
  if (candidateNeeds) await refreshCatalogueFor(deps, shop, prepared.programs);
}

function toResponse(
  shop: ShopRow,
  days: number,
  truncated: boolean,
  prepared: PreparedBacktest,
  result: ReturnType<typeof backtestOrders>,
): BacktestResultResponse {
  const currency = shop.platform_info.currency ?? "USD";
  const rate = shop.settings.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
  const diff = result.wouldPoints - result.awardedPoints;
  const cost = pointsToMinorUnits(Math.abs(diff), rate, currency);
  return {
    days,
    orders: result.orders,
    truncated,
    awardedPoints: result.awardedPoints,
    wouldPoints: result.wouldPoints,
    costDifferenceMinor: diff < 0 ? -cost : cost,
    currency,
    programs: result.programs.map((p) => ({ ...p, title: prepared.titles.get(p.programId) ?? p.programId })),
    changedOrders: result.changedOrders,
    sample: result.sample,
  };
}

/**
 * `POST /lp/programs/backtest` (issue 14): the backtest in the request, over the decided orders of
 * the last 30 or 90 days, against what those orders were awarded. Reads only. Large shops use the
 * job (`startBacktestRun`), which reports its progress.
 */
export async function backtestProgram(
  deps: Deps,
  shop: ShopRow,
  body: BacktestBody,
): Promise<BacktestResultResponse> {
  const prepared = await prepareBacktest(deps, shop, body);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - body.days * DAY_MS);
  const orders = await withCatalogue(
    deps,
    shop.id,
    prepared.programs,
    await listBacktestOrders(deps.db, shop.id, since, MAX_BACKTEST_ORDERS + 1),
  );
  const truncated = orders.length > MAX_BACKTEST_ORDERS;
  const result = backtestOrders({
    orders: truncated ? orders.slice(orders.length - MAX_BACKTEST_ORDERS) : orders,
    programs: prepared.programs,
    shop: earningShopOf(shop, now, 0),
    now: now.toISOString(),
  });
  return toResponse(shop, body.days, truncated, prepared, result);
}

// ---------------------------------------------------------------------------------------------
// Backtests as jobs with progress (decision 0123)
// ---------------------------------------------------------------------------------------------

export const BACKTEST_NOT_FOUND = "Backtest not found.";

function presentRun(row: ProgramBacktestRow): BacktestRun {
  return {
    id: row.id,
    status: row.status,
    days: row.days,
    processed: row.processed,
    total: row.total,
    result: (row.result as BacktestResultResponse | null) ?? null,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/**
 * `POST /lp/programs/backtests`: checks the program as the editor would (a refusal is a 400 now,
 * not a failed run later), then records the run and enqueues its job in one transaction.
 */
export async function startBacktestRun(deps: Deps, shop: ShopRow, body: BacktestBody): Promise<BacktestRun> {
  await prepareBacktest(deps, shop, body);
  const id = deps.newId("btr");
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertBacktestRun(trx, {
      shopId: shop.id,
      id,
      days: body.days,
      programId: body.programId ?? null,
      request: body as unknown as Record<string, unknown>,
      // The period ends when the merchant asked, by the app's clock, however late the job runs.
      createdAt: deps.clock.now(),
    });
    await deps.queue.sendInTransaction(trx, runProgramBacktest, { shopId: shop.id, backtestId: id });
    return inserted;
  });
  return presentRun(row);
}

/** `GET /lp/programs/backtests/:id`: another shop's run is a 404. */
export async function getBacktestRun(deps: Deps, shopId: string, id: string): Promise<BacktestRun> {
  const row = await repo.findBacktestRun(deps.db, shopId, id);
  if (!row) throw new AppError("not_found", 404, BACKTEST_NOT_FOUND);
  return presentRun(row);
}

/**
 * The job's body: counts the orders, then reads them a page at a time, oldest first (the newest
 * 100,000 at most), feeding the engine and writing the progress after each page; the result at
 * the end. A run already finished is left alone; a run interrupted starts over (it writes nothing
 * but its own row, so a second pass gives the same answer).
 */
export async function runBacktest(
  deps: Deps,
  shop: ShopRow,
  backtestId: string,
  options: {
    pageSize?: number;
    maxOrders?: number;
    /** Called after each page's progress is written (logging, tests). */
    onPage?: (processed: number, total: number) => Promise<void>;
  } = {},
): Promise<void> {
  const pageSize = options.pageSize ?? BACKTEST_PAGE_SIZE;
  const maxOrders = options.maxOrders ?? MAX_BACKTEST_ORDERS;
  const row = await repo.findBacktestRun(deps.db, shop.id, backtestId);
  if (!row || row.status === "done" || row.status === "failed") return;
  const body = backtestBody.parse(row.request);
  const prepared = await prepareBacktest(deps, shop, body);
  await keepCatalogueForCandidate(deps, shop, prepared);
  const now = deps.clock.now();
  const since = new Date(row.created_at.getTime() - body.days * DAY_MS);
  const count = await countBacktestOrders(deps.db, shop.id, since);
  const truncated = count > maxOrders;
  const total = Math.min(count, maxOrders);
  await repo.updateBacktestRun(deps.db, shop.id, backtestId, { status: "running", processed: 0, total });
  const run = startBacktest({
    programs: prepared.programs,
    shop: earningShopOf(shop, now, 0),
    now: now.toISOString(),
  });
  const read = (cursor: Parameters<typeof listBacktestOrdersPage>[3], left: number) =>
    listBacktestOrdersPage(deps.db, shop.id, since, cursor, Math.min(pageSize, left));
  let processed = 0;
  // The next page is read while the engine works on this one (the database is another process).
  let next =
    total > 0 ? read(await backtestCursorAfter(deps.db, shop.id, since, count - total), total) : null;
  while (next !== null) {
    const page = await next;
    if (page.read === 0 || page.last === null) break;
    processed += page.read;
    next = processed < total ? read(page.last, total - processed) : null;
    run.add(await withCatalogue(deps, shop.id, prepared.programs, page.orders));
    await repo.updateBacktestRun(deps.db, shop.id, backtestId, { processed });
    await options.onPage?.(processed, total);
  }
  const result = toResponse(shop, body.days, truncated, prepared, run.result());
  await repo.updateBacktestRun(deps.db, shop.id, backtestId, {
    status: "done",
    processed,
    total: Math.max(total, processed),
    result: result as unknown as Record<string, unknown>,
    finishedAt: deps.clock.now(),
  });
}

/** A run that could not finish says why; the merchant starts another. */
export async function failBacktestRun(deps: Deps, shopId: string, backtestId: string, message: string) {
  await repo.updateBacktestRun(deps.db, shopId, backtestId, {
    status: "failed",
    error: message.slice(0, 500),
    finishedAt: deps.clock.now(),
  });
}
