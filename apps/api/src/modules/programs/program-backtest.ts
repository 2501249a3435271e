import type { BacktestBody, BacktestResultResponse } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import {
  backtestOrders,
  DEFAULT_EXCHANGE_RATE,
  type EarningProgram,
  placeOrderEvents,
  pointsToMinorUnits,
  validateEarningProgram,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { earningShopOf } from "../earning/earning-context";
import { listBacktestOrders } from "../orders/orders.service";
import * as repo from "./programs.repository";

/** Most orders one backtest reads (the bench's 100,000). */
export const MAX_BACKTEST_ORDERS = 100_000;
const DAY_MS = 86_400_000;
const CANDIDATE_ID = "candidate";

function refused(field: string, message: string, errors = [{ field, message }]): AppError {
  return new AppError("validation_failed", 400, message, errors);
}

/**
 * `POST /lp/programs/backtest` (issue 14): the shop's place order programs with this one as
 * edited (switched on, so the merchant sees what it would do), over the decided orders of the last
 * 30 or 90 days, against what those orders were awarded. Reads only.
 */
export async function backtestProgram(
  deps: Deps,
  shop: ShopRow,
  body: BacktestBody,
): Promise<BacktestResultResponse> {
  const { program, days } = body;
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
  const programs = [...current.filter((p) => p.id !== candidate.id), candidate];

  const now = deps.clock.now();
  const since = new Date(now.getTime() - days * DAY_MS);
  const orders = await listBacktestOrders(deps.db, shop.id, since, MAX_BACKTEST_ORDERS + 1);
  const truncated = orders.length > MAX_BACKTEST_ORDERS;
  const result = backtestOrders({
    orders: truncated ? orders.slice(orders.length - MAX_BACKTEST_ORDERS) : orders,
    programs,
    shop: earningShopOf(shop, now, 0),
    now: now.toISOString(),
  });

  const currency = shop.platform_info.currency ?? "USD";
  const rate = shop.settings.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
  const diff = result.wouldPoints - result.awardedPoints;
  const cost = pointsToMinorUnits(Math.abs(diff), rate, currency);
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  titles.set(candidate.id, candidate.title);
  return {
    days,
    orders: result.orders,
    truncated,
    awardedPoints: result.awardedPoints,
    wouldPoints: result.wouldPoints,
    costDifferenceMinor: diff < 0 ? -cost : cost,
    currency,
    programs: result.programs.map((p) => ({ ...p, title: titles.get(p.programId) ?? p.programId })),
    changedOrders: result.changedOrders,
    sample: result.sample,
  };
}
