/**
 * knip (decision 0041) fires: a copy of the tree with an unused file, an unused export, an unused
 * dependency and an undeclared one planted must fail `npm run lint:unused` naming each; the real
 * tree passes.
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const knipBin = join(root, "node_modules/knip/bin/knip.js");

function knip(cwd: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [knipBin, "--no-progress", "--reporter", "compact"], {
    cwd,
    encoding: "utf8",
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The tracked tree, copied; node_modules links to the real packages, workspaces to the copy. */
function copyTree(to: string): void {
  const files = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.split("\n");
  for (const f of files.filter(Boolean)) {
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(join(root, f), join(to, f));
  }
  mkdirSync(join(to, "node_modules/@laurel"), { recursive: true });
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (entry === "@laurel" || entry === ".bin") continue;
    symlinkSync(join(root, "node_modules", entry), join(to, "node_modules", entry));
  }
  for (const name of ["domain", "contracts", "db"]) {
    symlinkSync(`../../packages/${name}`, join(to, "node_modules/@laurel", name));
  }
}

let fixture: string;
let planted: ReturnType<typeof knip>;

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), "laurel-unused-"));
  copyTree(fixture);
  writeFileSync(join(fixture, "packages/domain/src/planted-orphan.ts"), "export const orphan = 1;\n");
  appendFileSync(
    join(fixture, "packages/domain/src/vocabulary.ts"),
    "\nexport const plantedUnusedExport = 1;\n",
  );
  writeFileSync(
    join(fixture, "apps/api/src/planted-undeclared.ts"),
    'import pc from "picocolors";\nexport default pc;\n',
  );
  appendFileSync(join(fixture, "apps/api/src/main.ts"), '\nimport "./planted-undeclared";\n');
  const pkgPath = join(fixture, "packages/contracts/package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { dependencies: Record<string, string> };
  pkg.dependencies.jose = "^6.0.0";
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
  planted = knip(fixture);
}, 120_000);

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe("knip: unused files, exports and dependencies", () => {
  it("fails on the planted tree", () => {
    expect(planted.status, planted.out).not.toBe(0);
  });

  /** The lines of one section of knip's compact report ("Unused files (1)" and what follows). */
  const section = (title: string) =>
    planted.out.split(/\n(?=[A-Z][a-z ]+ \(\d+\)\n)/).find((s) => s.startsWith(title)) ?? "";

  it.each([
    ["Unused files", "packages/domain/src/planted-orphan.ts"],
    ["Unused exports", "packages/domain/src/vocabulary.ts: plantedUnusedExport"],
    ["Unlisted dependencies", "apps/api/src/planted-undeclared.ts: picocolors"],
    ["Unused dependencies", "packages/contracts/package.json: jose"],
  ])("%s: names %s", (title, entry) => {
    expect(section(title), planted.out).toContain(entry);
  });

  it("the real tree passes", () => {
    const real = knip(root);
    expect(real.out).toBe("");
    expect(real.status).toBe(0);
  }, 120_000);
});
