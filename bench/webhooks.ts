/**
 * P1 and P2: signed `orders/paid` deliveries through the two-half pipeline (decision 0018). Intake
 * answers 200 once a delivery is recorded; a worker applies it later. So a phase measures the
 * acknowledgements, then (when a worker runs) waits for the queue to drain and checks the ledger
 * in the database: one earn entry per distinct order, nothing left `received`, nothing parked.
 */
import type pg from "pg";
import type { CpuProfile } from "./cpu";
import { type Delivery, deliver, mapLimit, orderPaidDelivery, SHOP_ID } from "./laurel";
import { type LoadSummary, runLoad } from "./load";
import { observe } from "./observe";
import type { WaitProfile } from "./postgres";

export interface BenchContext {
  /** http://127.0.0.1:<port> of the API under test. */
  base: string;
  secret: string;
  /** A client on the benchmark database (verification queries). */
  db: pg.Client;
  /** A second client for the wait-event sampler (runs during the load). */
  sampler: pg.Client;
  dbName: string;
  /** The API process (for its CPU time). */
  apiPid: number | undefined;
  /** The worker processes running right now (their CPU counts with the API's). */
  workerPids: () => number[];
  /** Platform customer ids of members joined beforehand. */
  members: string[];
}

export interface IntakeResult {
  load: LoadSummary;
  /** Deliveries handed to the load generator (pre-generated, plus any made on the fly). */
  issued: number;
  pregenerated: number;
  /** 200 with outcome "recorded": acknowledged, durably recorded. */
  recorded: number;
  /** Every other answer, by "status outcome". */
  otherAnswers: Record<string, number>;
  /** Acknowledged deliveries per second over the run. */
  recordedPerSecond: number;
  /** Wall clock (ms) when the first delivery was sent. */
  firstSentAt: number;
  /** Deliveries `received` (not yet applied) the moment the load stopped. */
  backlogAtStop: number;
  durable: {
    /** Recorded rows of the deliveries answered "recorded": must equal `recorded`. */
    rowsOfRecorded: number;
    /** Deliveries unanswered when the load stopped (in flight, or built but never sent). */
    unanswered: number;
    redeliveredDuplicate: number;
    redeliveredRecorded: number;
    redeliveredOther: number;
    /** One row per issued delivery after the redelivery. */
    rowsFinal: number;
    exact: boolean;
  };
  orderIds: string[];
  waits: WaitProfile;
  cpu: CpuProfile | null;
}

const EARN_TYPES = ["earn_place_order", "earn_pending_point"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rowsOf(db: pg.Client, webhookIds: string[]): Promise<number> {
  const r = await db.query<{ n: string }>(
    "select count(*) as n from webhook_deliveries where shop_id = $1 and webhook_id = any($2::text[])",
    [SHOP_ID, webhookIds],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Drives POST /webhooks (max rate, or paced with `overallRate`); checks every 200 was recorded. */
export async function intakePhase(
  ctx: BenchContext,
  opts: {
    tag: string;
    /** First order id of this phase (distinct per phase, digits only). */
    orderIdBase: number;
    pregenerate: number;
    connections: number;
    seconds: number;
    overallRate?: number;
  },
): Promise<IntakeResult> {
  const make = (i: number): Delivery => {
    const orderId = String(opts.orderIdBase + i);
    const customer = ctx.members[i % ctx.members.length] as string;
    return orderPaidDelivery(ctx.secret, `bench-${opts.tag}-${orderId}`, orderId, customer);
  };
  // Signed before the clock starts, so the load generator only copies bytes.
  const pool: Delivery[] = Array.from({ length: opts.pregenerate }, (_, i) => make(i));
  const issued: Delivery[] = [];
  const answered = new Set<string>();
  const recordedIds: string[] = [];
  const otherAnswers: Record<string, number> = {};
  let firstSentAt = 0;
  const next = () => {
    if (issued.length === 0) firstSentAt = Date.now();
    const d = pool[issued.length] ?? make(issued.length);
    issued.push(d);
    return d;
  };

  const {
    result: load,
    waits,
    cpu,
  } = await observe(ctx, () =>
    runLoad({
      url: ctx.base,
      connections: opts.connections,
      duration: opts.seconds,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      requests: [
        {
          method: "POST",
          path: "/webhooks",
          setupRequest: (req, context) => {
            const d = next();
            (context as { d?: Delivery }).d = d;
            return { ...req, method: "POST", path: "/webhooks", headers: { ...d.headers }, body: d.body };
          },
          onResponse: (status, body, context) => {
            const d = (context as { d?: Delivery }).d;
            if (!d) return;
            answered.add(d.webhookId);
            const outcome = /"outcome":"(\w+)"/.exec(body)?.[1] ?? null;
            if (status === 200 && outcome === "recorded") recordedIds.push(d.webhookId);
            else {
              const key = `${status} ${outcome ?? body.slice(0, 80)}`;
              otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
            }
          },
        },
      ],
    }),
  );

  const backlogAtStop = (await queueDepth(ctx.db)).received;
  // Requests cut off by the end of the run may still be committing on the server.
  await sleep(1_000);
  const rowsOfRecorded = await rowsOf(ctx.db, recordedIds);
  // Shopify redelivers what was not acknowledged: do the same. The in-flight ones that had been
  // recorded answer "duplicate", the rest "recorded".
  const unanswered = issued.filter((d) => !answered.has(d.webhookId));
  const outcomes = await mapLimit(unanswered, 8, (d) => deliver(ctx.base, d));
  const redeliveredDuplicate = outcomes.filter((o) => o.status === 200 && o.outcome === "duplicate").length;
  const redeliveredRecorded = outcomes.filter((o) => o.status === 200 && o.outcome === "recorded").length;
  const rowsFinal = await rowsOf(
    ctx.db,
    issued.map((d) => d.webhookId),
  );
  const recorded = recordedIds.length;
  return {
    load,
    issued: issued.length,
    pregenerated: opts.pregenerate,
    recorded,
    otherAnswers,
    recordedPerSecond: load.seconds > 0 ? recorded / load.seconds : 0,
    firstSentAt,
    backlogAtStop,
    durable: {
      rowsOfRecorded,
      unanswered: unanswered.length,
      redeliveredDuplicate,
      redeliveredRecorded,
      redeliveredOther: outcomes.length - redeliveredDuplicate - redeliveredRecorded,
      rowsFinal,
      exact:
        rowsOfRecorded === recorded &&
        rowsFinal === issued.length &&
        redeliveredDuplicate + redeliveredRecorded === unanswered.length,
    },
    orderIds: issued.map((d) => d.orderId),
    waits,
    cpu,
  };
}

/** Deliveries still waiting to be applied (the processor's backlog), and parked ones. */
export async function queueDepth(db: pg.Client): Promise<{ received: number; failed: number }> {
  const r = await db.query<{ received: string; failed: string }>(
    `select count(*) filter (where status = 'received') as received,
            count(*) filter (where status = 'failed') as failed
       from webhook_deliveries`,
  );
  return { received: Number(r.rows[0]?.received ?? 0), failed: Number(r.rows[0]?.failed ?? 0) };
}

/**
 * Polls every `everyMs` until nothing is `received`; answers the wall-clock moment it saw zero
 * (ms), or null on timeout. The poll's period bounds the error of any rate computed from it.
 */
export async function waitForDrain(db: pg.Client, timeoutMs: number, everyMs = 100): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await queueDepth(db)).received === 0) return Date.now();
    await sleep(everyMs);
  }
  return null;
}

export interface LedgerCheck {
  orders: number;
  /** Orders with exactly one `order:<id>:earn` entry (earned, pending or logged). */
  credited: number;
  earned: number;
  logged: number;
  doubleCredits: number;
  exact: boolean;
}

/**
 * One `order:<id>:earn` entry per distinct order. `orders` either lists the ids or, for the big
 * backlog, is a prefix every id of the phase (and no other) starts with, plus the count.
 */
export async function checkLedger(
  db: pg.Client,
  orders: string[] | { prefix: string; count: number },
): Promise<LedgerCheck> {
  const [where, param, count] = Array.isArray(orders)
    ? ["source_ref = any($2::text[])", orders, new Set(orders).size]
    : ["source_ref like $2", `${orders.prefix}%`, orders.count];
  const r = await db.query<{ keys: string; entries: string; earned: string; logged: string }>(
    `select count(distinct source_ref) as keys, count(*) as entries,
            count(*) filter (where activity_type = any($3::text[])) as earned,
            count(*) filter (where activity_type = 'log_place_order') as logged
       from ledger_entries
      where shop_id = $1 and ${where} and idempotency_key = 'order:' || source_ref || ':earn'`,
    [SHOP_ID, param, EARN_TYPES],
  );
  const row = r.rows[0];
  const keys = Number(row?.keys ?? 0);
  const entries = Number(row?.entries ?? 0);
  const earned = Number(row?.earned ?? 0);
  return {
    orders: count,
    credited: keys,
    earned,
    logged: Number(row?.logged ?? 0),
    doubleCredits: entries - keys,
    exact: keys === count && entries === count && earned === count,
  };
}
