/**
 * The webhook pipeline's phases beyond intake: end to end (acknowledged → applied, with a worker
 * process), and P11, a recorded backlog drained by fresh worker processes.
 */
import { orderBody } from "../apps/api/test/order-payloads";
import { type CpuProfile, processTicks, startCpuMeter } from "./cpu";
import { SHOP_ID } from "./laurel";
import { type Child, serverNodeFlags, startNode, stopChild } from "./processes";
import {
  type BenchContext,
  checkLedger,
  type IntakeResult,
  intakePhase,
  type LedgerCheck,
  queueDepth,
  waitForDrain,
} from "./webhooks";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `node --import tsx apps/api/src/worker.ts`; resolves once it says it has started. */
export async function startWorkerProcess(name: string, env: Record<string, string>): Promise<Child> {
  const worker = startNode(name, [...serverNodeFlags(), "--import", "tsx", "apps/api/src/worker.ts"], env);
  const deadline = Date.now() + 120_000;
  while (!worker.tail().includes("Laurel worker started")) {
    if (worker.hasExited()) throw new Error(`${name} exited while starting. Its output:\n${worker.tail()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start in 120 s. Output:\n${worker.tail()}`);
    await sleep(50);
  }
  return worker;
}

export interface EndToEndResult {
  intake: IntakeResult;
  /** Deliveries still `received` the moment the load stopped: how far behind the processor was. */
  behindAtStop: number;
  /** From the load's end until the queue was seen empty (s); null: not within the timeout. */
  catchUpSeconds: number | null;
  /** From the first delivery sent until the queue was seen empty (s). */
  seconds: number | null;
  /** Distinct orders applied ÷ `seconds`. */
  appliedPerSecond: number;
  ledger: LedgerCheck;
  failed: number;
}

/** Intake under load while a worker applies, then waits for the last one to be applied. */
export async function endToEndPhase(
  ctx: BenchContext,
  opts: Parameters<typeof intakePhase>[1] & { drainTimeoutMs: number },
): Promise<EndToEndResult> {
  const intake = await intakePhase(ctx, opts);
  // intakePhase pauses 1 s and redelivers the unanswered ones after the load; the depth at the
  // load's end is what the processor had left then, measured before that pause would hide it.
  const stoppedAt = intake.firstSentAt + intake.load.seconds * 1000;
  const behindAtStop = intake.backlogAtStop;
  const drainedAt = await waitForDrain(ctx.db, opts.drainTimeoutMs);
  const ledger = await checkLedger(ctx.db, intake.orderIds);
  const seconds = drainedAt === null ? null : (drainedAt - intake.firstSentAt) / 1000;
  return {
    intake,
    behindAtStop,
    catchUpSeconds: drainedAt === null ? null : Math.max(0, (drainedAt - stoppedAt) / 1000),
    seconds,
    appliedPerSecond: seconds ? ledger.credited / seconds : 0,
    ledger,
    failed: (await queueDepth(ctx.db)).failed,
  };
}

export interface BacklogResult {
  size: number;
  workers: number;
  customers: number;
  insertSeconds: number;
  /** From spawning the workers until nothing was `received` (s), boot included. */
  drainSeconds: number | null;
  /** Workers' start-up (spawn → "worker started") of the slowest one (s). */
  bootSeconds: number;
  drainedPerSecond: number;
  /** WAL written while draining, per delivery (bytes): the write work, whatever else runs. */
  walBytesPerDelivery: number;
  /** The WAL range of the drain (for `pg_waldump --stats=record -s … -e …`). */
  walRange: [string, string];
  ledger: LedgerCheck;
  failed: number;
  cpu: CpuProfile | null;
}

/** Order ids of the backlog: every one starts with this prefix, and no other phase's does. */
const BACKLOG_BASE = 7_500_000_000_000;
const BACKLOG_PREFIX = String(BACKLOG_BASE).slice(0, 6);

/**
 * P11: `size` deliveries recorded at once with set-based SQL (real `orders/paid` bodies, the
 * members as customers, status `received`), then `workers` fresh worker processes drain them.
 * The caller has stopped every other worker.
 */
export async function backlogPhase(
  ctx: BenchContext,
  opts: { size: number; workers: number; workerEnv: Record<string, string>; timeoutMs: number },
  onWorker: (w: Child) => void,
): Promise<BacklogResult> {
  if (opts.size >= 10 ** 7) throw new Error("BENCH_BACKLOG too large for the id range");
  // A real body whose two ids are placeholders the SQL replaces per row (line id = order id + "1").
  const orderPlaceholder = "7599999999999";
  const customerPlaceholder = "8199999999999";
  const template = orderBody({
    id: orderPlaceholder,
    customerId: customerPlaceholder,
    lines: [{ id: `${orderPlaceholder}1`, price: "100.00", quantity: 1 }],
  });
  const t0 = Date.now();
  const chunk = 100_000;
  for (let from = 0; from < opts.size; from += chunk) {
    const to = Math.min(opts.size, from + chunk) - 1;
    await ctx.db.query(
      `insert into webhook_deliveries
         (shop_id, webhook_id, topic, body, order_key, status, next_attempt_at, received_at)
       select $1, 'bench-p11-' || o.id, 'orders/paid',
              replace(replace($2, $3, o.id), $4, ($5::text[])[1 + g % cardinality($5::text[])]),
              o.id, 'received', now(), now()
         from generate_series($6::bigint, $7::bigint) g,
              lateral (select ($8::bigint + g)::text as id) o
        order by g`,
      [SHOP_ID, template, orderPlaceholder, customerPlaceholder, ctx.members, from, to, BACKLOG_BASE],
    );
  }
  await ctx.db.query("analyze webhook_deliveries");
  const insertSeconds = (Date.now() - t0) / 1000;

  const walAt = async () =>
    (await ctx.db.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0]?.lsn ?? "0/0";
  const walBefore = await walAt();
  const stopCpu = await startCpuMeter(undefined, ctx.db, ctx.dbName);
  const spawnedAt = Date.now();
  const workers = await Promise.all(
    Array.from({ length: opts.workers }, (_, i) =>
      startWorkerProcess(`p11-worker-${i + 1}`, opts.workerEnv).then((w) => {
        onWorker(w);
        return w;
      }),
    ),
  );
  const bootSeconds = (Date.now() - spawnedAt) / 1000;
  const drainedAt = await waitForDrain(ctx.db, opts.timeoutMs, 250);
  const cpu = await stopCpu();
  const walAfter = await walAt();
  const wal = await ctx.db.query<{ bytes: string }>("select pg_wal_lsn_diff($1, $2)::text as bytes", [
    walAfter,
    walBefore,
  ]);
  // The workers were spawned after the meter started: their whole lifetime is this phase.
  const workerTicks = workers.reduce((sum, w) => sum + (w.proc.pid ? (processTicks(w.proc.pid) ?? 0) : 0), 0);
  if (cpu) {
    cpu.apiCores = workerTicks / 100 / cpu.seconds;
    cpu.otherCores = Math.max(0, cpu.machineCores - cpu.apiCores - cpu.apiPostgresCores - cpu.benchCores);
  }
  await Promise.all(workers.map((w) => stopChild(w)));
  const drainSeconds = drainedAt === null ? null : (drainedAt - spawnedAt) / 1000;
  const ledger = await checkLedger(ctx.db, { prefix: BACKLOG_PREFIX, count: opts.size });
  return {
    size: opts.size,
    workers: opts.workers,
    customers: ctx.members.length,
    insertSeconds,
    drainSeconds,
    bootSeconds,
    drainedPerSecond: drainSeconds ? opts.size / drainSeconds : 0,
    walBytesPerDelivery: Number(wal.rows[0]?.bytes ?? 0) / opts.size,
    walRange: [walBefore, walAfter],
    ledger,
    failed: (await queueDepth(ctx.db)).failed,
    cpu,
  };
}
