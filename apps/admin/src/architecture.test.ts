import { describe, expect, it } from "vitest";

/**
 * DESIGN §3: admin imports run one way — components/lib → features → app. Features never import
 * each other (screens in app/ compose them); components and lib never import features or app;
 * production code never imports test helpers, and the admin never imports server-side packages.
 * (dependency-cruiser checks the same in `npm run lint`; this keeps it in the admin's own tests.)
 */
const sources = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.d.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

type Layer =
  | { kind: "app" }
  | { kind: "feature"; name: string }
  | { kind: "components" }
  | { kind: "lib" }
  | { kind: "test" }
  | { kind: "other" };

function layerOf(path: string): Layer {
  const [, top, second] = path.split("/");
  if (top === "app") return { kind: "app" };
  if (top === "features" && second) return { kind: "feature", name: second };
  if (top === "components") return { kind: "components" };
  if (top === "lib") return { kind: "lib" };
  if (top === "test") return { kind: "test" };
  return { kind: "other" };
}

const SPECIFIER =
  /(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s*["']([^"']+)["']/g;

function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path) || layerOf(path).kind === "test";

/** Every broken rule, as "file → import: rule". */
function violations(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (isTestFile(file)) continue;
    const from = layerOf(file);
    for (const specifier of importsOf(source)) {
      if (/^@laurel\/(db|domain-internal|api)|^apps\//.test(specifier)) {
        found.push(`${file} → ${specifier}: the admin uses contracts (and domain) only`);
        continue;
      }
      const target = resolve(file, specifier);
      if (target === null) continue;
      const to = layerOf(target);
      const broken =
        (to.kind === "test" && "production code imports test helpers") ||
        (from.kind === "feature" &&
          to.kind === "feature" &&
          from.name !== to.name &&
          "features never import each other") ||
        (from.kind === "feature" && to.kind === "app" && "features never import app") ||
        ((from.kind === "components" || from.kind === "lib") &&
          (to.kind === "feature" || to.kind === "app") &&
          "components and lib never import features or app");
      if (broken) found.push(`${file} → ${specifier}: ${broken}`);
    }
  }
  return found;
}

describe("admin import boundaries (DESIGN §3)", () => {
  it("finds the admin's sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain("./app/router.tsx");
  });

  it("holds for every file", () => {
    expect(violations(sources)).toEqual([]);
  });

  it("catches each kind of violation (the check itself can fail)", () => {
    expect(
      violations({
        "./features/auth/hooks/x.ts": 'import { useShops } from "../../shop/api/get-shops";',
        "./features/shop/x.ts": 'export { AppFrame } from "../../app/shell/app-frame";',
        "./components/x.tsx": 'const m = import("../features/dev-zone");',
        "./lib/x.ts": "import '../app/router';",
        "./app/x.ts": 'import { fake } from "../test/fake-api";',
        "./app/y.ts": 'import type { ShopRow } from "@laurel/db";',
        "./app/ok.ts":
          'import { useShops } from "../features/shop";\nimport { api } from "../lib/api/client";',
        "./features/shop/ok.ts": 'import { api } from "../../lib/api/client";\nimport { x } from "./y";',
      }),
    ).toEqual([
      "./features/auth/hooks/x.ts → ../../shop/api/get-shops: features never import each other",
      "./features/shop/x.ts → ../../app/shell/app-frame: features never import app",
      "./components/x.tsx → ../features/dev-zone: components and lib never import features or app",
      "./lib/x.ts → ../app/router: components and lib never import features or app",
      "./app/x.ts → ../test/fake-api: production code imports test helpers",
      "./app/y.ts → @laurel/db: the admin uses contracts (and domain) only",
    ]);
  });
});
