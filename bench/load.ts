import autocannon from "autocannon";
import { runPaced } from "./paced";

export interface LoadSummary {
  seconds: number;
  connections: number;
  /** Target rate (overallRate), when the run was paced. */
  targetRate: number | null;
  responses: number;
  ok: number;
  /** 2xx responses per second over the run. */
  okPerSecond: number;
  /** All responses per second over the run. */
  responsesPerSecond: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

export type LoadOptions = autocannon.Options;

/**
 * One load run in this process (the server under test runs in another): autocannon at full speed,
 * or, with `overallRate`, evenly spaced arrivals at that rate (`paced.ts`, latency from each
 * request's due time). Latencies are the raw ones: autocannon's coordinated-omission correction
 * assumes a 1 ms interval for any paced connection rate below 1,000/s (`Math.ceil(1 / rate)`),
 * which would fill the histogram with synthetic samples, so it is switched off.
 */
export function runLoad(opts: LoadOptions, control: { stop?: () => void } = {}): Promise<LoadSummary> {
  if (opts.overallRate !== undefined && opts.requests?.length) {
    return runPaced(
      {
        url: String(opts.url),
        connections: opts.connections ?? 10,
        duration: Number(opts.duration ?? 10),
        overallRate: opts.overallRate,
        requests: opts.requests,
      },
      control,
    );
  }
  const paced = opts.overallRate !== undefined || opts.connectionRate !== undefined;
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(
      { timeout: 10, ...(paced ? { ignoreCoordinatedOmission: true } : {}), ...opts },
      (error, result) => (error ? reject(error) : resolveRun(summarize(result, opts))),
    );
    control.stop = () => instance.stop();
  });
}

export function summarize(result: autocannon.Result, opts: LoadOptions): LoadSummary {
  const statusCounts: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[code] = stat.count ?? 0;
  }
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const seconds = result.duration;
  const lat = result.latency as unknown as Record<string, number>;
  return {
    seconds,
    connections: result.connections,
    targetRate: opts.overallRate ?? null,
    responses,
    ok: result["2xx"],
    okPerSecond: seconds > 0 ? result["2xx"] / seconds : 0,
    responsesPerSecond: seconds > 0 ? responses / seconds : 0,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: lat.p50 ?? Number.NaN,
      p90: lat.p90 ?? Number.NaN,
      p99: lat.p99 ?? Number.NaN,
      max: lat.max ?? Number.NaN,
      mean: lat.average ?? Number.NaN,
    },
  };
}
