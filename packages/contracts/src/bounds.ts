import { z } from "zod";

/**
 * The bounds every request field is held to (decision 0030, README "Bounds"): what the domain and
 * the database can hold. The domain keeps the same numbers (`@laurel/domain` bounds); a test keeps
 * the two equal, since neither package may import the other.
 */

/** Points one action (an order, a sign-up, a manual adjustment) may award or take. */
export const MAX_POINTS_PER_ACTION = 1_000_000;
/** A customer's balance (available, pending, tier) stays within ± this (the columns are 32-bit). */
export const MAX_POINTS_BALANCE = 1_000_000_000;
/** Money in minor units: 1,000,000,000.00 of any currency. */
export const MAX_MONEY_MINOR = 100_000_000_000;
/** Counts (limits, quantities, page numbers) that are not money or points. */
export const MAX_COUNT = 1_000_000;

/** Maximum lengths of text fields, in UTF-16 code units. */
export const TEXT_LIMITS = {
  id: 100,
  title: 255,
  description: 2_000,
  note: 500,
  search: 200,
  languageCode: 10,
  css: 20_000,
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored (PostgreSQL refuses both in text and jsonb), or null. */
export function textProblem(value: string): string | null {
  if (value.includes("\u0000")) return "must not contain the NUL character (\\u0000)";
  if (LONE_SURROGATE.test(value)) return "contains an invalid character (a lone UTF-16 surrogate)";
  return null;
}

/**
 * A text field: storable characters, at most `max` long. `label` starts the messages; `missing` is
 * the message when it is absent or not a string (the spec's words where it has them).
 */
export function text(label: string, max: number, missing = `${label} must be text.`) {
  return z
    .string({ error: missing })
    .max(max, `${label} must be ${max} characters or fewer.`)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `${label} ${problem}.` });
    });
}

/** A whole number of points from `min` to `max` (default: one action's maximum). */
export function points(label: string, min = 1, max = MAX_POINTS_PER_ACTION) {
  return z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);
}

/** A count from `min` to `max`; query strings send it as text, so it is coerced strictly. */
export function queryCount(label: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be ${min} or more`)
      .max(max, `${label} must be ${max} or less`),
  );
}

/**
 * An instant as ISO 8601 with an offset (`2026-01-31T09:00:00Z`), strictly: the calendar date must
 * exist and the year be 1970 … 9999, so nothing downstream meets 'Invalid time value'.
 */
export function isoDate(label = "Date") {
  return z
    .string({ error: `${label} must be an ISO 8601 date and time.` })
    .max(40, `${label} must be an ISO 8601 date and time.`)
    .datetime({
      offset: true,
      message: `${label} must be an ISO 8601 date and time, such as 2026-01-31T09:00:00Z.`,
    })
    .refine((s) => {
      const t = Date.parse(s);
      return Number.isFinite(t) && t >= 0 && Number(s.slice(0, 4)) >= 1970;
    }, `${label} must be between 1970 and 9999.`);
}
