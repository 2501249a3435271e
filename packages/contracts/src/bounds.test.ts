import { describe, expect, it } from "vitest";
import { apiRoutes, type RouteContract } from "./api";
import { isoDate, MAX_COUNT, points, queryCount, text, textProblem } from "./bounds";

/**
 * The boundary policy by construction (decision 0030): every request schema of `apiRoutes` refuses
 * unknown fields and bounds every text and number it accepts, so a new route cannot forget them.
 */
interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; check?: string } };
}

type Finding = { path: string; problem: string };

function walk(schema: unknown, path: string, out: Finding[], seen = new Set<unknown>()): void {
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  const { def } = (schema as ZodInternals)._zod;
  const checks = (def.checks as ZodInternals[] | undefined) ?? [];
  const kinds = new Set(checks.map((c) => String(c._zod.def.check)));
  const next = (s: unknown, p = path) => walk(s, p, out, seen);
  switch (def.type) {
    case "object": {
      const catchall = (def.catchall as ZodInternals | undefined)?._zod.def.type;
      if (catchall !== "never") out.push({ path, problem: "accepts unknown fields" });
      for (const [k, s] of Object.entries(def.shape as Record<string, unknown>)) next(s, `${path}.${k}`);
      return;
    }
    case "string":
      if (!kinds.has("max_length")) out.push({ path, problem: "text without a maximum length" });
      return;
    case "number":
      if (!kinds.has("less_than") || !kinds.has("greater_than")) {
        out.push({ path, problem: "number without both bounds" });
      }
      return;
    case "array":
      next(def.element, `${path}[]`);
      return;
    case "union":
      for (const o of def.options as unknown[]) next(o);
      return;
    case "pipe":
      next(def.in);
      next(def.out);
      return;
    case "record":
      next(def.keyType, `${path}{key}`);
      next(def.valueType, `${path}{}`);
      return;
    default:
      if (def.innerType) next(def.innerType);
  }
}

const requestSchemas = (Object.entries(apiRoutes) as Array<[string, RouteContract]>).flatMap(([key, c]) => [
  ...(c.body ? [[`${key} body`, c.body] as const] : []),
  ...(c.query ? [[`${key} query`, c.query] as const] : []),
]);

describe("every request schema of apiRoutes", () => {
  it("has some to check", () => {
    expect(requestSchemas.length).toBeGreaterThan(15);
  });

  it.each(requestSchemas)("%s refuses unknown fields and bounds every text and number", (name, schema) => {
    const findings: Finding[] = [];
    walk(schema, name, findings);
    // A query string may carry parameters Laurel does not use (Shopify adds its own).
    const relevant = name.endsWith(" query")
      ? findings.filter((f) => f.problem !== "accepts unknown fields")
      : findings;
    expect(relevant).toEqual([]);
  });
});

describe("the builders", () => {
  it("text refuses NUL, lone surrogates and overlong values, keeps emoji", () => {
    const title = text("Title", 5);
    expect(title.safeParse("a\u0000").error?.issues[0]?.message).toBe(
      "Title must not contain the NUL character (\\u0000).",
    );
    expect(title.safeParse("\ud800").success).toBe(false);
    expect(title.safeParse("\udc00a").success).toBe(false);
    expect(title.safeParse("123456").error?.issues[0]?.message).toBe("Title must be 5 characters or fewer.");
    expect(title.safeParse("🎉").success).toBe(true);
    expect(textProblem("fine")).toBeNull();
  });

  it.each([Number.NaN, -1, 0.5, 1e308, 1e22, 2 ** 53 + 2, Number.POSITIVE_INFINITY, 1_000_001])(
    "points refuses %s",
    (n) => {
      expect(points("Points").safeParse(n).success).toBe(false);
    },
  );

  it("queryCount reads decimal digits only and bounds them", () => {
    const page = queryCount("page", 1, MAX_COUNT);
    expect(page.parse("12")).toBe(12);
    for (const v of ["1e+22", "0x10", "-0", "NaN", "1.5", "", "99999999999999999999"]) {
      expect(page.safeParse(v).success, v).toBe(false);
    }
  });

  it.each([
    "2026-02-30T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "1969-12-31T23:59:59Z",
    "+275760-09-13T00:00:00Z",
    "2026-01-01",
    "yesterday",
  ])("isoDate refuses %s", (v) => {
    expect(isoDate("When").safeParse(v).success).toBe(false);
  });

  it("isoDate takes an ISO instant with an offset", () => {
    expect(isoDate().parse("2026-01-31T09:00:00+09:00")).toBe("2026-01-31T09:00:00+09:00");
  });
});
