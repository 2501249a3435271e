/** Formatting: the summary table and per-phase details. */

export type Verdict = "PASS" | "FAIL" | "N/A";

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
