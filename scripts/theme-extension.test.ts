import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { themeCheckRun } from "@shopify/theme-check-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGETS, measure } from "../apps/widget/build/budgets";

/**
 * The theme app extension (issue 12, decision 0087): Shopify's theme checker (its
 * theme-app-extension configuration) finds no offence, and the widget build copied into its
 * assets (scripts/widget-to-extension.mjs) holds the same gzip budgets as under /widget/.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const extension = join(root, "extensions/laurel-theme");
let dir: string;

beforeAll(() => {
  if (!existsSync(join(root, "apps/widget/dist/loader.js"))) {
    // A production build, as `npm run build` makes it: vitest's NODE_ENV=test would build Preact's
    // development code, larger than the budgets allow.
    execFileSync("npx", ["vite", "build"], {
      cwd: join(root, "apps/widget"),
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production", VITEST: undefined },
    });
  }
  dir = mkdtempSync(join(tmpdir(), "laurel-theme-"));
  cpSync(extension, dir, { recursive: true });
  execFileSync("node", [join(root, "scripts/widget-to-extension.mjs"), join(dir, "assets")], {
    stdio: "ignore",
  });
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("theme app extension", () => {
  it("passes theme-check (theme-app-extension config) with no offence", async () => {
    const config = join(root, "node_modules/@shopify/theme-check-node/configs/theme-app-extension.yml");
    const run = await themeCheckRun(dir, config, () => {});
    const offences = run.offenses.map(
      (o) => `${o.uri.split("/").slice(-2).join("/")}: ${o.check} ${o.message}`,
    );
    expect(offences).toEqual([]);
    // It did look at the blocks (a run over nothing would pass too).
    expect(run.theme.map((f) => f.uri.split("/").slice(-2).join("/"))).toEqual(
      expect.arrayContaining([
        "blocks/app-embed.liquid",
        "blocks/product-points.liquid",
        "blocks/loyalty-page.liquid",
        "blocks/cart-points.liquid",
        "blocks/signup-block.liquid",
        "blocks/customer-login.liquid",
      ]),
    );
  });

  it("the app embed loads the loader from the extension's assets with the embed contract's attributes", () => {
    const embed = readFileSync(join(extension, "blocks/app-embed.liquid"), "utf8");
    expect(embed).toContain("{{ 'loader.js' | asset_url }}");
    for (const attr of ["proxy", "shop", "locale", "page", "customer", "login-url", "register-url"]) {
      expect(embed).toContain(`data-laurel-${attr}=`);
    }
    expect(embed).toMatch(/"target": "body"/);
    // The on-site blocks and popups (decision 0145) beside the loader, with their attributes.
    expect(embed).toContain("{{ 'blocks.js' | asset_url }}");
  });

  it("the widget files copied into the assets hold the widget's gzip budgets", () => {
    const files = readdirSync(join(dir, "assets")).filter((f) => /^(loader|blocks|panel-|account-)/.test(f));
    expect(files).toContain("loader.js");
    expect(files).toContain("blocks.js");
    expect(files.some((f) => /^panel-.*\.js$/.test(f))).toBe(true);
    const { rows, failures } = measure(
      files.map((file) => ({ file, content: readFileSync(join(dir, "assets", file)) })),
      BUDGETS,
    );
    expect(failures).toEqual([]);
    expect(rows.every((r) => r.budget !== null)).toBe(true);
  });
});
