/**
 * Earning by date and by action (issue 15, part 1): when a birthday (G-02, G-04, G-06) or a member
 * anniversary (G-26) is due, what a website visit (G-21, G-22, C-35) or a streak day (G-17…G-19)
 * earns, and a social action (G-24). Pure: the store-local date, the shopper's prior awards and the
 * shop's state are parameters. Exactly once per period comes from the period key each decision
 * names: the ledger's idempotency key is built from it, unique per shop (decision 0095).
 */
import type { BirthdayConfig, BirthdayDateFormat, StreakConfig, VisitConfig } from "../programs/earn-dates";
import {
  BIRTHDAY_NOTICE_DAYS,
  earnDatesMessages,
  streakLength,
  VISIT_ANTI_CHEAT_MINUTES,
} from "../programs/earn-dates";
import { findShopStop, isCustomerEligible } from "./eligibility";
import { limitWindowKey } from "./store-time";
import type { EarningCustomer, EarningShop, IsoInstant } from "./types";

/** A store-local calendar date `YYYY-MM-DD`. */
export type StoreDate = string;

const DAY_MS = 86_400_000;
const dayNo = (d: StoreDate) => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
const dateOfDayNo = (n: number): StoreDate => new Date(n * DAY_MS).toISOString().slice(0, 10);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number) => String(n).padStart(2, "0");

/** The day a birthday (or anniversary) falls on in a year: 29 February is 28 February in other years. */
export function occurrenceIn(year: number, month: number, day: number): StoreDate {
  const d = month === 2 && day === 29 && !isLeap(year) ? 28 : day;
  return `${year}-${pad(month)}-${pad(d)}`;
}

/** Days after its window a missed automatic reward is still given (a worker down for a day). */
export const DATE_REWARD_CATCH_UP_DAYS = 2;

export interface DateWindow {
  /** The year of the occurrence: the period of a yearly reward. */
  year: number;
  first: StoreDate;
  last: StoreDate;
  occurrence: StoreDate;
}

/** G-02: the window of the birthday in `year` for a timing. */
export function birthdayWindow(
  birthday: { month: number; day: number },
  year: number,
  timing: Pick<BirthdayConfig, "timing" | "daysBefore" | "daysAfter">,
): DateWindow {
  const occurrence = occurrenceIn(year, birthday.month, birthday.day);
  if (timing.timing === "calendar_month") {
    const lastDay = new Date(Date.UTC(year, birthday.month, 0)).getUTCDate();
    return {
      year,
      occurrence,
      first: `${year}-${pad(birthday.month)}-01`,
      last: `${year}-${pad(birthday.month)}-${pad(lastDay)}`,
    };
  }
  if (timing.timing === "around") {
    const n = dayNo(occurrence);
    return {
      year,
      occurrence,
      first: dateOfDayNo(n - timing.daysBefore),
      last: dateOfDayNo(n + timing.daysAfter),
    };
  }
  return { year, occurrence, first: occurrence, last: occurrence };
}

export type DateRewardDecision =
  | { kind: "reward"; points: number; periodKey: string; window: DateWindow }
  | {
      kind: "skip";
      reason:
        | "not_due"
        | "no_birthday"
        | "too_recent"
        | "not_eligible"
        | "sandbox"
        | "transaction_limit_reached"
        | "order_limit_reached"
        | "not_in_tier"
        | "limit_reached";
    };

export interface BirthdayDueInput {
  config: BirthdayConfig;
  birthday: { month: number; day: number } | null;
  /** G-06: when the shopper last set the birthday (store date); null when never by them (imported). */
  birthdayUpdatedOn: StoreDate | null;
  today: StoreDate;
  customer: EarningCustomer;
  shop: EarningShop;
  /** Store dates of this shopper's earlier birthday rewards (for C-11's limit). */
  priorAwardDates?: readonly StoreDate[];
  /** A manual claim (delivery `manual`) asks inside the window only; the job asks with catch-up. */
  claim?: boolean;
}

function shopGate(shop: EarningShop, customer: EarningCustomer): DateRewardDecision | null {
  const stop = findShopStop(shop, customer.email, { countsAsOrder: false });
  if (stop !== null) return { kind: "skip", reason: stop };
  if (!isCustomerEligible(shop, customer) || customer.state !== "member")
    return { kind: "skip", reason: "not_eligible" };
  return null;
}

/**
 * G-02, G-04, G-06: whether a birthday reward is due `today`, and its period key: `YYYY` for a
 * yearly reward (the year of the birthday whose window holds today), `lifetime` otherwise. The
 * window is looked for around today's year, so a window across New Year belongs to one birthday.
 */
export function evaluateBirthdayReward(input: BirthdayDueInput): DateRewardDecision {
  const { config, birthday, today } = input;
  if (birthday === null) return { kind: "skip", reason: "no_birthday" };
  const gate = shopGate(input.shop, input.customer);
  if (gate) return gate;
  if (config.tierIds.length > 0 && !config.tierIds.includes(input.customer.vipTierId ?? "")) {
    return { kind: "skip", reason: "not_in_tier" };
  }
  const t = dayNo(today);
  const catchUp = input.claim || config.delivery === "manual" ? 0 : DATE_REWARD_CATCH_UP_DAYS;
  const year = Number(today.slice(0, 4));
  const window = [year - 1, year, year + 1]
    .map((y) => birthdayWindow(birthday, y, config))
    .find((w) => t >= dayNo(w.first) && t <= dayNo(w.last) + catchUp);
  if (!window) return { kind: "skip", reason: "not_due" };
  if (
    input.birthdayUpdatedOn !== null &&
    dayNo(window.occurrence) - dayNo(input.birthdayUpdatedOn) < BIRTHDAY_NOTICE_DAYS
  ) {
    return { kind: "skip", reason: "too_recent" };
  }
  if (config.hasLimit) {
    const at = `${today}T12:00:00.000Z`;
    const w = limitWindowKey(config.limitUnit, at, 0);
    const used = (input.priorAwardDates ?? []).filter(
      (d) => limitWindowKey(config.limitUnit, `${d}T12:00:00.000Z`, 0) === w,
    );
    if (used.length >= config.limitInterval) return { kind: "skip", reason: "limit_reached" };
  }
  const points = config.rewardMethod === "point" ? (config.rewardValue ?? 0) : 0;
  const periodKey = config.frequency === "lifetime" ? "lifetime" : String(window.year);
  return { kind: "reward", points, periodKey, window };
}

export interface AnniversaryDueInput {
  earnPoint: number;
  /** The store date the shopper became a member. */
  joinedOn: StoreDate | null;
  today: StoreDate;
  customer: EarningCustomer;
  shop: EarningShop;
}

/** G-26: yearly on the membership date (from the first anniversary), period key `YYYY`. */
export function evaluateAnniversaryReward(input: AnniversaryDueInput): DateRewardDecision {
  if (input.joinedOn === null) return { kind: "skip", reason: "not_eligible" };
  const gate = shopGate(input.shop, input.customer);
  if (gate) return gate;
  const joinYear = Number(input.joinedOn.slice(0, 4));
  const month = Number(input.joinedOn.slice(5, 7));
  const day = Number(input.joinedOn.slice(8, 10));
  const t = dayNo(input.today);
  const year = Number(input.today.slice(0, 4));
  for (const y of [year - 1, year]) {
    if (y <= joinYear) continue;
    const occurrence = occurrenceIn(y, month, day);
    if (t >= dayNo(occurrence) && t <= dayNo(occurrence) + DATE_REWARD_CATCH_UP_DAYS) {
      return {
        kind: "reward",
        points: input.earnPoint,
        periodKey: String(y),
        window: { year: y, occurrence, first: occurrence, last: occurrence },
      };
    }
  }
  return { kind: "skip", reason: "not_due" };
}

/** The months a daily pass must look at for `today` (windows reach at most 31 days either side). */
export function monthsNear(today: StoreDate): number[] {
  const t = dayNo(today);
  const months = new Set<number>();
  for (let d = -32; d <= 32; d += 8) months.add(Number(dateOfDayNo(t + d).slice(5, 7)));
  months.add(Number(dateOfDayNo(t + 32).slice(5, 7)));
  months.add(Number(dateOfDayNo(t - 32).slice(5, 7)));
  return [...months].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Birthday entry (G-03, G-07)
// ---------------------------------------------------------------------------------------------

const FORMAT_ORDER: Record<BirthdayDateFormat, ("M" | "D" | "Y")[]> = {
  "MM/DD/YYYY": ["M", "D", "Y"],
  "DD/MM/YYYY": ["D", "M", "Y"],
  "YYYY/MM/DD": ["Y", "M", "D"],
  "MM/DD": ["M", "D"],
  "DD/MM": ["D", "M"],
  "YYYY-MM-DD": ["Y", "M", "D"],
};

/**
 * G-07: a stored birthday (month and day, no year) as the shop shows it: day first for the
 * day-first formats, month first otherwise, with the shop's separator.
 */
export function formatBirthdayAs(
  b: { month: number; day: number },
  format: BirthdayDateFormat,
  separator: string,
): string {
  const mm = String(b.month).padStart(2, "0");
  const dd = String(b.day).padStart(2, "0");
  return FORMAT_ORDER[format].indexOf("D") < FORMAT_ORDER[format].indexOf("M")
    ? `${dd}${separator}${mm}`
    : `${mm}${separator}${dd}`;
}

export type BirthdayEntry =
  | { ok: true; month: number; day: number; year: number | null }
  | { ok: false; message: string };

/**
 * G-03, G-07: a birthday as the shopper typed it in the shop's format. Any of `/ - . space` is
 * accepted as the separator (normalised to the shop's). A year, where the format has one, must not
 * be in the future. 'Birthday is invalid' otherwise.
 */
export function parseBirthdayEntry(
  value: string,
  format: BirthdayDateFormat,
  today: StoreDate,
): BirthdayEntry {
  const invalid = { ok: false as const, message: earnDatesMessages.birthdayInvalid };
  const parts = value.trim().split(/[/.\-\s]+/);
  const order = FORMAT_ORDER[format];
  // The calendar input always sends ISO `YYYY-MM-DD`, whatever the display format.
  const iso = /^\d{4}-\d{1,2}-\d{1,2}$/.test(value.trim());
  const used = iso ? FORMAT_ORDER["YYYY-MM-DD"] : order;
  if (parts.length !== used.length || parts.some((p) => !/^\d{1,4}$/.test(p))) return invalid;
  const get = (k: "M" | "D" | "Y") => {
    const i = used.indexOf(k);
    return i < 0 ? null : Number(parts[i]);
  };
  const month = get("M") ?? 0;
  const day = get("D") ?? 0;
  const year = get("Y");
  if (year !== null && (year < 1900 || `${year}` > today.slice(0, 4))) return invalid;
  if (month < 1 || month > 12 || day < 1) return invalid;
  const max = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
  if (day > max) return invalid;
  if (year !== null && occurrenceIn(year, month, day) > today) return invalid;
  return { ok: true, month, day, year };
}

// ---------------------------------------------------------------------------------------------
// Visit website (G-21, G-22, C-35) and streak (G-17 … G-19)
// ---------------------------------------------------------------------------------------------

export interface PriorVisit {
  at: IsoInstant;
  points: number;
  /** Its store date. */
  date: StoreDate;
}

export type VisitDecision =
  | { kind: "reward"; points: number; periodKey: string }
  | {
      kind: "skip";
      reason:
        | "too_soon"
        | "limit_reached"
        | "not_eligible"
        | "sandbox"
        | "transaction_limit_reached"
        | "order_limit_reached";
    };

/**
 * A visit earns `earnPoint`; with anti-cheat on, rewarded visits are at least an hour apart
 * (decision 0097); with the points limit on, the points of the limit's window (store time) stay
 * within `earnPointsLimit` (G-22: 100 a day). The period key names the hour (or minute) slot.
 */
export function evaluateVisitEarning(input: {
  config: VisitConfig;
  now: IsoInstant;
  utcOffsetMinutes: number;
  prior: readonly PriorVisit[];
  customer: EarningCustomer;
  shop: EarningShop;
}): VisitDecision {
  const gate = shopGate(input.shop, input.customer);
  if (gate) return gate as VisitDecision;
  const { config, now } = input;
  const t = Date.parse(now);
  const last = input.prior.reduce((m, p) => Math.max(m, Date.parse(p.at)), Number.NEGATIVE_INFINITY);
  const gapMinutes = config.enabledAntiCheat ? VISIT_ANTI_CHEAT_MINUTES : 1;
  if (t - last < gapMinutes * 60_000) return { kind: "skip", reason: "too_soon" };
  let points = config.earnPoint;
  if (config.enableEarnPointsLimit) {
    const w = limitWindowKey(config.limitUnit, now, input.utcOffsetMinutes);
    const used = input.prior
      .filter((p) => limitWindowKey(config.limitUnit, p.at, input.utcOffsetMinutes) === w)
      .reduce((s, p) => s + p.points, 0);
    const cap = config.earnPointsLimit * config.limitInterval;
    points = Math.min(points, cap - used);
    if (points <= 0) return { kind: "skip", reason: "limit_reached" };
  }
  const slot = Math.floor(t / (gapMinutes * 60_000));
  return { kind: "reward", points, periodKey: String(slot) };
}

export type StreakDecision =
  | { kind: "reward"; points: number; day: number; length: number; milestone: boolean; periodKey: StoreDate }
  | {
      kind: "skip";
      reason:
        | "already_today"
        | "not_enough_days"
        | "not_eligible"
        | "sandbox"
        | "transaction_limit_reached"
        | "order_limit_reached";
      message?: string;
    };

export interface StreakState {
  /** Day of the current streak already done (0 when none runs). */
  day: number;
  length: number;
  visitedToday: boolean;
}

/** The consecutive store days ending at `end` (inclusive) among `dates`. */
function runEndingAt(dates: ReadonlySet<StoreDate>, end: number): number {
  let n = 0;
  while (dates.has(dateOfDayNo(end - n))) n++;
  return n;
}

/** G-19: where the shopper stands in the streak today. A missed day starts over; a finished streak too. */
export function streakStateOf(
  config: StreakConfig,
  visitDates: readonly StoreDate[],
  today: StoreDate,
): StreakState {
  const dates = new Set(visitDates);
  const length = streakLength(config);
  const t = dayNo(today);
  const visitedToday = dates.has(today);
  const run = runEndingAt(dates, visitedToday ? t : t - 1);
  const day = run === 0 ? 0 : ((run - 1) % length) + 1;
  return { day: day === length && !visitedToday ? 0 : day, length, visitedToday };
}

/**
 * G-17 … G-19: one streak visit a store day. Day n earns the milestone's points when day n is a
 * milestone, `earnPoint` otherwise. A new streak starts only when it can finish by the program's
 * end date: 'Not enough days to restart streak'.
 */
export function evaluateStreakVisit(input: {
  config: StreakConfig;
  endDate: StoreDate | null;
  visitDates: readonly StoreDate[];
  today: StoreDate;
  customer: EarningCustomer;
  shop: EarningShop;
}): StreakDecision {
  const gate = shopGate(input.shop, input.customer);
  if (gate) return gate as StreakDecision;
  const state = streakStateOf(input.config, input.visitDates, input.today);
  if (state.visitedToday) return { kind: "skip", reason: "already_today" };
  const day = state.day + 1;
  if (day === 1 && input.endDate !== null && dayNo(input.endDate) - dayNo(input.today) + 1 < state.length) {
    return { kind: "skip", reason: "not_enough_days", message: earnDatesMessages.notEnoughDays };
  }
  const milestone = input.config.streakMilestones.find((m) => m.day === day);
  return {
    kind: "reward",
    points: milestone ? milestone.earnPoint : input.config.earnPoint,
    day,
    length: state.length,
    milestone: Boolean(milestone),
    periodKey: input.today,
  };
}

/** G-24: a social action earns once per shopper and program; the key is the program's. */
export function evaluateSocialEarning(input: {
  earnPoint: number;
  alreadyDone: boolean;
  customer: EarningCustomer;
  shop: EarningShop;
}): { kind: "reward"; points: number } | { kind: "skip"; reason: string } {
  const gate = shopGate(input.shop, input.customer);
  if (gate) return gate.kind === "skip" ? { kind: "skip", reason: gate.reason } : gate;
  if (input.alreadyDone) return { kind: "skip", reason: "already_done" };
  return { kind: "reward", points: input.earnPoint };
}

/** The store date `n` days after `date`. */
export const addStoreDays = (date: StoreDate, n: number): StoreDate => dateOfDayNo(dayNo(date) + n);

/** Store dates of instants, for the callers of these rules. */
export { storeDateOf } from "./store-time";
