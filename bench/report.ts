/** Formatting: the summary table and per-phase details. */
import { cpus } from "node:os";
import type { CpuProfile } from "./cpu";
import type { LoadSummary } from "./load";
import type { WaitProfile } from "./postgres";

const cpuCount = () => cpus().length;

/** FLOOR: at or above the floor DESIGN §9 tolerates, below its target. */
export type Verdict = "PASS" | "FLOOR" | "FAIL" | "N/A";

export interface Row {
  id: string;
  what: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: Verdict;
}

export function table(rows: Row[]): string {
  const head: Row = {
    id: "Id",
    what: "What",
    measured: "Measured",
    baseline: "Baseline (same run)",
    ratio: "Ratio",
    target: "Target (DESIGN §9)",
    verdict: "Result" as Verdict,
  };
  const cols: (keyof Row)[] = ["id", "what", "measured", "baseline", "ratio", "target", "verdict"];
  const width = Object.fromEntries(
    cols.map((c) => [c, Math.max(...[head, ...rows].map((r) => String(r[c]).length))]),
  ) as Record<keyof Row, number>;
  const line = (r: Row) => `| ${cols.map((c) => String(r[c]).padEnd(width[c])).join(" | ")} |`;
  const rule = `|${cols.map((c) => "-".repeat(width[c] + 2)).join("|")}|`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "n/a";

export const ms = (n: number) => (Number.isFinite(n) ? `${fmt(n, n < 10 ? 1 : 0)} ms` : "n/a");

export const counts = (c: Record<string, number>) =>
  Object.keys(c).length === 0
    ? "none"
    : Object.entries(c)
        .map(([k, v]) => `${k}: ${fmt(v)}`)
        .join(", ");

/** Where the time went during a load: PostgreSQL wait events of the API's sessions, and CPU. */
export function observedLines(w: WaitProfile | null, cpu: CpuProfile | null): string[] {
  const out: string[] = [];
  const log = (line: string) => out.push(line);
  if (w && w.samples > 0) {
    const top = w.waits
      .slice(0, 5)
      .map((x) => `${x.event} ${fmt(x.avgSessions, 1)}`)
      .join(", ");
    log(
      `  db:  ${fmt(w.avgActive, 1)} of the API's sessions active on average (${top}); ` +
        `other databases: ${fmt(w.avgForeignActive, 1)} active`,
    );
    for (const b of w.blockedStatements.slice(0, 2)) {
      log(`       waiting on a lock: ${fmt(b.avgSessions, 1)} × "${b.statement}…"`);
    }
  }
  if (cpu) {
    log(
      `  cpu: ${fmt(cpu.machineCores, 2)} of ${cpuCount()} cores busy = API (and worker) processes ${fmt(cpu.apiCores, 2)} + ` +
        `its PostgreSQL backends ${fmt(cpu.apiPostgresCores, 2)} + load generator ${fmt(cpu.benchCores, 2)} + ` +
        `everything else ${fmt(cpu.otherCores, 2)}`,
    );
  }
  return out;
}

export function loadLine(l: LoadSummary): string {
  return (
    `${fmt(l.responses)} responses in ${fmt(l.seconds, 1)} s (${counts(l.statusCounts)}), ` +
    `${fmt(l.responsesPerSecond)} /s; latency p50 ${ms(l.latencyMs.p50)}, p90 ${ms(l.latencyMs.p90)}, ` +
    `p99 ${ms(l.latencyMs.p99)}, max ${ms(l.latencyMs.max)}; socket errors ${l.errors}, timeouts ${l.timeouts}`
  );
}
