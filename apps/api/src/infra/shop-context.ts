import type { Db, ProgramRow, ShopRow, Tx } from "@laurel/db";
import type { EarningProgram, SpendingProgram } from "@laurel/domain";

/** A stored program the engine does not run because its settings no longer parse, and why. */
export interface SkippedProgram {
  programId: string;
  event: string;
  /** The first problem, field first: `config.earnPoint: Points must be at most 1,000,000`. */
  reason: string;
}

/**
 * A shop with its programs, as the hot paths (every webhook, every storefront call) read them.
 * Read-only: never mutate a context, it is shared by every request of the process. Built by
 * `modules/shop-context` (decision 0017); declared here so `Deps` can carry it.
 */
export interface ShopContext {
  shop: ShopRow;
  /** Every program of the shop, priority order. */
  programRows: readonly ProgramRow[];
  earningPrograms: readonly EarningProgram[];
  spendingPrograms: readonly SpendingProgram[];
  /** Programs left out of `earningPrograms`/`spendingPrograms`, with the reason (decision 0031). */
  skippedPrograms: readonly SkippedProgram[];
}

export interface ShopContextCache {
  /**
   * Inside a transaction pass it as `conn`: a miss then reads through it (PGlite has one
   * connection, and the transaction holds it).
   */
  byId(shopId: string, conn?: Db | Tx): Promise<ShopContext | undefined>;
  byDomain(domain: string): Promise<ShopContext | undefined>;
  /** Stops listening for changes (the runtime is closing). */
  close(): void;
}
