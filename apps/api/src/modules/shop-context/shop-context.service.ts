import type { Db, ShopRow, Tx } from "@laurel/db";
import { planRankOf, statusUnderPlan } from "@laurel/domain";
import { LRUCache } from "lru-cache";
import type { Clock } from "../../infra/clock";
import { onShopChanged } from "../../infra/shop-changes";
import type { ShopContext, ShopContextCache, SkippedProgram } from "../../infra/shop-context";
import { readStoredPrograms } from "../programs/program-rules";
import { listAllProgramRows } from "../programs/programs.service";
import { findShopByDomain, findShopById } from "../shops/shops.service";

/** How many shops one process keeps; beyond it the least recently used are read again. */
const MAX_SHOPS = 10_000;

/**
 * The shop-and-programs cache (decision 0017). Entries live `ttlMs`; a write to a shop or its
 * programs in this process drops the entry at once (`markShopChanged` in the repositories), other
 * processes see it within `ttlMs`. `ttlMs = 0` turns caching off: every call reads the database.
 */
export function createShopContextCache(options: {
  db: Db;
  clock: Clock;
  ttlMs: number;
  /** Told once per program version when a stored program is skipped (the runtime logs it). */
  onSkippedProgram?: (shopId: string, skipped: SkippedProgram) => void;
}): ShopContextCache {
  const { db, clock, ttlMs, onSkippedProgram } = options;
  // Which skipped program versions were already reported, so a bad program is logged once, not per load.
  const reported = new LRUCache<string, true>({ max: MAX_SHOPS });
  const perf = { now: () => clock.now().getTime() };
  // ttlResolution 0: ask the clock on every read (lru-cache otherwise reuses "now" for a moment).
  const contexts = new LRUCache<string, ShopContext>({
    max: MAX_SHOPS,
    ttl: Math.max(1, ttlMs),
    ttlResolution: 0,
    perf,
  });
  // A shop's domain never changes, so the domain → id map needs no expiry.
  const idsByDomain = new LRUCache<string, string>({ max: MAX_SHOPS });
  // Bumped on every change, so a read that raced a change is not kept (it may hold the old rows).
  const generations = new LRUCache<string, number>({ max: MAX_SHOPS });
  const stopListening = onShopChanged((shopId) => {
    contexts.delete(shopId);
    generations.set(shopId, (generations.get(shopId) ?? 0) + 1);
  });

  async function load(
    conn: Db | Tx,
    shop: ShopRow | undefined,
    generation: number,
  ): Promise<ShopContext | undefined> {
    if (!shop) return undefined;
    const programRows = await listAllProgramRows(conn, shop.id);
    const programs = readStoredPrograms(programRows);
    // C-10 (decision 0124): what the plan no longer includes is paused, for earning and redeeming.
    const planRank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
    const underPlan = <
      P extends { status: ShopContext["earningPrograms"][number]["status"]; event: string; config: unknown },
    >(
      p: P,
    ): P => {
      const status = statusUnderPlan(p.status, p, planRank);
      return status === p.status ? p : { ...p, status };
    };
    const context: ShopContext = {
      shop,
      programRows,
      earningPrograms: programs.earning.map(underPlan),
      spendingPrograms: programs.spending.map(underPlan),
      skippedPrograms: programs.skipped,
    };
    for (const skipped of programs.skipped) {
      const row = programRows.find((r) => r.id === skipped.programId);
      const key = `${shop.id}:${skipped.programId}:${row?.updated_at?.getTime() ?? 0}`;
      if (!reported.has(key)) {
        reported.set(key, true);
        onSkippedProgram?.(shop.id, skipped);
      }
    }
    if (ttlMs > 0 && (generations.get(shop.id) ?? 0) === generation) contexts.set(shop.id, context);
    return context;
  }

  return {
    async byId(shopId, conn = db) {
      const cached = ttlMs > 0 ? contexts.get(shopId) : undefined;
      if (cached) return cached;
      const generation = generations.get(shopId) ?? 0;
      return load(conn, await findShopById(conn, shopId), generation);
    },
    async byDomain(domain) {
      const id = idsByDomain.get(domain);
      if (id !== undefined) {
        const cached = ttlMs > 0 ? contexts.get(id) : undefined;
        if (cached) return cached;
        const generation = generations.get(id) ?? 0;
        const shop = await findShopById(db, id);
        if (shop) return load(db, shop, generation);
        // Erased (shop/redact) since: a reinstall gets a new id, so look the domain up again.
        idsByDomain.delete(domain);
      }
      const shop = await findShopByDomain(db, domain);
      if (!shop) return undefined; // not cached: an install may create it a moment later
      idsByDomain.set(domain, shop.id);
      return load(db, shop, generations.get(shop.id) ?? 0);
    },
    close: stopListening,
  };
}
