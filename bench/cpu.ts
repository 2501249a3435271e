/**
 * Where the CPU went during a phase (Linux /proc): the whole machine, the API process, the
 * PostgreSQL backends serving it, this load generator, and everything else (PostgreSQL's own
 * background work, and anyone else using the machine). Figures are in cores (1.0 = one CPU busy).
 */
import { readFileSync } from "node:fs";
import type pg from "pg";

const HZ = 100; // USER_HZ on Linux

function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the command: state is field 3, utime 14 and stime 15 (1-based) → indexes 11 and 12 here.
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}

async function backendPids(db: pg.Client | null, dbName: string): Promise<number[]> {
  if (!db) return [];
  const r = await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and application_name in ('laurel', 'laurel-jobs')",
    [dbName],
  );
  return r.rows.map((x) => x.pid);
}

export interface CpuProfile {
  seconds: number;
  machineCores: number;
  /** The API process, plus the worker process(es) when there are any. */
  apiCores: number;
  apiPostgresCores: number;
  benchCores: number;
  otherCores: number;
}

/** Summed CPU ticks of the server's processes (the API, and any worker beside it). */
function serverTicks(pids: number[]): number | null {
  if (pids.length === 0) return null;
  let sum = 0;
  for (const pid of pids) sum += processTicks(pid) ?? 0;
  return sum;
}

export async function startCpuMeter(
  serverPids: number | undefined | (number | undefined)[],
  db: pg.Client | null,
  dbName = "",
) {
  const apiPids = (Array.isArray(serverPids) ? serverPids : [serverPids]).filter(
    (p): p is number => p !== undefined,
  );
  const t0 = process.hrtime.bigint();
  const m0 = machineTicks();
  const a0 = serverTicks(apiPids);
  const b0 = process.cpuUsage();
  const pids0 = new Map<number, number>();
  for (const pid of await backendPids(db, dbName)) {
    const t = processTicks(pid);
    if (t !== null) pids0.set(pid, t);
  }
  return async (): Promise<CpuProfile | null> => {
    const pids1 = await backendPids(db, dbName);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const m1 = machineTicks();
    const a1 = serverTicks(apiPids);
    const b1 = process.cpuUsage(b0);
    if (!m0 || !m1 || seconds <= 0) return null;
    let pgTicks = 0;
    for (const pid of pids1) {
      const t = processTicks(pid);
      if (t !== null) pgTicks += t - (pids0.get(pid) ?? 0);
    }
    const cores = (ticks: number) => ticks / HZ / seconds;
    const machineCores = cores(m1.busy - m0.busy);
    const apiCores = a0 !== null && a1 !== null ? cores(a1 - a0) : 0;
    const apiPostgresCores = cores(pgTicks);
    const benchCores = (b1.user + b1.system) / 1e6 / seconds;
    return {
      seconds,
      machineCores,
      apiCores,
      apiPostgresCores,
      benchCores,
      otherCores: Math.max(0, machineCores - apiCores - apiPostgresCores - benchCores),
    };
  };
}
