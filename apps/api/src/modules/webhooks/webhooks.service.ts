import type { Deps, WebhookPipeline } from "../../infra/deps";
import { MicroBatcher } from "../../infra/micro-batcher";
import { parseJsonKeepingBigIntegers } from "../../infra/shopify-signatures";
import type { WebhookHandlers } from "./webhook-handler";
import {
  PROCESSOR_DEFAULTS,
  type ProcessorOptions,
  processDueDeliveries,
  type RunningProcessor,
  startWebhookProcessor,
} from "./webhook-processor";
import * as repo from "./webhooks.repository";

/**
 * Webhooks in two halves (decision 0018). Intake: a verified delivery is recorded, deduplicated
 * on its webhook id, and only then acknowledged; concurrent deliveries share one insert and one
 * commit (group commit). Processing: a processor claims recorded deliveries in batches, applies
 * them (one order's deliveries in arrival order) in one transaction per batch, and marks them
 * processed in that same transaction; a failing delivery is retried with back-off, then parked.
 */

export type IntakeOutcome = Awaited<ReturnType<WebhookPipeline["record"]>>;

/** Topics about one order: their deliveries apply one after another, in arrival order. */
function orderKeyOf(topic: string, payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as { id?: unknown; order_id?: unknown };
  const id = topic === "refunds/create" ? p.order_id : topic.startsWith("orders/") ? p.id : undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

interface IntakeItem extends repo.NewDelivery {}

/** The intake half, one per process: deliveries handed in concurrently are written together. */
export function createWebhookIntake(deps: Pick<Deps, "db">, onRecorded: () => void) {
  let counting: Promise<void> = Promise.resolve();
  const committer = new MicroBatcher<IntakeItem, boolean>(async (items) => {
    // Repeats of one webhook id within a batch: the first is inserted, the others are duplicates.
    const firstIndex = new Map<string, number>();
    const unique: IntakeItem[] = [];
    items.forEach((item, i) => {
      const key = `${item.shopId}\n${item.webhookId}`;
      if (!firstIndex.has(key)) {
        firstIndex.set(key, i);
        unique.push(item);
      }
    });
    const inserted = await repo.insertDeliveries(deps.db, unique);
    const fresh = new Set(unique.filter((_, i) => inserted[i]));
    const results = items.map(
      (item, i) => fresh.has(item) && firstIndex.get(`${item.shopId}\n${item.webhookId}`) === i,
    );
    if (fresh.size > 0) onRecorded();
    const duplicates = new Map<string, { shopId: string; webhookId: string; count: number }>();
    items.forEach((item, i) => {
      if (results[i]) return;
      const key = `${item.shopId}\n${item.webhookId}`;
      const d = duplicates.get(key) ?? { shopId: item.shopId, webhookId: item.webhookId, count: 0 };
      d.count += 1;
      duplicates.set(key, d);
    });
    // Off the acknowledgement's path: the count is for the log.
    if (duplicates.size > 0) {
      const batch = [...duplicates.values()];
      counting = counting.then(() => repo.countDuplicates(deps.db, batch)).catch(() => undefined);
    }
    return results;
  });

  return {
    /**
     * Records one verified delivery. Content that cannot be used (not JSON) is recorded as failed
     * with its reason and acknowledged: retrying it would never help (issue 17).
     */
    async record(
      shop: { id: string },
      delivery: { topic: string; webhookId: string; body: string },
    ): Promise<IntakeOutcome> {
      let orderKey: string | null = null;
      let failure: string | null = null;
      try {
        orderKey = orderKeyOf(delivery.topic, parseJsonKeepingBigIntegers(delivery.body));
      } catch {
        failure = "The body is not valid JSON.";
      }
      const isNew = await committer.add({
        shopId: shop.id,
        webhookId: delivery.webhookId,
        topic: delivery.topic,
        // A raw NUL is never valid JSON, and PostgreSQL text cannot hold it: kept visible as U+FFFD.
        body: failure ? delivery.body.replaceAll("\u0000", "\uFFFD") : delivery.body,
        orderKey,
        failure,
      });
      if (!isNew) return "duplicate";
      return failure ? "unusable" : "recorded";
    },
    async flushed(): Promise<void> {
      await committer.flushed();
      await counting;
    },
  };
}

/** The pipeline of one process: its intake, and its processor loop once a worker starts it. */
export function createWebhookPipeline(
  deps: Deps,
  handlers: WebhookHandlers,
  options: ProcessorOptions = processorDefaults(deps),
): WebhookPipeline {
  let processors: RunningProcessor[] = [];
  const intake = createWebhookIntake(deps, () => {
    for (const p of processors) p.wake();
  });
  // Batches being applied in this process (the loop's and drains'): a drain waits for them, since
  // a delivery another batch holds is not due for anyone else until that batch is done.
  const inFlight = new Set<Promise<number>>();
  const track = (batch: Promise<number>) => {
    inFlight.add(batch);
    const forget = () => inFlight.delete(batch);
    batch.then(forget, forget);
    return batch;
  };
  return {
    record: intake.record,
    startProcessor() {
      if (processors.length > 0) return;
      processors = Array.from({ length: options.loops }, () =>
        startWebhookProcessor(
          deps,
          handlers,
          options,
          (error) =>
            console.warn(`webhook processor: ${error instanceof Error ? error.message : String(error)}`),
          track,
        ),
      );
    },
    drain: async () => {
      await intake.flushed();
      for (;;) {
        if ((await track(processDueDeliveries(deps, handlers, options))) > 0) continue;
        // Nothing due now: what was recorded is applied, or held by a batch in flight right now.
        // Wait for those (not for batches that start later, which cannot hold it), look once more.
        const holding = [...inFlight];
        if (holding.length === 0) return;
        await Promise.allSettled(holding);
        if ((await track(processDueDeliveries(deps, handlers, options))) === 0) return;
      }
    },
    async close() {
      await Promise.all(processors.map((p) => p.stop()));
      processors = [];
      await intake.flushed();
    },
  };
}

/** PGlite has one connection: smaller batches keep intake waiting less behind a batch, one loop. */
function processorDefaults(deps: Deps): ProcessorOptions {
  const leaseMs = deps.config.webhookLeaseMs;
  return deps.database.engine === "pglite"
    ? { ...PROCESSOR_DEFAULTS, batchSize: 100, leaseMs }
    : { ...PROCESSOR_DEFAULTS, leaseMs, loops: deps.config.webhookProcessors };
}
