import { fileURLToPath } from "node:url";
import { build, defineConfig, type Plugin, type Rollup, transformWithEsbuild } from "vite";
import { budgetsPlugin } from "./build/budgets";

/**
 * The storefront widget (DESIGN §7):
 * - loader.js: the classic script (an IIFE) the theme embeds with `<script defer>`; the only name
 *   that never changes.
 * - panel-<hash>.js (+ panel-<hash>.css): an ES module with Preact bundled in, which the loader
 *   imports by URL relative to its own; account-<hash>.js: a member's views (redeem, coupons,
 *   history), which the panel imports once it knows the shopper is a member.
 * The loader is built in a nested build once the panel's file names are known, so a loader only
 * ever loads the panel it was built with (names carry content hashes: no mixed versions, and
 * chunks import each other by those names, so a module is never loaded twice).
 * Every emitted file is held to its gzip budget (build/budgets.ts); over budget, the build fails.
 */
const root = fileURLToPath(new URL(".", import.meta.url));
const target = "es2022";

function loaderPlugin(): Plugin {
  return {
    name: "laurel-widget-loader",
    apply: "build",
    enforce: "post", // after Vite has emitted the CSS
    async generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const entry = files.find((f) => f.type === "chunk" && f.isEntry);
      const css = files.find((f) => f.type === "asset" && f.fileName.endsWith(".css"));
      if (!entry || !css) throw new Error("the panel build must emit one entry chunk and one CSS file");
      const define = {
        __LAUREL_PANEL_JS__: JSON.stringify(entry.fileName),
        __LAUREL_PANEL_CSS__: JSON.stringify(css.fileName),
      };
      // loader.js, and blocks.js (on-site blocks and popups, decision 0145): classic scripts.
      for (const [file, name] of [
        ["loader", "laurelLoader"],
        ["blocks", "laurelBlocks"],
      ] as const) {
        const result = await build({
          configFile: false,
          root,
          logLevel: "warn",
          publicDir: false,
          define,
          build: {
            write: false,
            target,
            minify: "esbuild",
            reportCompressedSize: false,
            lib: { entry: `src/${file}.ts`, formats: ["iife"], name, fileName: () => `${file}.js` },
            // No "use strict" prologue: the loader does not rely on it, and every byte counts (W1).
            rollupOptions: { output: { strict: false } },
          },
        });
        const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
        const chunks = output.output.filter((o): o is Rollup.OutputChunk => o.type === "chunk");
        if (chunks.length !== 1 || !chunks[0]) throw new Error(`${file}.js must build to exactly one file`);
        this.emitFile({ type: "asset", fileName: `${file}.js`, source: chunks[0].code });
      }
    },
  };
}

/**
 * Preact's published build keeps its private fields as `__k`, `__e`, `__c` … (two or three
 * characters, read hundreds of times). Inside one bundle they can be one character: every reader is
 * in the same file. Only names of that shape are renamed: `__html` (public API) and `__proto__`
 * are not, and neither is anything the loader and panel exchange. Each chunk is renamed on its
 * own, so such a field may only appear in the entry chunk (where Preact is): the build says so
 * if another chunk ever uses one.
 */
function manglePreactInternals(): Plugin {
  return {
    name: "laurel-widget-mangle-internals",
    apply: "build",
    renderChunk: {
      order: "post", // after Vite's own pass, which leaves library output unminified
      async handler(code, chunk) {
        if (!chunk.isEntry && /[.,{]\s*__[A-Za-z]?\b(?!\s*\()/.test(code)) {
          throw new Error(
            `${chunk.fileName} uses a Preact private field: keep Preact's code in the entry chunk`,
          );
        }
        const out = await transformWithEsbuild(code, chunk.fileName, {
          loader: "js",
          format: "esm",
          target,
          minify: true,
          mangleProps: /^__[A-Za-z]?$/,
          legalComments: "none",
        });
        return { code: out.code, map: null };
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [manglePreactInternals(), loaderPlugin(), budgetsPlugin()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target,
    // Library mode: no module-preload helper in the bundle (the panel has no HTML page to preload
    // for). Minification is manglePreactInternals' (one pass over each whole chunk).
    lib: { entry: { panel: "src/panel/panel.tsx" }, formats: ["es"], cssFileName: "panel" },
    minify: false,
    cssMinify: "esbuild",
    reportCompressedSize: false,
    rollupOptions: {
      // The panel's exports stay (the loader calls mount); lazy chunks may import from it, so
      // nothing shared is split into a third file the panel would have to wait for.
      preserveEntrySignatures: "allow-extension",
      output: {
        entryFileNames: "[name]-[hash].js",
        chunkFileNames: "[name]-[hash].js",
        assetFileNames: "[name]-[hash][extname]",
      },
    },
  },
});
