import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_SHOPIFY_API_KEY, E2E_SHOPIFY_SECRET } from "./constants";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), "laurel-e2e-"));

export default defineConfig({
  testDir: "./specs",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "../.tmp/e2e-results.json" }]],
  outputDir: "../.tmp/e2e-artifacts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node --import tsx apps/api/src/main.ts",
    cwd: "..",
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SHOPIFY_API_SECRET: E2E_SHOPIFY_SECRET,
      SHOPIFY_API_KEY: E2E_SHOPIFY_API_KEY,
      DATABASE_URL: "",
      // Issue 15: earn-dates.spec moves the server's clock (POST /dev/clock) and puts it back.
      TEST_CLOCK: "1",
      // Every spec signs in from 127.0.0.1 on one server: sixty tests in a few minutes pass the
      // production limit of 30 sign-ins a minute per address, which is not what they test.
      LOGIN_RATE_LIMIT: "600",
    },
  },
});
