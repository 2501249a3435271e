#!/usr/bin/env node
// `npm test`: lint, type-check, unit + integration (Vitest), end-to-end (Playwright), in that
// order. Every step runs even if an earlier one failed, so one run shows every problem; the exit
// code is non-zero if any failed. The last line is the plain "N passed, N failed" summary.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync(".tmp", { recursive: true });
const vitestJson = ".tmp/vitest-results.json";
const e2eJson = ".tmp/e2e-results.json";
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

const steps = [
  ["lint", "npm", ["run", "lint"]],
  ["type-check", "npm", ["run", "typecheck"]],
  [
    "unit + integration",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  ],
  ["end-to-end", "node", ["scripts/e2e.mjs"]],
];

const results = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, TZ: "UTC" } });
  results.push({ name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (existsSync(e2eJson)) {
  const e = JSON.parse(readFileSync(e2eJson, "utf8"));
  passed += e.stats.expected;
  failed += e.stats.unexpected + e.stats.flaky;
  skipped += e.stats.skipped;
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "✔" : "✘"} ${r.name} (${r.seconds}s)`);
const allOk = results.every((r) => r.ok);
// A failing step with no failing test (lint, type-check, a crash) still counts as a failure.
if (!allOk && failed === 0) failed = results.filter((r) => !r.ok).length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(allOk ? 0 : 1);
