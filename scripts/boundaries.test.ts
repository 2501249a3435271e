/**
 * Every boundary rule in .dependency-cruiser.cjs fires (decision 0040): a small fixture tree with
 * the real package.json files and config plants one violation per rule, and the check run by
 * `npm run lint` must report each of them — and stay silent on the allowed edges and on the tree.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const config = require(join(root, ".dependency-cruiser.cjs")) as { forbidden: { name: string }[] };
const depcruiseBin = join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

/** The arguments `npm run lint` gives depcruise, read from package.json so the two cannot drift. */
function lintArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const script = pkg.scripts["lint:boundaries"] ?? "";
  expect(pkg.scripts.lint).toContain("npm run lint:boundaries");
  const args = script.split(/\s+/);
  expect(args[0]).toBe("depcruise");
  return args.slice(1);
}

type Violation = { rule: { name: string }; from: string; to: string };

function depcruise(cwd: string): { status: number | null; violations: Violation[] } {
  const args = lintArgs();
  // The JSON report of the whole tree is several MiB: past spawnSync's default 1 MiB buffer.
  const maxBuffer = 256 * 1024 * 1024;
  const err = spawnSync(process.execPath, [depcruiseBin, ...args], { cwd, encoding: "utf8", maxBuffer });
  const jsonArgs = args.map((a, i) => (args[i - 1] === "--output-type" ? "json" : a));
  const json = spawnSync(process.execPath, [depcruiseBin, ...jsonArgs], { cwd, encoding: "utf8", maxBuffer });
  if (!json.stdout) throw new Error(`depcruise printed nothing: ${json.stderr}`);
  const out = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
  return { status: err.status, violations: out.summary.violations };
}

/** A planted file: where it goes, what it imports, the rule it must trip (or `null`: allowed). */
type Plant = { file: string; source: string; rule: string | null };

const plants: Plant[] = [
  { file: "packages/domain/src/planted-fs.ts", source: `import "node:fs";`, rule: "domain-is-pure" },
  {
    file: "packages/domain/src/planted-fc.ts",
    source: `import fc from "fast-check"; fc;`,
    rule: "domain-is-pure",
  },
  {
    file: "packages/domain/src/planted.test.ts",
    source: `import "node:fs";`,
    rule: "domain-tests-use-test-tools-only",
  },
  { file: "packages/domain/src/allowed.test.ts", source: `import "fast-check"; import "zod";`, rule: null },
  {
    file: "packages/contracts/src/planted.ts",
    source: `import "@laurel/domain";`,
    rule: "lower-packages-stay-low",
  },
  {
    file: "packages/db/src/planted.ts",
    source: `import "@laurel/contracts";`,
    rule: "lower-packages-stay-low",
  },
  {
    file: "apps/admin/src/planted-app.ts",
    source: `import "../../widget/src/loader";`,
    rule: "no-app-imports-another-app",
  },
  {
    file: "apps/api/src/modules/b/b.service.ts",
    source: `import "../../../../demo-store/src/index";`,
    rule: "no-app-imports-another-app",
  },
  { file: "apps/api/src/main.ts", source: `import "../../demo-store/src/index";`, rule: null },
  {
    file: "apps/api/src/app.ts",
    source: `import "../../demo-store/src/index"; import "../../admin/src/planted-app";`,
    rule: "only-the-composition-root-mounts-the-demo-store",
  },
  { file: "apps/admin/src/lib/planted-db.ts", source: `import "@laurel/db";`, rule: "admin-uses-no-db" },
  {
    file: "apps/admin/src/features/a/utils/planted.ts",
    source: `import "@laurel/domain";`,
    rule: "admin-uses-domain-for-previews-only",
  },
  {
    file: "apps/admin/src/features/a/utils/earning-preview.ts",
    source: `import "@laurel/domain";`,
    rule: null,
  },
  {
    file: "apps/widget/src/planted-domain.ts",
    source: `import type { domain } from "@laurel/domain"; export type D = typeof domain;`,
    rule: "widget-uses-contracts-only",
  },
  {
    file: "apps/widget/src/planted-value.ts",
    source: `import { AUTH_HEADER } from "@laurel/contracts"; AUTH_HEADER;`,
    rule: "widget-uses-contract-types-only",
  },
  {
    file: "apps/widget/src/allowed-type.ts",
    source: `import type { Planted } from "@laurel/contracts"; export type T = Planted;`,
    rule: null,
  },
  {
    file: "apps/api/src/modules/a/a.service.ts",
    source: `import "../b/b.repository";`,
    rule: "repository-is-private",
  },
  { file: "apps/api/src/modules/a/a.routes.ts", source: `import "kysely";`, rule: "transport-holds-no-sql" },
  {
    file: "apps/api/src/jobs/planted.job.ts",
    source: `import "../modules/b/b.repository";`,
    rule: "transport-holds-no-sql",
  },
  {
    file: "apps/api/src/webhook-topics/planted.webhook.ts",
    source: `import "kysely";`,
    rule: "transport-holds-no-sql",
  },
  { file: "apps/api/src/modules/b/b.routes.ts", source: `import "./b.service";`, rule: null },
  {
    file: "apps/admin/src/features/a/components/planted.ts",
    source: `import "../../b/index";`,
    rule: "admin-features-are-independent",
  },
  {
    file: "apps/admin/src/components/planted.ts",
    source: `import "../features/b/index";`,
    rule: "admin-imports-run-one-way",
  },
  {
    file: "apps/admin/src/features/b/index.ts",
    source: `import "../../app/routes";`,
    rule: "admin-features-do-not-import-app",
  },
  {
    file: "bench/planted.ts",
    source: `import "../apps/api/src/modules/b/b.service";`,
    rule: "tools-use-public-entry-points",
  },
  { file: "e2e/allowed.ts", source: `import "@laurel/db"; import "../apps/api/src/main";`, rule: null },
  {
    file: "apps/api/src/planted-undeclared.ts",
    source: `import "left-pad";`,
    rule: "no-undeclared-dependency",
  },
  {
    file: "apps/api/src/planted-dev.ts",
    source: `import { it } from "vitest"; it;`,
    rule: "no-dev-dependency-in-production",
  },
  { file: "apps/api/src/planted-missing.ts", source: `import "./nowhere";`, rule: "not-to-unresolvable" },
  {
    file: "packages/db/src/cycle-a.ts",
    source: `import { b } from "./cycle-b"; export const a = () => b;`,
    rule: "no-circular",
  },
  // depcruise reports a cycle once, from the first module in it; a cycle through `import type` is none.
  {
    file: "packages/db/src/types-a.ts",
    source: `import type { B } from "./types-b"; export type A = { b?: B };`,
    rule: null,
  },
  {
    file: "packages/db/src/types-b.ts",
    source: `import type { A } from "./types-a"; export type B = { a?: A };`,
    rule: null,
  },
];

/** Files the plants import, so every import but the unresolvable one resolves. */
const targets: Record<string, string> = {
  "packages/domain/src/index.ts": "export const domain = 1;",
  "packages/contracts/src/index.ts": "export const AUTH_HEADER = 'x'; export type Planted = string;",
  "packages/db/src/index.ts": "export const db = 1;",
  "apps/widget/src/loader.ts": "export {};",
  "apps/demo-store/src/index.ts": "export {};",
  "apps/api/src/modules/b/b.repository.ts": "export {};",
  "apps/admin/src/app/routes.ts": "export {};",
  "scripts/tool.mjs": "export {};",
  "packages/db/src/cycle-b.ts": `import { a } from "./cycle-a"; export const b = () => a;`,
};
const fakeNpmPackages = ["zod", "kysely", "fast-check", "vitest", "left-pad"];
const workspaces = [
  "packages/domain",
  "packages/contracts",
  "packages/db",
  "apps/api",
  "apps/admin",
  "apps/widget",
];

let fixture: string;
let result: ReturnType<typeof depcruise>;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
}

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), "laurel-boundaries-"));
  for (const f of [
    ".dependency-cruiser.cjs",
    "tsconfig.base.json",
    "tsconfig.depcruise.json",
    "package.json",
  ]) {
    cpSync(join(root, f), join(fixture, f));
  }
  for (const w of workspaces) {
    write(`${w}/package.json`, readFileSync(join(root, w, "package.json"), "utf8"));
  }
  for (const name of ["domain", "contracts", "db"]) {
    mkdirSync(join(fixture, "node_modules/@laurel"), { recursive: true });
    symlinkSync(`../../packages/${name}`, join(fixture, "node_modules/@laurel", name));
  }
  for (const name of fakeNpmPackages) {
    write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: "1.0.0", main: "index.js" }));
    write(`node_modules/${name}/index.js`, "module.exports = {};");
  }
  for (const [path, text] of Object.entries(targets)) write(path, text);
  for (const p of plants) write(p.file, p.source);
  result = depcruise(fixture);
}, 60_000);

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe("boundary rules", () => {
  it("every rule in the config has a planted violation", () => {
    const planted = new Set(plants.map((p) => p.rule));
    expect(config.forbidden.map((r) => r.name).filter((name) => !planted.has(name))).toEqual([]);
  });

  it("the lint check fails on the planted tree", () => {
    expect(result.status).not.toBe(0);
  });

  it.each(plants.filter((p) => p.rule !== null))("$rule fires on $file", ({ file, rule }) => {
    const hits = result.violations.filter((v) => v.rule.name === rule && v.from === file);
    expect(hits, JSON.stringify(result.violations.filter((v) => v.from === file))).not.toEqual([]);
  });

  it.each(plants.filter((p) => p.rule === null))("$file is allowed", ({ file }) => {
    expect(result.violations.filter((v) => v.from === file)).toEqual([]);
  });

  it("the real tree passes", () => {
    const real = depcruise(root);
    expect(real.violations).toEqual([]);
    expect(real.status).toBe(0);
  }, 60_000);
});
