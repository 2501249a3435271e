/**
 * Point expiry (H-07, H-08; decision 0016). A customer's available points expire when they have
 * had no point activity for the shop's period: the whole available balance goes at once, at the
 * start of the store day after the last day of the period. Pending points never expire (they are
 * not spendable yet), and an expiry takes at most what is available (decision 0013).
 */
import { z } from "zod";
import { endOfStoreDate, startOfStoreDate, storeDateOf } from "../earning/store-time";
import { parseDurationCode } from "../redemption/expiry";
import { addDuration, type Duration, type Instant, toEpochMs, toIso } from "../redemption/time";
import { type ActivityType, activityTypeList, activityTypes } from "./activity";

const DAY_MS = 86_400_000;

/** H-07, X-31: the codes point expiry accepts; `specific` is a reward expiry only (0016). */
const POINT_EXPIRY_CODE = /^(permanent|custom|[1-9]\d{0,3}[DWMY])$/;

export const POINT_EXPIRY_MESSAGES = {
  code: "Point expiry must be permanent, custom or a number followed by D, W, M or Y.",
  specific: "Points expire after a period without activity; a specific date applies to rewards only.",
  customDuration: "Custom expiry must be a number followed by D, W, M or Y, such as 45D.",
} as const;

/**
 * The shop's point expiry setting: `permanent` (never), a duration code (`14D`, `1M`, `3M`, `6M`,
 * `1Y`, `2Y`, …), or `custom` with `customDuration` holding the code.
 */
export const pointExpirySettingsSchema = z
  .object({
    expiry: z.string(),
    customDuration: z.string().nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.expiry === "specific") {
      ctx.addIssue({ code: "custom", path: ["expiry"], message: POINT_EXPIRY_MESSAGES.specific });
    } else if (!POINT_EXPIRY_CODE.test(s.expiry)) {
      ctx.addIssue({ code: "custom", path: ["expiry"], message: POINT_EXPIRY_MESSAGES.code });
    } else if (s.expiry === "custom" && (s.customDuration === null || !parseDurationCode(s.customDuration))) {
      ctx.addIssue({
        code: "custom",
        path: ["customDuration"],
        message: POINT_EXPIRY_MESSAGES.customDuration,
      });
    }
  });
export type PointExpirySettings = z.infer<typeof pointExpirySettingsSchema>;

export const DEFAULT_POINT_EXPIRY: PointExpirySettings = { expiry: "permanent", customDuration: null };

/** How long points last without activity, or null when they never expire (or the setting is invalid). */
export function pointExpiryPeriod(settings: PointExpirySettings | null | undefined): Duration | null {
  if (!settings || !pointExpirySettingsSchema.safeParse(settings).success) return null;
  if (settings.expiry === "permanent") return null;
  return parseDurationCode(settings.expiry === "custom" ? (settings.customDuration ?? "") : settings.expiry);
}

/**
 * The entries that keep points alive: anything that moved the customer's own points by their doing
 * or the merchant's (earning, spending, an adjustment, a coupon given back) and pending points
 * becoming available (points that could not be spent yet have not aged). Reversals of orders,
 * pending deductions, expiries themselves, tier points and log lines do not.
 */
export const pointActivityTypes: readonly ActivityType[] = activityTypeList.filter((type) => {
  const info = activityTypes[type];
  if (info.category === "remove") return false;
  if (type === "deduct_pending_point" || type === "expire_point") return false;
  return (
    info.balance === "available" || info.balance === "pending" || info.balance === "pending_to_available"
  );
});

export function isPointActivity(type: string): boolean {
  return (pointActivityTypes as readonly string[]).includes(type);
}

/** `YYYY-MM-DD` plus a duration, on the calendar (months clamp: 31 Jan + 1M = 28/29 Feb). */
function addToDate(date: string, duration: Duration): string {
  return toIso(addDuration(Date.parse(`${date}T00:00:00.000Z`), duration)).slice(0, 10);
}

function nextDate(date: string, days = 1): string {
  return toIso(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).slice(0, 10);
}

export interface PointsExpiry {
  /** The last store day the points are still there (the last activity's date plus the period). */
  lastDay: string;
  /** The store date they are gone on; the expiry's idempotency key names it. */
  expiresOn: string;
  /** The first instant without the points: 00:00 store time of `expiresOn`. */
  at: string;
}

/**
 * When points last active at `lastActivityAt` expire: they last the whole store day on which the
 * period ends (as a program's end date does, X-43) and are gone at the next store midnight.
 */
export function pointsExpireAfter(
  lastActivityAt: Instant,
  period: Duration,
  utcOffsetMinutes: number,
): PointsExpiry {
  const activeOn = storeDateOf(toIso(toEpochMs(lastActivityAt)), utcOffsetMinutes);
  const lastDay = addToDate(activeOn, period);
  const expiresOn = nextDate(lastDay);
  return { lastDay, expiresOn, at: toIso(startOfStoreDate(expiresOn, utcOffsetMinutes)) };
}

/**
 * The instant before which a last activity means the points have expired by `now`, so a database
 * can pick the customers concerned: `last < cutoff` ⇔ `pointsExpireAfter(last).at <= now`.
 */
export function inactivityCutoff(now: Instant, period: Duration, utcOffsetMinutes: number): string {
  const today = storeDateOf(toIso(toEpochMs(now)), utcOffsetMinutes);
  const latestLastDay = nextDate(today, -1);
  // The latest activity date whose period has ended by yesterday. Month arithmetic clamps, so
  // several dates may end on the same day: step from a guess to the last of them.
  let activeOn = addToDate(latestLastDay, { value: -period.value, unit: period.unit });
  while (addToDate(activeOn, period) > latestLastDay) activeOn = nextDate(activeOn, -1);
  while (addToDate(nextDate(activeOn), period) <= latestLastDay) activeOn = nextDate(activeOn);
  return toIso(endOfStoreDate(activeOn, utcOffsetMinutes) + 1);
}

/** One idempotency key per customer and expiry day: a job run twice expires once. */
export function pointExpiryKey(customerId: string, expiresOn: string): string {
  return `expire:${customerId}:${expiresOn}`;
}

export interface ExpiryCandidate {
  customerId: string;
  /** Available points now; pending points are not the expiry's business. */
  available: number;
  /** The customer's latest point activity (`pointActivityTypes`). */
  lastActivityAt: Instant;
}

export interface PointExpiryDecision extends PointsExpiry {
  customerId: string;
  /** Everything available: at most what is there, never below zero (0013). */
  points: number;
  key: string;
  note: string;
}

/**
 * H-08: which customers' points expire at `now` (store time from `utcOffsetMinutes`), and how many
 * points each. Nothing expires when the setting is `permanent`, before the period is over, or when
 * nothing is available (a balance a merchant's adjustment took below zero stays as it is).
 */
export function decidePointExpiry(input: {
  settings: PointExpirySettings | null | undefined;
  candidates: readonly ExpiryCandidate[];
  now: Instant;
  utcOffsetMinutes: number;
}): PointExpiryDecision[] {
  const period = pointExpiryPeriod(input.settings);
  if (!period) return [];
  const nowMs = toEpochMs(input.now);
  const label = `${period.value} ${period.unit}${period.value === 1 ? "" : "s"}`;
  return input.candidates.flatMap((c) => {
    if (!(c.available > 0)) return [];
    const expiry = pointsExpireAfter(c.lastActivityAt, period, input.utcOffsetMinutes);
    if (toEpochMs(expiry.at) > nowMs) return [];
    return [
      {
        ...expiry,
        customerId: c.customerId,
        points: c.available,
        key: pointExpiryKey(c.customerId, expiry.expiresOn),
        note: `No point activity for ${label} (last on ${storeDateOf(toIso(toEpochMs(c.lastActivityAt)), input.utcOffsetMinutes)})`,
      },
    ];
  });
}
