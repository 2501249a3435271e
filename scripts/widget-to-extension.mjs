#!/usr/bin/env node
// Copies the widget's build (loader.js and its content-hashed panel files) into the theme app
// extension's assets (issue 12, decision 0087), where Shopify serves them from its CDN beside each
// other, so the loader finds its panel exactly as it does under /widget/. Same files, same budgets.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "apps/widget/dist");
const assets = process.argv[2] ?? join(root, "extensions/laurel-theme/assets");
const built = (name) =>
  name === "loader.js" || name === "blocks.js" || /^(panel|account|earn-dates)-[\w-]+\.(js|css)$/.test(name);

if (!existsSync(join(dist, "loader.js"))) {
  console.error("apps/widget/dist/loader.js is missing: run `npm run build` first.");
  process.exit(1);
}
mkdirSync(assets, { recursive: true });
for (const name of readdirSync(assets)) if (built(name)) rmSync(join(assets, name));
const copied = readdirSync(dist).filter(built);
for (const name of copied) copyFileSync(join(dist, name), join(assets, name));
console.log(`copied ${copied.join(", ")} into ${assets}`);
