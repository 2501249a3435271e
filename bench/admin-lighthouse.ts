/**
 * `npm run bench:admin`: DESIGN §9 W6 (issue 13) — the admin's lab Web Vitals, signed in: LCP ≤
 * 1.25 s, TBT (the lab proxy of INP) ≤ 100 ms, CLS ≤ 0.05 (half of Built for Shopify's thresholds),
 * on the dashboard, the program list and the customer list, with the admin bundle's sizes.
 *
 * Starts the API itself (embedded PGlite in a fresh DATA_DIR, demo shop seeded, the admin built if
 * stale), signs in as the demo merchant (its session cookie is sent with every Lighthouse request),
 * then runs Lighthouse with the desktop preset in the system Chromium: one warm-up and BENCH_RUNS
 * (default 5) runs per page, medians reported. Results: a table on stdout and
 * `.tmp/bench-admin.json`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type * as chromeLauncher from "chrome-launcher";
import {
  buildIfStale,
  chromiumPathOrExit,
  launchChromium,
  median,
  startDemoApi,
  stopAll,
} from "./lighthouse-setup";
import { ROOT, waitForHttp } from "./processes";
import { fmt, type Row, table, type Verdict } from "./report";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const PAGES = [
  { id: "dashboard", path: "/" },
  { id: "program list", path: "/programs" },
  { id: "customer list", path: "/customers" },
];
const TARGETS = { lcpMs: 1_250, tbtMs: 100, cls: 0.05 };
const ADMIN_ASSETS = join(ROOT, "apps/admin/dist/assets");
const DEMO = { email: "demo@laurel.test", password: "laurel-demo" };

interface LighthouseResult {
  lhr: {
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { code: string; message: string };
  };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config: unknown,
) => Promise<LighthouseResult | undefined>;

interface Sample {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

/** The admin's JavaScript and CSS files, raw and gzip (level 9), largest first. */
function bundleSizes(): { file: string; bytes: number; gzip: number }[] {
  if (!existsSync(ADMIN_ASSETS)) return [];
  return readdirSync(ADMIN_ASSETS)
    .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
    .map((file) => {
      const raw = readFileSync(join(ADMIN_ASSETS, file));
      return { file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie;
}

async function main() {
  const chromePath = chromiumPathOrExit("bench:admin");
  buildIfStale("admin");

  const { api, base, dataDir } = await startDemoApi("laurel-bench-admin-");
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForHttp(`${base}/health`, api, 120_000);
    const cookie = await sessionCookie(base);
    chrome = await launchChromium(chromePath);
    const { default: lighthouse } = (await import("lighthouse" as string)) as { default: Lighthouse };
    const { default: desktop } = (await import("lighthouse/core/config/desktop-config.js" as string)) as {
      default: unknown;
    };
    const measure = async (url: string): Promise<Sample> => {
      const result = await lighthouse(
        url,
        {
          port: chrome?.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: { Cookie: cookie },
        },
        desktop,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const value = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        lcpMs: value("largest-contentful-paint"),
        tbtMs: value("total-blocking-time"),
        cls: value("cumulative-layout-shift"),
        fcpMs: value("first-contentful-paint"),
      };
    };

    const verdict = (ok: boolean): Verdict => (ok ? "PASS" : "FAIL");
    const rows: Row[] = [];
    const results: Record<string, { median: Sample; samples: Sample[] }> = {};
    let failed = false;
    for (const page of PAGES) {
      const url = `${base}${page.path}`;
      await measure(url); // warm-up
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(url));
      const m: Sample = {
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        cls: median(samples.map((s) => s.cls)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
      };
      results[page.id] = { median: m, samples };
      const ok = { lcp: m.lcpMs <= TARGETS.lcpMs, tbt: m.tbtMs <= TARGETS.tbtMs, cls: m.cls <= TARGETS.cls };
      failed ||= !ok.lcp || !ok.tbt || !ok.cls;
      rows.push(
        {
          id: "W6",
          what: `${page.id} LCP (desktop, median of ${RUNS})`,
          measured: `${fmt(m.lcpMs)} ms`,
          baseline: `FCP ${fmt(m.fcpMs)} ms`,
          ratio: "",
          target: `≤ ${fmt(TARGETS.lcpMs)} ms`,
          verdict: verdict(ok.lcp),
        },
        {
          id: "",
          what: `${page.id} TBT (INP proxy)`,
          measured: `${fmt(m.tbtMs)} ms`,
          baseline: "",
          ratio: "",
          target: `≤ ${TARGETS.tbtMs} ms`,
          verdict: verdict(ok.tbt),
        },
        {
          id: "",
          what: `${page.id} CLS`,
          measured: fmt(m.cls, 3),
          baseline: "",
          ratio: "",
          target: `≤ ${TARGETS.cls}`,
          verdict: verdict(ok.cls),
        },
      );
    }
    const sizes = bundleSizes();
    const total = sizes.reduce((s, f) => s + f.gzip, 0);
    rows.push({
      id: "",
      what: `admin bundle: ${sizes.length} files (gzip -9), largest ${sizes[0]?.file ?? "—"}`,
      measured: `${fmt(total)} B total`,
      baseline: `${fmt(sizes[0]?.gzip ?? 0)} B largest`,
      ratio: "",
      target: "(reported)",
      verdict: "N/A",
    });
    console.log(`\n${table(rows)}\n`);
    mkdirSync(join(ROOT, ".tmp"), { recursive: true });
    writeFileSync(
      join(ROOT, ".tmp/bench-admin.json"),
      `${JSON.stringify({ at: new Date().toISOString(), preset: "desktop", runs: RUNS, chromium: chromePath, targets: TARGETS, pages: results, bundle: sizes }, null, 2)}\n`,
    );
    console.log("Written to .tmp/bench-admin.json");
    if (failed) process.exitCode = 1;
  } finally {
    await stopAll(chrome, api, dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
