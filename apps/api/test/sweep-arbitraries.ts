import { placeOrderConfigSchema, signUpConfigSchema, spendingProgramConfigSchema } from "@laurel/domain";
import fc from "fast-check";
import { z } from "zod";

/**
 * Hostile input for the input sweep (issue 17): the values that reached a 500 before, and their
 * neighbours. A JSON body is built as text so it can carry what JSON.stringify cannot (NaN,
 * -0, 1e400, integers beyond 2^53, a `__proto__` key).
 */

/** Raw JSON tokens, spliced into the body text in place of their marker strings. */
const RAW_TOKENS = [
  "NaN",
  "-0",
  "1e308",
  "-1e308",
  "1e400",
  "1e+22",
  "123456789012345678901234567890",
  "-9007199254740993",
  "0.1e-400",
] as const;
const marker = (token: string) => `⟦raw:${token}⟧`;

export const hostileStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "\ud83c\udf89",
  "%00",
  "%E0%A4%A",
  "__proto__",
  "constructor",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "2026-02-30",
  "2026-02-30T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-99-99T99:99:99Z",
  "+275760-09-13T00:00:00Z",
  "NaN",
  "-0",
  "1e308",
  "1e+22",
  "99999999999999999999999",
  "-1",
  "0",
  "12.345",
  "x".repeat(101),
  "x".repeat(256),
  "x".repeat(20_001),
];

/** One 1 MB string: in a body it stays under the 1 MiB limit with its quotes, in a URL it is refused. */
export const MEGABYTE = "m".repeat(1_000_000);

const hostileNumbers = [0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e15, Number.MAX_VALUE];

export const hostileString = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...RAW_TOKENS).map(marker),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double(),
);

/** A value nested `depth` times in arrays and objects: deep nesting is hostile too. */
const deep = fc.integer({ min: 20, max: 40 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }) },
    { weight: 1, arbitrary: deep },
  ),
})).value;

/** The field names a schema knows, through objects, arrays, unions, pipes and wrappers. */
export function keysOf(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, unknown>;
    return [...Object.keys(shape), ...Object.values(shape).flatMap((s) => keysOf(s, seen))];
  }
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
  const inner = [def.innerType, def.in, def.out, def.element, ...((def.options as unknown[]) ?? [])];
  return inner.flatMap((s) => keysOf(s, seen));
}

/** Program settings keys, so program bodies reach the domain's validators with hostile values. */
export const configKeys = [
  ...new Set([
    ...keysOf(placeOrderConfigSchema),
    ...keysOf(signUpConfigSchema),
    ...keysOf(spendingProgramConfigSchema),
  ]),
];

const validEvents = [
  "place_order",
  "sign_up",
  "sign_up_newsletter",
  "amount_discount",
  "percentage_discount",
];

/** An object with some of `keys` set to hostile (or plausible) values, sometimes an unknown key too. */
export function objectOf(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const plausible = fc.oneof(
    fc.constantFrom(...validEvents),
    fc.integer({ min: 1, max: 1000 }),
    fc.boolean(),
  );
  const entry = fc.tuple(
    fc.constantFrom(...(keys.length > 0 ? keys : ["x"])),
    fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 1, arbitrary: plausible }),
  );
  return fc
    .tuple(
      fc.array(entry, { maxLength: 6 }),
      fc.option(fc.dictionary(fc.constantFrom(...configKeys), hostileValue, { maxKeys: 4 })),
      fc.option(fc.constantFrom("titel", "__proto__", "a\u0000")),
    )
    .map(([entries, config, extra]) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of entries)
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (config) o.config = config;
      if (extra)
        Object.defineProperty(o, extra, { value: 1, enumerable: true, writable: true, configurable: true });
      return o;
    });
}

/** A request body as JSON text, raw tokens and all; sometimes not JSON at all. */
export function bodyText(keys: readonly string[]): fc.Arbitrary<string> {
  const structured = fc.oneof(
    { weight: 4, arbitrary: objectOf(keys) },
    { weight: 1, arbitrary: fc.array(objectOf(keys), { maxLength: 3 }) },
    { weight: 2, arbitrary: hostileValue },
  );
  return fc.oneof(
    { weight: 12, arbitrary: structured.map(toJsonText) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "nul", '{"a":1,}', "\u0000", '{"a":"\\ud800"}') },
    // Nesting far past what JSON.stringify (or a recursive walk) survives, as text.
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
    },
  );
}

export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"⟦raw:([^⟧]+)⟧"/g, "$1");
}

/** A plain text value for a query string or path: the raw token markers become their text. */
export const unmark = (v: unknown): string =>
  typeof v === "string" ? v.replace(/^⟦raw:(.*)⟧$/, "$1") : (JSON.stringify(v) ?? "");

/** Percent-encodes as a client would, and lone surrogates as the invalid UTF-8 a hostile one sends. */
export function encodeComponent(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return "%ED%A0%80";
        }
      })
      .join("");
  }
}
