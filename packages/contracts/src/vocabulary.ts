/**
 * The wire copies of the domain's vocabularies (packages/domain/src/vocabulary.ts and the program
 * and plan lists). contracts may not import the domain (DESIGN §3), so these are copies, and
 * apps/api/test/vocabularies.test.ts fails the moment one drifts from the domain's.
 */

/** J-02, X-63: member, guest or left — the customer's `type` on the wire. */
export const customerStates = ["member", "guest", "left"] as const;

/** Units of a duration (coupon revoke time limit). */
export const durationUnits = ["minute", "hour", "day", "week", "month", "year"] as const;

/** A limit's calendar window: a duration unit, or the customer's whole lifetime. */
export const limitUnits = [...durationUnits, "lifetime"] as const;

/** H-09: pending points are held for a number of days or months. */
export const holdingUnits = ["day", "month"] as const;
