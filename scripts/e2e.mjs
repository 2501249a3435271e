#!/usr/bin/env node
// End-to-end tests: build the admin and widget, then run Playwright in the system Chromium
// against the real server (embedded PGlite, fresh data directory, demo shop seeded).
// No Chromium → a loud skip; with REQUIRE_E2E=1 that is a failure (CI sets it).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
  Boolean,
);
const chromium = candidates.find((p) => existsSync(p));
if (!chromium) {
  const banner = "!".repeat(78);
  console.error(
    `\n${banner}\n!! END-TO-END TESTS SKIPPED: no Chromium found (tried ${candidates.join(", ")}).`,
  );
  console.error("!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.");
  console.error(`${banner}\n`);
  process.exit(process.env.REQUIRE_E2E === "1" ? 1 : 0);
}

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

if (run("npm", ["run", "build"]) !== 0) process.exit(1);
const extra = process.argv.slice(2);
process.exit(
  run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...extra], { CHROMIUM_PATH: chromium }),
);
