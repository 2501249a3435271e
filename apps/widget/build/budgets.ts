/**
 * The widget's size budgets (DESIGN §7, §9 W1/W2), enforced by the build: every emitted file is
 * gzipped (level 9, as served) and measured; one over its budget fails the build. The sizes go
 * to dist/budgets.json for the bench.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export interface Budget {
  /** W1, W2 … */
  id: string;
  what: string;
  matches(file: string): boolean;
  maxGzipBytes: number;
}

export const BUDGETS: Budget[] = [
  { id: "W1", what: "loader", matches: (f) => f === "loader.js", maxGzipBytes: 2_000 },
  {
    id: "W2",
    what: "panel JS (per file)",
    matches: (f) => f.endsWith(".js") && f !== "loader.js",
    maxGzipBytes: 10_000,
  },
  { id: "CSS", what: "CSS (per file)", matches: (f) => f.endsWith(".css"), maxGzipBytes: 5_000 },
];

export interface SizeRow {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
  budget: string | null;
  maxGzipBytes: number | null;
  ok: boolean;
}

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

function brotliSize(content: string | Uint8Array): number {
  return brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Measures files against the budgets; a file no budget covers is listed without a limit. */
export function measure(files: Array<{ file: string; content: string | Uint8Array }>, budgets = BUDGETS) {
  const rows: SizeRow[] = files
    .map(({ file, content }) => {
      const budget = budgets.find((b) => b.matches(file));
      const gzip = gzipSize(content);
      return {
        file,
        bytes: typeof content === "string" ? Buffer.byteLength(content) : content.length,
        gzip,
        brotli: brotliSize(content),
        budget: budget?.id ?? null,
        maxGzipBytes: budget?.maxGzipBytes ?? null,
        ok: !budget || gzip <= budget.maxGzipBytes,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
  return { rows, failures: rows.filter((r) => !r.ok) };
}

export function formatTable(rows: SizeRow[]): string {
  const head = ["file", "bytes", "gzip", "brotli", "budget (gzip)", ""];
  const body = rows.map((r) => [
    r.file,
    String(r.bytes),
    String(r.gzip),
    String(r.brotli),
    r.maxGzipBytes === null ? "-" : `${r.budget} ≤ ${r.maxGzipBytes}`,
    r.ok ? "ok" : "OVER BUDGET",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** Throws (so `vite build` exits non-zero) when a file is over its budget. */
export function assertBudgets(rows: SizeRow[]): void {
  const over = rows.filter((r) => !r.ok);
  if (over.length > 0) {
    throw new Error(
      `widget size budget exceeded: ${over.map((r) => `${r.file} is ${r.gzip} B gzip > ${r.maxGzipBytes} B (${r.budget})`).join("; ")}`,
    );
  }
}

/** Vite plugin: after the files are written, print the table, write budgets.json, enforce. */
export function budgetsPlugin(): Plugin {
  return {
    name: "laurel-widget-budgets",
    apply: "build",
    enforce: "post",
    writeBundle(options, bundle) {
      const files = Object.values(bundle).map((item) => ({
        file: item.fileName,
        content: item.type === "chunk" ? item.code : item.source,
      }));
      const { rows } = measure(files);
      this.environment.logger.info(`\nwidget sizes (DESIGN §9 W1/W2):\n${formatTable(rows)}\n`);
      const dir = options.dir ?? "dist";
      writeFileSync(
        join(dir, "budgets.json"),
        `${JSON.stringify(
          {
            budgets: Object.fromEntries(
              BUDGETS.map((b) => [b.id, { what: b.what, maxGzipBytes: b.maxGzipBytes }]),
            ),
            files: Object.fromEntries(
              rows.map((r) => [
                r.file,
                { bytes: r.bytes, gzip: r.gzip, brotli: r.brotli, budget: r.budget, ok: r.ok },
              ]),
            ),
          },
          null,
          2,
        )}\n`,
      );
      assertBudgets(rows);
    },
  };
}
