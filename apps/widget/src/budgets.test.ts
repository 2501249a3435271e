// @vitest-environment node
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Rollup } from "vite";
import { describe, expect, it, vi } from "vitest";
import {
  assertBudgets,
  BUDGETS,
  type Budget,
  budgetsPlugin,
  formatTable,
  gzipSize,
  measure,
} from "../build/budgets";

/** Random bytes do not compress: gzip is a little larger than the input. */
const incompressible = (bytes: number) => new Uint8Array(randomBytes(bytes));
/** Random text (base64: 6 bits a character, so gzip keeps about three quarters). */
const randomText = (chars: number) => randomBytes(chars).toString("base64").slice(0, chars);

describe("widget size budgets (W1, W2, CSS)", () => {
  it("holds the loader to 2,000 B, each panel file to 10,000 B and each CSS file to 5,000 B gzip", () => {
    expect(BUDGETS.map((b) => [b.id, b.maxGzipBytes])).toEqual([
      ["W1", 2000],
      ["W2", 10000],
      ["CSS", 5000],
    ]);
    const { rows, failures } = measure([
      { file: "loader.js", content: incompressible(2600) },
      { file: "panel-abc.js", content: incompressible(9000) },
      { file: "account-def.js", content: "x".repeat(50_000) },
      { file: "panel-abc.css", content: incompressible(6000) },
      { file: "budgets.json", content: incompressible(20_000) },
    ]);
    expect(failures.map((r) => r.file)).toEqual(["loader.js", "panel-abc.css"]);
    expect(rows.find((r) => r.file === "panel-abc.js")).toMatchObject({ budget: "W2", ok: true });
    // 50 KB that compress to almost nothing are fine: the budget is on gzip, not on bytes.
    expect(rows.find((r) => r.file === "account-def.js")).toMatchObject({ bytes: 50_000, ok: true });
    expect(rows.find((r) => r.file === "budgets.json")).toMatchObject({ budget: null, ok: true });
    expect(formatTable(rows)).toMatch(/loader\.js\s+2600\s+\d+\s+\d+\s+W1 ≤ 2000\s+OVER BUDGET/);
  });

  it("measures gzip at the edge exactly: at the limit passes, one byte over fails", () => {
    const content = incompressible(1950);
    const size = gzipSize(content);
    const w1 = BUDGETS[0] as Budget;
    const at = measure([{ file: "loader.js", content }], [{ ...w1, maxGzipBytes: size }]);
    const over = measure([{ file: "loader.js", content }], [{ ...w1, maxGzipBytes: size - 1 }]);
    expect(at.failures).toHaveLength(0);
    expect(over.failures).toHaveLength(1);
    expect(() => assertBudgets(over.rows)).toThrow(`loader.js is ${size} B gzip > ${size - 1} B (W1)`);
  });

  it("the build plugin writes dist/budgets.json and fails the build on an oversized file", () => {
    const dir = mkdtempSync(join(tmpdir(), "laurel-widget-budgets-"));
    try {
      const plugin = budgetsPlugin();
      const info = vi.fn();
      const writeBundle = plugin.writeBundle as (
        this: unknown,
        o: { dir: string },
        b: Rollup.OutputBundle,
      ) => void;
      const bundle = (files: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(files).map(([fileName, code]) => [
            fileName,
            fileName.endsWith(".js")
              ? { type: "chunk", fileName, code }
              : { type: "asset", fileName, source: code },
          ]),
        ) as unknown as Rollup.OutputBundle;
      const ctx = { environment: { logger: { info } } };

      writeBundle.call(
        ctx,
        { dir },
        bundle({ "loader.js": "void 0", "panel-a.js": "export{}", "panel-a.css": "a{}" }),
      );
      const written = JSON.parse(readFileSync(join(dir, "budgets.json"), "utf8"));
      expect(written.budgets.W1).toEqual({ what: "loader", maxGzipBytes: 2000 });
      expect(written.files["loader.js"]).toMatchObject({ bytes: 6, budget: "W1", ok: true });
      expect(info.mock.calls[0]?.[0]).toContain("panel-a.css");

      expect(() =>
        writeBundle.call(ctx, { dir }, bundle({ "loader.js": randomText(8000), "panel-a.js": "export{}" })),
      ).toThrow(/widget size budget exceeded: loader\.js is \d+ B gzip > 2000 B \(W1\)/);
      // The sizes are on disk even when the build fails, for whoever looks next.
      expect(JSON.parse(readFileSync(join(dir, "budgets.json"), "utf8")).files["loader.js"].ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
