import type { ProgramRow, ShopRow, Tx } from "@laurel/db";
import {
  type EventProgram,
  type EventProgramEvent,
  eventProgramFeature,
  isEventProgramEvent,
  parseEventConfig,
  planAllows,
  planRankOf,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { programBaseOf } from "../programs/program-rules";

/**
 * The shop's programs of the event kinds, read from the shop context cache (decision 0017): a
 * stored row is parsed once per version (the cache keeps the row objects), and a row whose settings
 * no longer parse earns nothing (the programs list shows why, `settingsProblem`).
 */
const parsed = new WeakMap<ProgramRow, EventProgram | null>();

function readEventProgram(row: ProgramRow): EventProgram | null {
  if (parsed.has(row)) return parsed.get(row) ?? null;
  let program: EventProgram | null = null;
  if (row.type === "earning" && isEventProgramEvent(row.event)) {
    const config = parseEventConfig(row.event, row.config);
    if (config.ok) {
      program = {
        ...programBaseOf(row),
        type: "earning",
        event: row.event,
        config: config.config,
      } as EventProgram;
    }
  }
  parsed.set(row, program);
  return program;
}

export function eventProgramsOfRows(rows: readonly ProgramRow[]): EventProgram[] {
  const out: EventProgram[] = [];
  for (const row of rows) {
    if (row.type !== "earning" || !isEventProgramEvent(row.event)) continue;
    const p = readEventProgram(row);
    if (p) out.push(p);
  }
  return out;
}

/**
 * F-06: the shop's plan allows the kind, or the shop has it as a custom feature
 * (`custom_features`, the per-shop unlock the spec names). A downgraded shop's programs stop earning.
 */
export function eventKindAllowed(shop: ShopRow, event: EventProgramEvent): boolean {
  const feature = eventProgramFeature(event);
  if (planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), feature)) return true;
  return Array.isArray(shop.custom_features) && shop.custom_features.includes(feature);
}

export async function eventContextOf(
  deps: Deps,
  shopId: string,
  conn?: Tx,
): Promise<{ shop: ShopRow; programs: EventProgram[] }> {
  const context = await deps.shopContexts.byId(shopId, conn);
  if (!context) throw new AppError("shop_not_installed", 404);
  const shop = context.shop;
  return {
    shop,
    programs: eventProgramsOfRows(context.programRows).filter((p) => eventKindAllowed(shop, p.event)),
  };
}
