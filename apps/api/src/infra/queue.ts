import type { Database, Tx } from "@laurel/db";
import { fromKysely, type Job, PgBoss } from "pg-boss";
import type { z } from "zod";

/**
 * A job: a name, a schema for its data and an idempotent handler. One file per job in src/jobs/.
 * Handlers receive the parsed data; they may be run more than once and must cope (DESIGN §2).
 */
export interface JobRef<T = unknown> {
  name: string;
  data: z.ZodType<T>;
  retryLimit?: number;
}

export interface JobDefinition<T = unknown, D = unknown> extends JobRef<T> {
  handle(deps: D, data: T): Promise<void>;
  /** Cron expression (UTC) for a job the worker also runs on a schedule, with `{}` as data. */
  schedule?: string;
}

/**
 * pg-boss send options Laurel uses. `singletonKey` alone dedupes nothing on a standard queue: with
 * `singletonSeconds` it throttles (one job per key per slot), and `singletonNextSlot` turns a
 * throttled send into the next slot's job — a debounce for bursts (a bulk product edit).
 */
export interface SendOptions {
  singletonKey?: string;
  startAfter?: Date | number;
  singletonSeconds?: number;
  singletonNextSlot?: boolean;
}

export interface JobQueue {
  /** Enqueue inside the caller's transaction (outbox): the job exists iff the transaction commits. */
  sendInTransaction<T>(trx: Tx, job: JobRef<T>, data: T, options?: SendOptions): Promise<void>;
  /** Enqueue many jobs of one kind in one statement inside the caller's transaction (outbox). */
  sendManyInTransaction<T>(trx: Tx, job: JobRef<T>, data: readonly T[]): Promise<void>;
  /** Enqueue outside any transaction (a job fanning out more jobs). */
  send<T>(job: JobRef<T>, data: T, options?: SendOptions): Promise<void>;
  /** Start processing every known job in this process. */
  work(deps: unknown): Promise<void>;
  /** Wait until every queue is empty (tests, graceful shutdown of the embedded mode). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

export async function createJobQueue(database: Database, jobs: JobDefinition[]): Promise<JobQueue> {
  const boss = new PgBoss({
    db: database.jobSql,
    backend: database.engine === "pglite" ? "pglite" : "postgres",
    schema: "pgboss",
  });
  boss.on("error", (error) => console.warn(`[jobs] ${error.message}`));
  await boss.start();
  for (const job of jobs)
    await boss.createQueue(job.name, { retryLimit: job.retryLimit ?? 5, retryBackoff: true });

  return {
    boss,
    async sendInTransaction(trx, job, data, options) {
      const parsed = job.data.parse(data);
      await boss.send(job.name, parsed as object, { db: fromKysely(trx), ...options });
    },
    async sendManyInTransaction(trx, job, data) {
      if (data.length === 0) return;
      const jobsData = data.map((d) => ({ data: job.data.parse(d) as object }));
      await boss.insert(job.name, jobsData, { db: fromKysely(trx) });
    },
    async send(job, data, options) {
      await boss.send(job.name, job.data.parse(data) as object, { ...options });
    },
    async work(deps) {
      for (const job of jobs) {
        if (job.schedule) await boss.schedule(job.name, job.schedule, {});
        await boss.work(job.name, { pollingIntervalSeconds: 0.5 }, async (batch: Job<unknown>[]) => {
          for (const item of batch) await job.handle(deps, job.data.parse(item.data));
        });
      }
    },
    async drain(timeoutMs = 30_000) {
      // Counted from the job table: pg-boss's queue stats are cached counters refreshed by its monitor.
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.jobSql.executeSql(
          "select count(*)::int as pending from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')",
          [jobs.map((j) => j.name)],
        );
        if (Number(rows[0]?.pending ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
