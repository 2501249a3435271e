/**
 * Vocabularies more than one rule uses, written once (issue 8, docs/CONTEXT.md). Wire copies in
 * packages/contracts are checked against these by apps/api/test/vocabularies.test.ts.
 */

/** J-02, X-63: a shopper who joined the loyalty program, has not, or left it. */
export const customerStates = ["member", "guest", "left"] as const;
export type CustomerState = (typeof customerStates)[number];

/** Units of a duration (coupon expiry, revoke windows, limit windows). */
export const durationUnits = ["minute", "hour", "day", "week", "month", "year"] as const;
export type DurationUnit = (typeof durationUnits)[number];

/** C-11, X-29, H-13: a limit counts per calendar window of a duration unit, or per lifetime. */
export const limitUnits = [...durationUnits, "lifetime"] as const;
export type LimitUnit = (typeof limitUnits)[number];

/** The currency a shop (or an order) without one is counted in. */
export const DEFAULT_CURRENCY = "USD";
