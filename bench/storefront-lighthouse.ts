/**
 * `npm run bench:storefront`: DESIGN §9 W4 (the widget lowers the storefront's Lighthouse
 * performance score by ≤ 2 points) and W1/W2 (the widget's files within their gzip budgets).
 *
 * Starts the API itself (`apps/api/src/main.ts`, embedded PGlite in a fresh temporary DATA_DIR, the
 * demo shop and its store seeded), then runs Lighthouse (mobile preset: the default config, Moto G
 * Power emulation with simulated slow-4G throttling) on the demo store's product page (with its
 * points block) and on the loyalty page (issue 12), each with the widget and without it (`?widget=0`), interleaved, 5 runs each after one warm-up, and takes the
 * medians. Chromium: CHROMIUM_PATH or /usr/bin/chromium. BENCH_RUNS changes the number of runs.
 * Results: a table on stdout and `.tmp/bench-storefront.json`. (`bench/storefront.ts` is P3/P5 of
 * `npm run bench`, hence this file's name.)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
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
/** The pages W4 is measured on (issue 12 adds the loyalty page; the product page has its block). */
const PAGES = [
  { what: "product page with the points block", path: "/demo-store/products/laurel-wreath-tee" },
  { what: "loyalty page", path: "/apps/laurel/loyalty-page" },
];
const MAX_SCORE_DROP = 2;
const BUDGETS = { loader: 2_000, js: 10_000, css: 5_000 };
const WIDGET_DIST = join(ROOT, "apps/widget/dist");

interface LighthouseAudit {
  numericValue?: number;
  score: number | null;
}
interface LighthouseResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, LighthouseAudit>;
    runtimeError?: { code: string; message: string };
    runWarnings: string[];
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] },
) => Promise<LighthouseResult | undefined>;

interface PageResult {
  what: string;
  path: string;
  without: Sample[];
  withWidget: Sample[];
  m0: Sample;
  m1: Sample;
  drop: number;
}

interface Sample {
  score: number;
  tbtMs: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
}

function medianSample(samples: Sample[]): Sample {
  const pick = (k: keyof Sample) => median(samples.map((s) => s[k]));
  return {
    score: pick("score"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    lcpMs: pick("lcpMs"),
    fcpMs: pick("fcpMs"),
    speedIndexMs: pick("speedIndexMs"),
  };
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  budget: number | null;
  ok: boolean | null;
}

/** Every shipped file of the widget, gzip (level 9) against its budget (DESIGN §7). */
function widgetSizes(): { files: FileSize[]; buildReport: unknown } {
  if (!existsSync(WIDGET_DIST)) return { files: [], buildReport: null };
  const sizes: FileSize[] = [];
  for (const path of files(WIDGET_DIST)) {
    const file = relative(WIDGET_DIST, path);
    if (file.startsWith(".") || file.endsWith(".json") || file.endsWith(".map")) continue;
    const raw = readFileSync(path);
    const gzip = gzipSync(raw, { level: 9 }).length;
    const budget =
      file === "loader.js"
        ? BUDGETS.loader
        : file.endsWith(".js")
          ? BUDGETS.js
          : file.endsWith(".css")
            ? BUDGETS.css
            : null;
    sizes.push({ file, bytes: raw.length, gzip, budget, ok: budget === null ? null : gzip <= budget });
  }
  const reportPath = join(WIDGET_DIST, "budgets.json");
  const buildReport = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, "utf8")) : null;
  return { files: sizes, buildReport };
}

async function main() {
  const chromePath = chromiumPathOrExit("bench:storefront");

  // The widget as `npm start` serves it (rebuilt only when its sources changed).
  buildIfStale("widget");

  const { api, base, dataDir } = await startDemoApi("laurel-bench-storefront-");
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForHttp(`${base}/health`, api, 120_000);
    console.log(`API on ${base} (PGlite in ${dataDir}); Chromium ${chromePath}`);
    chrome = await launchChromium(chromePath, [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ]);
    const { default: lighthouse } = (await import("lighthouse" as string)) as { default: Lighthouse };
    const port = chrome.port;

    const measure = async (url: string): Promise<Sample> => {
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError)
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
        tbtMs: value("total-blocking-time"),
        cls: value("cumulative-layout-shift"),
        lcpMs: value("largest-contentful-paint"),
        fcpMs: value("first-contentful-paint"),
        speedIndexMs: value("speed-index"),
      };
    };

    // Issue 12: the product page carries the product-points block; the loyalty page (N-10) is
    // Laurel's own page through the app proxy. Each is measured with and without the widget.
    const pages: PageResult[] = [];
    for (const { what, path } of PAGES) {
      const withUrl = `${base}${path}`;
      const withoutUrl = `${base}${path}${path.includes("?") ? "&" : "?"}widget=0`;
      console.log(
        `Warm-up, then ${RUNS} interleaved Lighthouse runs (mobile) of ${path} with and without the widget…`,
      );
      await measure(withoutUrl);
      await measure(withUrl);
      const without: Sample[] = [];
      const withWidget: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        without.push(await measure(withoutUrl));
        withWidget.push(await measure(withUrl));
        const a = without.at(-1) as Sample;
        const b = withWidget.at(-1) as Sample;
        console.log(
          `  run ${i + 1}: without ${a.score} (TBT ${fmt(a.tbtMs)} ms)  with ${b.score} (TBT ${fmt(b.tbtMs)} ms)`,
        );
      }
      const m0 = medianSample(without);
      const m1 = medianSample(withWidget);
      pages.push({ what, path, without, withWidget, m0, m1, drop: m0.score - m1.score });
    }
    const sizes = widgetSizes();

    const verdict = (ok: boolean): Verdict => (ok ? "PASS" : "FAIL");
    const rows: Row[] = [
      ...pages.flatMap(({ what, m0, m1, drop }): Row[] => [
        {
          id: "W4",
          what: `Lighthouse performance, ${what} (mobile, median)`,
          measured: `${m1.score} with widget`,
          baseline: `${m0.score} without`,
          ratio: `drop ${drop}`,
          target: `drop ≤ ${MAX_SCORE_DROP} points`,
          verdict: verdict(drop <= MAX_SCORE_DROP),
        },
        {
          id: "",
          what: "Total blocking time (median)",
          measured: `${fmt(m1.tbtMs)} ms`,
          baseline: `${fmt(m0.tbtMs)} ms`,
          ratio: `+${fmt(m1.tbtMs - m0.tbtMs)} ms`,
          target: "(reported)",
          verdict: "N/A",
        },
        {
          id: "",
          what: "Cumulative layout shift (median)",
          measured: fmt(m1.cls, 3),
          baseline: fmt(m0.cls, 3),
          ratio: `+${fmt(m1.cls - m0.cls, 3)}`,
          target: "(reported)",
          verdict: "N/A",
        },
        {
          id: "",
          what: "LCP / FCP (median)",
          measured: `${fmt(m1.lcpMs)} / ${fmt(m1.fcpMs)} ms`,
          baseline: `${fmt(m0.lcpMs)} / ${fmt(m0.fcpMs)} ms`,
          ratio: "",
          target: "(reported)",
          verdict: "N/A",
        },
      ]),
      ...sizes.files.map(
        (f): Row => ({
          id: f.file === "loader.js" ? "W1" : f.file.endsWith(".js") ? "W2" : "",
          what: `widget ${f.file} (gzip -9)`,
          measured: `${fmt(f.gzip)} B`,
          baseline: `${fmt(f.bytes)} B raw`,
          ratio: "",
          target: f.budget === null ? "(no budget)" : `≤ ${fmt(f.budget)} B`,
          verdict: f.ok === null ? "N/A" : verdict(f.ok),
        }),
      ),
    ];
    if (sizes.files.length === 0)
      rows.push({
        id: "W1/W2",
        what: "widget files",
        measured: "apps/widget/dist is missing",
        baseline: "",
        ratio: "",
        target: "",
        verdict: "N/A",
      });
    console.log(`\n${table(rows)}\n`);

    const worstDrop = Math.max(...pages.map((p) => p.drop));
    const out = {
      at: new Date().toISOString(),
      preset: "mobile (Lighthouse default config)",
      runs: RUNS,
      chromium: chromePath,
      pages: pages.map((p) => ({
        page: p.path,
        what: p.what,
        withoutWidget: { median: p.m0, samples: p.without },
        withWidget: { median: p.m1, samples: p.withWidget },
        scoreDrop: p.drop,
      })),
      target: { maxScoreDrop: MAX_SCORE_DROP, pass: worstDrop <= MAX_SCORE_DROP },
      widgetFiles: sizes.files,
      widgetBuildReport: sizes.buildReport,
    };
    mkdirSync(join(ROOT, ".tmp"), { recursive: true });
    writeFileSync(join(ROOT, ".tmp/bench-storefront.json"), `${JSON.stringify(out, null, 2)}\n`);
    console.log("Written to .tmp/bench-storefront.json");
    if (worstDrop > MAX_SCORE_DROP || sizes.files.some((f) => f.ok === false)) process.exitCode = 1;
  } finally {
    await stopAll(chrome, api, dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
