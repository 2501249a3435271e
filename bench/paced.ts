/**
 * An open-loop load at a fixed rate with evenly spaced arrivals: request i is due at
 * start + i / rate, whatever happened to the ones before, and its latency counts from that due
 * time (so a server that falls behind shows its queue instead of slowing the generator down, no
 * coordinated omission). autocannon's `overallRate` instead lets each connection send its share
 * at the start of every second — bursts of up to one request per connection at once — which
 * measures the burst, not the rate.
 */
import http from "node:http";
import type { LoadOptions, LoadSummary } from "./load";

type RequestSpec = NonNullable<LoadOptions["requests"]>[number];
type Context = Record<string, unknown>;

const TIMEOUT_MS = 10_000;

export function runPaced(
  opts: { url: string; connections: number; duration: number; overallRate: number; requests: RequestSpec[] },
  control: { stop?: () => void } = {},
): Promise<LoadSummary> {
  const target = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const spec = opts.requests[0] as RequestSpec;
  // autocannon also allows script-file names here; this runner takes the functions only.
  const setup = typeof spec.setupRequest === "function" ? spec.setupRequest : undefined;
  const onResponse = typeof spec.onResponse === "function" ? spec.onResponse : undefined;
  const intervalMs = 1000 / opts.overallRate;
  const total = Math.floor(opts.overallRate * opts.duration);
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let due = 0;
  let outstanding = 0;
  let stopped = false;
  control.stop = () => {
    stopped = true;
  };

  return new Promise((resolveRun) => {
    const start = performance.now() + 20;
    let lastDone = start;

    const finishIfDone = () => {
      if (outstanding > 0 || (due < total && !stopped)) return;
      agent.destroy();
      resolveRun(summary((lastDone - start) / 1000));
    };

    const fire = (scheduled: number) => {
      const context: Context = {};
      const base = { method: spec.method ?? "GET", path: spec.path ?? "/", headers: {}, body: undefined };
      const req = (setup ? setup(base as never, context as never) : base) as {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string | Buffer;
      };
      outstanding += 1;
      let settled = false;
      const done = (status: number | null, body: string) => {
        if (settled) return;
        settled = true;
        outstanding -= 1;
        lastDone = performance.now();
        if (status !== null) {
          latencies.push(lastDone - scheduled);
          statusCounts[String(status)] = (statusCounts[String(status)] ?? 0) + 1;
          onResponse?.(status, body, context as never, undefined);
        }
        finishIfDone();
      };
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method ?? "GET",
          path: req.path ?? "/",
          headers: { ...req.headers, ...(body ? { "content-length": String(body.length) } : {}) },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")));
          res.on("error", () => {
            errors += 1;
            done(null, "");
          });
        },
      );
      request.on("timeout", () => {
        timeouts += 1;
        request.destroy();
        done(null, "");
      });
      request.on("error", () => {
        errors += 1;
        done(null, "");
      });
      request.end(body);
    };

    const tick = () => {
      const now = performance.now();
      while (!stopped && due < total && start + due * intervalMs <= now) {
        fire(start + due * intervalMs);
        due += 1;
      }
      if (!stopped && due < total)
        setTimeout(tick, Math.max(0, start + due * intervalMs - performance.now()));
      else finishIfDone();
    };
    setTimeout(tick, 20);
  });

  function summary(seconds: number): LoadSummary {
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
    const responses = latencies.length;
    const ok = Object.entries(statusCounts)
      .filter(([code]) => code.startsWith("2"))
      .reduce((sum, [, n]) => sum + n, 0);
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      seconds,
      connections: opts.connections,
      targetRate: opts.overallRate,
      responses,
      ok,
      okPerSecond: seconds > 0 ? ok / seconds : 0,
      responsesPerSecond: seconds > 0 ? responses / seconds : 0,
      statusCounts,
      errors,
      timeouts,
      latencyMs: {
        p50: round(at(0.5)),
        p90: round(at(0.9)),
        p99: round(at(0.99)),
        max: round(latencies[latencies.length - 1] ?? Number.NaN),
        mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, responses)),
      },
    };
  }
}
