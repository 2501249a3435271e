/**
 * What the Lighthouse benches (`bench:admin` W6, `bench:storefront` W4) share, so both measure the
 * same kind of server in the same browser: the system Chromium, the measured app rebuilt when stale,
 * the API on a free port over a fresh embedded PGlite with the demo shop seeded, and headless Chromium.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { type Child, freePort, ROOT, startNode, stopChild } from "./processes";

/** The system Chromium (CHROMIUM_PATH, else the usual paths); without one the bench exits with a hint. */
export function chromiumPathOrExit(bench: string): string {
  const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (p) => p && existsSync(p),
  );
  if (!chromePath) {
    console.error(`${bench} needs Chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  return chromePath;
}

/** Rebuilds `apps/<name>` when its sources changed; a failed build measures the files already built. */
export function buildIfStale(name: "admin" | "widget"): void {
  const build = spawnSync(process.execPath, ["scripts/build-if-stale.mjs", `apps/${name}`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0)
    console.warn(`!! the ${name} build failed: measuring the files already in apps/${name}/dist`);
}

/** The API on a free port, embedded PGlite in a fresh temporary DATA_DIR, the demo shop seeded. */
export async function startDemoApi(
  tmpPrefix: string,
): Promise<{ api: Child; base: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const port = await freePort();
  const api = startNode("api", ["--import", "tsx", "apps/api/src/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PLATFORM: "demo",
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
  });
  return { api, base: `http://127.0.0.1:${port}`, dataDir };
}

/** Headless Chromium for Lighthouse, with the bench's own flags after the common ones. */
export function launchChromium(chromePath: string, extraFlags: string[] = []) {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      ...extraFlags,
      "--no-first-run",
    ],
  });
}

/** Closes the browser, stops the API and removes its data. */
export async function stopAll(chrome: chromeLauncher.LaunchedChrome | null, api: Child, dataDir: string) {
  await chrome?.kill();
  await stopChild(api);
  rmSync(dataDir, { recursive: true, force: true });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
