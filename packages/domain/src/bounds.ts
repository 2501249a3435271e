/**
 * The engine's bounds (decision 0031): what the ledger's 32-bit columns and JavaScript's exact
 * integers hold with room to spare. `@laurel/contracts` repeats them for request schemas (neither
 * package may import the other); a test keeps the two equal.
 */

/** Points one action (an order, a sign-up, a reward's price) may award or cost. */
export const MAX_POINTS_PER_ACTION = 1_000_000;
/** A balance (available, pending, tier points) stays within ± this; the columns hold 2,147,483,647. */
export const MAX_POINTS_BALANCE = 1_000_000_000;
/** Money in minor units: 1,000,000,000.00 of any currency. */
export const MAX_MONEY_MINOR = 100_000_000_000;
/** Counts that are neither points nor money: limits, quantities, item steps, priorities. */
export const MAX_COUNT = 1_000_000;
/** Program titles, as the admin's text fields allow. */
export const MAX_TITLE_LENGTH = 255;

/** "Points must be at most 1,000,000" and friends, with the number grouped for merchants. */
export const atMost = (label: string, max: number) =>
  `${label} must be at most ${max.toLocaleString("en-US")}`;
