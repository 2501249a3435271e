/**
 * One test layout for every workspace (decision 0043): each test file sits where the layout says,
 * and every one of them is run by a Vitest project or Playwright — a test no runner picks up
 * would pass silently forever.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import config from "../vitest.config";

const root = resolve(import.meta.dirname, "..");

/** Every test-like file git knows of (tracked, or new and not ignored). */
function testFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f))
    .filter((f) => !f.includes("/fixtures/"));
}

/** Where tests may sit, and what kind each place holds. */
const layout: { kind: string; pattern: RegExp }[] = [
  { kind: "unit, beside its code", pattern: /^(packages|apps)\/[^/]+\/src\/.+\.test\.tsx?$/ },
  { kind: "api integration (app in-process, database)", pattern: /^apps\/api\/test\/[a-z0-9-]+\.test\.ts$/ },
  {
    kind: "demo store against a stand-in Laurel (its own app, decision 0045)",
    pattern: /^apps\/demo-store\/test\/[a-z0-9-]+\.test\.ts$/,
  },
  { kind: "end-to-end (Playwright)", pattern: /^e2e\/specs\/[a-z0-9-]+\.spec\.ts$/ },
  { kind: "repository checks", pattern: /^scripts\/[a-z0-9-]+\.test\.ts$/ },
  {
    kind: "Shopify UI extension, beside its code (decision 0180)",
    pattern: /^extensions\/[a-z0-9-]+\/(src\/)?[a-z0-9-]+\.test\.tsx?$/,
  },
];

/** Vitest's include globs, as regular expressions (only the `**`, `*` and `{a,b}` forms used). */
function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (glob.startsWith("**/", i)) {
      re += "(?:.*/)?";
      i += 2;
    } else if (c === "*") re += "[^/]*";
    else if (c === "{") re += "(?:";
    else if (c === "}") re += ")";
    else if (c === ",") re += "|";
    else re += c.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

const vitestIncludes = (config.test?.projects ?? []).flatMap((p) =>
  typeof p === "object" && p !== null && "test" in p ? (p.test?.include ?? []) : [],
);

describe("test layout", () => {
  const files = testFiles();

  it("finds the tests", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("every test file sits where the layout says", () => {
    expect(files.filter((f) => !layout.some((l) => l.pattern.test(f)))).toEqual([]);
  });

  it("every Vitest-style test file is run by a Vitest project", () => {
    const patterns = vitestIncludes.map(globToRegExp);
    const vitestFiles = files.filter((f) => /\.test\.tsx?$/.test(f));
    expect(vitestFiles.filter((f) => !patterns.some((p) => p.test(f)))).toEqual([]);
  });

  it("the glob reader understands the patterns it is given", () => {
    expect(globToRegExp("apps/admin/src/**/*.test.{ts,tsx}").test("apps/admin/src/a/b.test.tsx")).toBe(true);
    expect(globToRegExp("apps/admin/src/**/*.test.{ts,tsx}").test("apps/admin/src/b.test.ts")).toBe(true);
    expect(globToRegExp("scripts/**/*.test.ts").test("apps/x.test.ts")).toBe(false);
  });
});
