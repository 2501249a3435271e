import { type CpuProfile, startCpuMeter } from "./cpu";
import { startWaitSampler, type WaitProfile } from "./postgres";
import type { BenchContext } from "./webhooks";

export interface Observed<T> {
  result: T;
  waits: WaitProfile;
  cpu: CpuProfile | null;
}

/** Runs a load with the wait-event sampler and the CPU meter around it. */
export async function observe<T>(ctx: BenchContext, fn: () => Promise<T>): Promise<Observed<T>> {
  const stopCpu = await startCpuMeter([ctx.apiPid, ...ctx.workerPids()], ctx.db, ctx.dbName);
  const stopWaits = startWaitSampler(ctx.sampler, ctx.dbName);
  const result = await fn();
  const waits = await stopWaits();
  const cpu = await stopCpu();
  return { result, waits, cpu };
}
