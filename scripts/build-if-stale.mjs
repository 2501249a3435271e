#!/usr/bin/env node
// Builds a browser bundle (admin or widget) only when its inputs changed since the last build, so a
// restart of `npm start` is quick. Inputs: the workspace's files outside dist/, the shared
// contracts, and the lockfile. The hash is kept in dist/.build-hash.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const workspace = process.argv[2];
if (!workspace) {
  console.error("usage: build-if-stale.mjs <workspace dir>");
  process.exit(2);
}

function* files(dir) {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === "dist" || entry === "node_modules" || entry.startsWith(".")) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const hash = createHash("sha256");
for (const root of [workspace, "packages/contracts/src"]) {
  for (const file of files(root)) hash.update(file).update(readFileSync(file));
}
if (existsSync("package-lock.json")) hash.update(readFileSync("package-lock.json"));
const digest = hash.digest("hex");
const stamp = join(workspace, "dist", ".build-hash");

if (existsSync(stamp) && readFileSync(stamp, "utf8") === digest) {
  console.log(`${workspace}: up to date`);
  process.exit(0);
}
const r = spawnSync("npx", ["vite", "build"], { cwd: workspace, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(stamp, digest);
