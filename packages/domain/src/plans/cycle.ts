import { type Instant, toEpochMs, toIso } from "../redemption/time";

/** B-13 `circleDays`: billing and order-limit cycles last 30 days. */
export const CYCLE_DAYS = 30;
const CYCLE_MS = CYCLE_DAYS * 86_400_000;

export interface CycleWindow {
  /** 0 for the cycle that starts at the anchor. */
  index: number;
  start: string;
  /** Exclusive. */
  end: string;
}

/**
 * the 30-day cycle containing `now`, anchored at `subStartAt` (or `installedAt` on
 * Starter). Counters reset at each cycle start. Before the anchor, the first cycle is returned.
 */
export function cycleWindow(anchor: Instant, now: Instant): CycleWindow {
  const anchorMs = toEpochMs(anchor);
  const index = Math.max(0, Math.floor((toEpochMs(now) - anchorMs) / CYCLE_MS));
  const start = anchorMs + index * CYCLE_MS;
  return { index, start: toIso(start), end: toIso(start + CYCLE_MS) };
}
