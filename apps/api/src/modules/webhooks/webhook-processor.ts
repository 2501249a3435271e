import type { ShopRow, WebhookDeliveryRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { parseJsonKeepingBigIntegers } from "../../infra/shopify-signatures";
import type { BatchedWebhookTopic, WebhookHandler, WebhookHandlers } from "./webhook-handler";
import * as repo from "./webhooks.repository";

/**
 * The processing half of the webhook pipeline (decision 0018): claims recorded deliveries in
 * batches and applies each batch in ONE transaction (one commit for hundreds of webhooks), the
 * deliveries of one order in arrival order, marking them processed in that same transaction, so
 * a crash leaves a batch either wholly applied and marked or neither. Every effect is idempotent
 * on its source key, so a batch applied twice (a lease that ran out) changes nothing the second
 * time. When a batch fails, its deliveries are applied one by one to find the culprit: the others
 * go through, the culprit is retried with back-off and finally parked as failed with its error.
 */

export interface ProcessorOptions {
  /** Deliveries per claim and per transaction. */
  batchSize: number;
  /** How long a claim holds before another processor may take the deliveries over. */
  leaseMs: number;
  /** How often an idle processor looks for work that another process recorded. */
  pollMs: number;
  /**
   * Loops side by side in one worker: while one waits for PostgreSQL, another parses and decides
   * its batch, so a worker keeps both the database and its own core busy.
   */
  loops: number;
}

export const PROCESSOR_DEFAULTS: ProcessorOptions = {
  batchSize: 500,
  leaseMs: 60_000,
  pollMs: 100,
  loops: 1,
};

/** Attempts before a delivery is parked as failed; the waits between them. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const ERROR_PAUSE_MS = 1_000;

type Claimed = WebhookDeliveryRow;

type Trx = Parameters<WebhookHandler>[1];

/** The delivery's context, or null when its topic has no handler or its shop was erased meanwhile. */
async function contextOf(deps: Deps, handlers: WebhookHandlers, trx: Trx, d: Claimed) {
  const handler = handlers[d.topic];
  if (!handler) return null;
  const context = await deps.shopContexts.byId(d.shop_id, trx);
  if (!context) return null;
  const payload = parseJsonKeepingBigIntegers(d.body ?? "null");
  return { handler, ctx: { shop: context.shop, topic: d.topic, webhookId: d.webhook_id, payload } };
}

/**
 * Applies deliveries in arrival order. Consecutive deliveries of batched topics (orders) are
 * gathered per shop and applied together; any other delivery first applies what was gathered, so
 * the relative order of everything is kept.
 */
async function applyInOrder(deps: Deps, handlers: WebhookHandlers, trx: Trx, batch: readonly Claimed[]) {
  const gathered = new Map<string, { topic: BatchedWebhookTopic; shop: ShopRow; items: unknown[] }>();
  const applyGathered = async () => {
    for (const g of gathered.values()) await g.topic.applyMany(deps, trx, g.shop, g.items);
    gathered.clear();
  };
  for (const d of batch) {
    const found = await contextOf(deps, handlers, trx, d);
    if (!found) continue;
    const { handler, ctx } = found;
    if (typeof handler === "function") {
      await applyGathered();
      await handler(deps, trx, ctx);
      continue;
    }
    const key = `${handler.batch}\n${ctx.shop.id}`;
    const group = gathered.get(key) ?? { topic: handler, shop: ctx.shop, items: [] };
    group.items.push(handler.parse(ctx));
    gathered.set(key, group);
  }
  await applyGathered();
}

/**
 * Content that can never be applied is parked at once, with its reason: a client-side mistake (a
 * 4xx), a number or text the database refuses (SQLSTATE class 22, data exception), a value beyond
 * what the engine can hold (RangeError). Anything else (a lost connection, a deadlock) is retried.
 */
function isPermanent(error: unknown): boolean {
  if (error instanceof AppError) return error.status >= 400 && error.status < 500;
  if (error instanceof RangeError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}

function describe(error: unknown): string {
  if (error instanceof AppError) {
    const fields = error.errors?.map((e) => `${e.field}: ${e.message}`).join("; ");
    return fields ? `${error.message} (${fields})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function recordFailure(deps: Deps, d: Claimed, error: unknown): Promise<"retry" | "parked"> {
  const park = isPermanent(error) || d.attempts >= MAX_ATTEMPTS;
  const wait = RETRY_DELAYS_MS[Math.min(d.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  await repo.markAttemptFailed(deps.db, d, describe(error), park ? null : wait);
  return park ? "parked" : "retry";
}

async function applyBatch(deps: Deps, handlers: WebhookHandlers, batch: readonly Claimed[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await applyInOrder(deps, handlers, trx, batch);
    await repo.markProcessed(trx, batch);
  });
}

/** The slow path after a failed batch: each delivery alone; an order stops at its first failure. */
async function applyOneByOne(deps: Deps, handlers: WebhookHandlers, batch: readonly Claimed[]) {
  const stalled = new Set<string>();
  const release: Claimed[] = [];
  for (const d of batch) {
    const order = d.order_key === null ? null : `${d.shop_id}\n${d.order_key}`;
    if (order !== null && stalled.has(order)) {
      release.push(d);
      continue;
    }
    try {
      await applyBatch(deps, handlers, [d]);
    } catch (error) {
      const outcome = await recordFailure(deps, d, error);
      // A later delivery of an order whose earlier one will be retried waits for it.
      if (outcome === "retry" && order !== null) stalled.add(order);
    }
  }
  await repo.releaseClaims(deps.db, release);
}

/** Claims and applies one batch; answers how many deliveries it took. */
export async function processDueDeliveries(
  deps: Deps,
  handlers: WebhookHandlers,
  options: Pick<ProcessorOptions, "batchSize" | "leaseMs"> = PROCESSOR_DEFAULTS,
): Promise<number> {
  const batch = await repo.claimDeliveries(deps.db, options.batchSize, options.leaseMs);
  if (batch.length === 0) return 0;
  try {
    await applyBatch(deps, handlers, batch);
  } catch (error) {
    if (batch.length === 1) await recordFailure(deps, batch[0] as Claimed, error);
    else await applyOneByOne(deps, handlers, batch);
  }
  return batch.length;
}

/** Applies everything due now, batch after batch (tests, the bench, a shutdown). */
export async function drainDeliveries(
  deps: Deps,
  handlers: WebhookHandlers,
  options: Pick<ProcessorOptions, "batchSize" | "leaseMs"> = PROCESSOR_DEFAULTS,
): Promise<void> {
  while ((await processDueDeliveries(deps, handlers, options)) > 0) {
    // next batch
  }
}

export interface RunningProcessor {
  /** Work was recorded in this process: look now rather than at the next poll. */
  wake(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
}

/** The processor loop of a worker (or of the single process on PGlite). */
export function startWebhookProcessor(
  deps: Deps,
  handlers: WebhookHandlers,
  options: ProcessorOptions = PROCESSOR_DEFAULTS,
  onError: (error: unknown) => void = () => undefined,
  /** Sees every batch the loop starts (the pipeline's drain waits for them). */
  track: (batch: Promise<number>) => Promise<number> = (batch) => batch,
): RunningProcessor {
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let idleMs = 0;
      try {
        if ((await track(processDueDeliveries(deps, handlers, options))) === 0) idleMs = options.pollMs;
      } catch (error) {
        // The database is unreachable or the claim failed: say so and try again in a while.
        onError(error);
        idleMs = ERROR_PAUSE_MS;
      }
      if (stopped) break;
      if (idleMs === 0 || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
