import type { ProxyEarnDatesView, ProxyEarnResult } from "@laurel/contracts";
import type { CustomerRow, ProgramRow, ShopRow, Tx } from "@laurel/db";
import {
  type AnniversaryConfig,
  addStoreDays,
  type BirthdayConfig,
  birthdayWindow,
  earnDatesConfigSchemas,
  earnDatesMessages,
  effectiveProgramStatus,
  evaluateAnniversaryReward,
  evaluateBirthdayReward,
  evaluateSocialEarning,
  evaluateStreakVisit,
  evaluateVisitEarning,
  formatBirthdayAs,
  monthsNear,
  type PriorVisit,
  parseBirthdayEntry,
  planAllows,
  planRankOf,
  type SocialConfig,
  type StreakConfig,
  socialActivityType,
  storeDateOf,
  streakStateOf,
  utcOffsetMinutes,
  VISIT_ANTI_CHEAT_MINUTES,
  type VisitConfig,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { markShopChanged } from "../../infra/shop-changes";
import { findCustomerByPlatformId, lockCustomer } from "../customers/customers.service";
import { type EarnedDiscount, earnCoupon, listEarnedCoupons } from "../earned-coupons/earned-coupons.service";
import { earningCustomerOf, earningShopOf } from "../earning/earning-context";
import { entriesDatedAt, postEntry } from "../ledger/ledger.service";
import { enqueueEmails } from "../mail/mail.service";
import { listProgramRows } from "../programs/programs.service";
import { countTransaction, getShopOrThrow } from "../shops/shops.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./earn-dates.repository";

/**
 * Issue 15, part 1: birthday and member anniversary (a daily pass per shop, in the shop's time
 * zone), website visits and streaks, social actions. The domain decides; every award is one ledger
 * entry keyed by its period (`birthday:{customer}:{year}`, `anniversary:{customer}:{year}`,
 * `visit:{customer}:{slot}`, `streak:{customer}:{program}:{date}`, `social:{customer}:{program}`),
 * so any number of runs, restarts and workers award each period once (decision 0095).
 */

export const BIRTHDAY_ACTIVITY = "earn_birthday";
export const ANNIVERSARY_ACTIVITY = "earn_member_anniversary";
export const VISIT_ACTIVITY = "earn_visit_website";
export const STREAK_ACTIVITY = "earn_streak_visit";
const SOCIAL_ACTIVITIES = ["earn_social_follow", "earn_social_share", "earn_join_chat_group"] as const;

/** Members per job: bounded work, then the next batch as its own job. */
export const DATE_REWARD_BATCH = 200;

type Event = keyof typeof earnDatesConfigSchemas;
interface Running<C> {
  row: ProgramRow;
  config: C;
}

/** The shop's running programs of an event (C-09 dates in store time), lowest priority first. */
function running<C>(rows: readonly ProgramRow[], event: Event, now: Date, offset: number): Running<C>[] {
  const out: Running<C>[] = [];
  for (const row of rows) {
    if (row.type !== "earning" || row.event !== event) continue;
    const dates = {
      status: row.status as "active",
      startDate: row.starts_at ? row.starts_at.toISOString().slice(0, 10) : null,
      endDate: row.ends_at ? row.ends_at.toISOString().slice(0, 10) : null,
    };
    if (effectiveProgramStatus(dates, now.toISOString(), offset) !== "active") continue;
    const parsed = earnDatesConfigSchemas[event].safeParse(row.config);
    if (parsed.success) out.push({ row, config: parsed.data as C });
  }
  return out.sort((a, b) => a.row.priority - b.row.priority);
}

interface StoreNow {
  now: Date;
  offset: number;
  today: string;
}
function storeNow(deps: Pick<Deps, "clock">, shop: ShopRow): StoreNow {
  const now = deps.clock.now();
  const offset = utcOffsetMinutes(storeTimeZoneOf(shop), now);
  return { now, offset, today: storeDateOf(now.toISOString(), offset) };
}
const storeDateAt = (shop: ShopRow, at: Date) =>
  storeDateOf(at.toISOString(), utcOffsetMinutes(storeTimeZoneOf(shop), at));

const birthdayAllowed = (shop: ShopRow) =>
  planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), "birthday_reward");

async function post(
  trx: Tx,
  shop: ShopRow,
  customer: CustomerRow,
  e: {
    activity: Parameters<typeof postEntry>[1]["activityType"];
    points: number;
    key: string;
    programId: string;
    note: string;
    at: Date;
  },
): Promise<number> {
  if (e.points <= 0) return 0;
  await entriesDatedAt(trx, e.at);
  const { replayed } = await postEntry(trx, {
    shopId: shop.id,
    customerId: customer.id,
    activityType: e.activity,
    available: e.points,
    tierPoints: e.points,
    idempotencyKey: e.key,
    programId: e.programId,
    note: e.note,
  });
  if (replayed) return 0;
  await countTransaction(trx, shop);
  return e.points;
}

/**
 * G-02, G-26: the birthday and anniversary rewards due to one member today, in the caller's
 * transaction, under the customer's row lock. `claim` is a shopper's manual claim (G-02 manual
 * delivery); the daily pass gives automatic ones only.
 */
async function grantDateRewards(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  programs: readonly ProgramRow[],
  customerId: string,
  options: { claim: boolean },
): Promise<{ points: number; coupons: number }> {
  const t = storeNow(deps, shop);
  const customer = await lockCustomer(trx, shop.id, customerId);
  const earningShop = earningShopOf(shop, t.now, 0);
  let earned = 0;
  let coupons = 0;
  const birthday = birthdayAllowed(shop)
    ? running<BirthdayConfig>(programs, "birthday", t.now, t.offset)[0]
    : undefined;
  if (birthday && birthday.config.delivery === (options.claim ? "manual" : "automatic")) {
    const prior = await repo.listAwards(trx, {
      shopId: shop.id,
      customerId,
      types: [BIRTHDAY_ACTIVITY],
      since: null,
    });
    const tierId =
      birthday.config.tierIds.length > 0 ? await repo.findTierId(trx, shop.id, customerId) : null;
    const decision = evaluateBirthdayReward({
      config: birthday.config,
      birthday:
        customer.birth_month && customer.birth_day
          ? { month: customer.birth_month, day: customer.birth_day }
          : null,
      birthdayUpdatedOn: customer.birthday_updated_at
        ? storeDateAt(shop, customer.birthday_updated_at)
        : null,
      today: t.today,
      customer: { ...earningCustomerOf(customer), vipTierId: tierId },
      shop: earningShop,
      priorAwardDates: prior.map((p) => storeDateAt(shop, p.created_at)),
      claim: options.claim,
    });
    if (decision.kind === "reward") {
      const key = `birthday:${customer.id}:${decision.periodKey}`;
      const discount = birthdayDiscountOf(birthday.config);
      if (discount) {
        // G-01: a discount reward is a coupon, issued through the platform port (decision 0155).
        const c = birthday.config;
        const earnedCoupon = await earnCoupon(deps, trx, shop, {
          customerId: customer.id,
          programId: birthday.row.id,
          earnedBy: key,
          title: birthday.row.title,
          prefix: c.discountPrefix,
          discount,
          expiresInDays: c.discountExpiryDays,
          minimum:
            c.minimumRequirement === "amount"
              ? { kind: "amount", amount: c.minimumValue ?? 0 }
              : c.minimumRequirement === "quantity"
                ? { kind: "quantity", quantity: c.minimumValue ?? 0 }
                : { kind: "none" },
          combinesWith: {
            order: c.combinesWith.orderDiscounts,
            product: c.combinesWith.productDiscounts,
            shipping: c.combinesWith.shippingDiscounts,
          },
          salesChannel: c.saleChannel === "pos" ? "pos" : c.saleChannel === "both" ? "all" : "online_store",
          purchaseType: c.purchaseType,
          at: t.now,
        });
        if (earnedCoupon) {
          coupons += 1;
          await countTransaction(trx, shop);
        }
      } else {
        const points = await post(trx, shop, customer, {
          activity: BIRTHDAY_ACTIVITY,
          points: decision.points,
          key,
          programId: birthday.row.id,
          note: `Birthday ${decision.window.occurrence}: ${decision.points} points`,
          at: t.now,
        });
        if (points > 0) {
          await enqueueEmails(deps, trx, shop, [
            {
              event: "birthday_reward",
              customerId: customer.id,
              occasion: key,
              values: { points },
            },
          ]);
        }
        earned += points;
      }
    }
  }
  const anniversary = options.claim
    ? undefined
    : running<AnniversaryConfig>(programs, "member_anniversary", t.now, t.offset)[0];
  if (anniversary && customer.joined_at) {
    const decision = evaluateAnniversaryReward({
      earnPoint: anniversary.config.earnPoint,
      joinedOn: storeDateAt(shop, customer.joined_at),
      today: t.today,
      customer: earningCustomerOf(customer),
      shop: earningShop,
    });
    if (decision.kind === "reward") {
      earned += await post(trx, shop, customer, {
        activity: ANNIVERSARY_ACTIVITY,
        points: decision.points,
        key: `anniversary:${customer.id}:${decision.periodKey}`,
        programId: anniversary.row.id,
        note: `Member anniversary ${decision.window.occurrence}: ${decision.points} points`,
        at: t.now,
      });
    }
  }
  return { points: earned, coupons };
}

/** G-01: the discount a birthday program gives, or null when it pays points (or nothing). */
function birthdayDiscountOf(c: BirthdayConfig): EarnedDiscount | null {
  if (c.rewardMethod === "discount_percentage") return { kind: "percentage", percentage: c.rewardValue ?? 0 };
  if (c.rewardMethod === "discount_amount") return { kind: "amount", amount: c.rewardValue ?? 0 };
  if (c.rewardMethod === "gift_product" && c.giftProductId)
    return { kind: "free_gift", productId: c.giftProductId };
  if (c.rewardMethod === "buy_x_get_y" && c.bxgyProductId) {
    return {
      kind: "bxgy",
      productId: c.bxgyProductId,
      buyQuantity: c.bxgyBuyQuantity,
      getQuantity: c.bxgyGetQuantity,
    };
  }
  return null;
}

export function listShopsDueForDateRewards(deps: Deps): Promise<string[]> {
  return repo.listShopsWithDatePrograms(deps.db);
}

/**
 * One batch of the daily pass of a shop (G-02, G-26): members after `after` whose birthday or
 * joining month is near today, each in its own transaction. Answers where the next batch starts.
 */
export async function grantShopDateRewards(
  deps: Deps,
  shopId: string,
  after: string | null,
): Promise<{ granted: number; next: { after: string } | null }> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return { granted: 0, next: null };
  const programs = await listProgramRows(deps.db, shopId, "earning");
  const { today } = storeNow(deps, shop);
  const ids = await repo.listDateRewardCandidates(deps.db, {
    shopId,
    months: monthsNear(today),
    after,
    limit: DATE_REWARD_BATCH,
  });
  let granted = 0;
  for (const id of ids) {
    const r = await deps.db
      .transaction()
      .execute((trx) => grantDateRewards(deps, trx, shop, programs, id, { claim: false }));
    granted += r.points;
  }
  const last = ids.at(-1);
  return { granted, next: ids.length === DATE_REWARD_BATCH && last ? { after: last } : null };
}

// ---------------------------------------------------------------------------------------------
// Storefront
// ---------------------------------------------------------------------------------------------

async function shopperOf(deps: Deps, auth: ProxyAuth) {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  const context = await deps.shopContexts.byId(auth.shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const customer = await findCustomerByPlatformId(deps.db, auth.shopId, auth.platformCustomerId);
  if (customer?.type !== "member") throw new AppError("customer_not_member", 403);
  return { shop: context.shop, programs: context.programRows, customer };
}

const invalidBirthday = () =>
  new AppError("birthday_invalid", 400, earnDatesMessages.birthdayInvalid, [
    { field: "birthday", message: earnDatesMessages.birthdayInvalid },
  ]);

/** G-03, G-06, G-07: the shopper sets their birthday, in the shop's date format. */
export async function setShopperBirthday(
  deps: Deps,
  auth: ProxyAuth,
  value: string,
): Promise<ProxyEarnDatesView> {
  const { shop, programs, customer } = await shopperOf(deps, auth);
  const t = storeNow(deps, shop);
  const program = running<BirthdayConfig>(programs, "birthday", t.now, t.offset)[0];
  const entry = parseBirthdayEntry(value, program?.config.dateFormat ?? "MM/DD", t.today);
  if (!entry.ok) throw invalidBirthday();
  await deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, shop.id, customer.id);
    if (customer.birth_month === entry.month && customer.birth_day === entry.day) return;
    await repo.updateBirthday(trx, {
      shopId: shop.id,
      customerId: customer.id,
      month: entry.month,
      day: entry.day,
      at: t.now,
    });
  });
  return getEarnDatesView(deps, auth);
}

/** G-02 manual delivery: the shopper claims the birthday reward inside its window. */
export async function claimShopperBirthday(deps: Deps, auth: ProxyAuth): Promise<ProxyEarnResult> {
  const { shop, programs, customer } = await shopperOf(deps, auth);
  const { points, coupons } = await deps.db
    .transaction()
    .execute((trx) => grantDateRewards(deps, trx, shop, programs, customer.id, { claim: true }));
  const message = points > 0 ? null : coupons > 0 ? earnDatesMessages.couponOnItsWay : "Nothing to claim yet";
  return resultOf(deps, shop.id, customer.id, points, message);
}

async function resultOf(
  deps: Deps,
  shopId: string,
  platformOrId: string,
  points: number,
  message: string | null,
) {
  const row = await deps.db
    .selectFrom("customers")
    .select("available_points")
    .where("shop_id", "=", shopId)
    .where("id", "=", platformOrId)
    .executeTakeFirst();
  return { points, message, availablePoints: row?.available_points ?? 0 };
}

/**
 * G-21, G-22, C-35 and G-17 … G-19: a visit of the signed-in member earns the visit program's
 * points (within its limit and anti-cheat gap) and today's streak day, in one transaction.
 */
export async function recordShopperVisit(deps: Deps, auth: ProxyAuth): Promise<ProxyEarnResult> {
  // The widget reports every signed-in page view; a shopper who is not a member earns nothing (no error).
  const shopper = await shopperOf(deps, auth).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "customer_not_member") return null;
    throw e;
  });
  if (!shopper) return { points: 0, message: null, availablePoints: 0 };
  const { shop, programs, customer } = shopper;
  const t = storeNow(deps, shop);
  const visit = running<VisitConfig>(programs, "interact_website", t.now, t.offset)[0];
  const streak = running<StreakConfig>(programs, "streak_interact_website", t.now, t.offset)[0];
  let message: string | null = null;
  const points = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCustomer(trx, shop.id, customer.id);
    const earningShop = earningShopOf(shop, t.now, 0);
    let earned = 0;
    if (visit) {
      const since = new Date(t.now.getTime() - 400 * 86_400_000);
      const prior: PriorVisit[] = (
        await repo.listAwards(trx, {
          shopId: shop.id,
          customerId: customer.id,
          types: [VISIT_ACTIVITY],
          since,
        })
      ).map((r) => ({
        at: r.created_at.toISOString(),
        points: r.available_delta,
        date: storeDateAt(shop, r.created_at),
      }));
      const d = evaluateVisitEarning({
        config: visit.config,
        now: t.now.toISOString(),
        utcOffsetMinutes: t.offset,
        prior,
        customer: earningCustomerOf(locked),
        shop: earningShop,
      });
      if (d.kind === "reward") {
        earned += await post(trx, shop, locked, {
          activity: VISIT_ACTIVITY,
          points: d.points,
          key: `visit:${customer.id}:${visit.row.id}:${d.periodKey}`,
          programId: visit.row.id,
          note: `Visit website: ${d.points} points`,
          at: t.now,
        });
      }
    }
    if (streak) {
      const dates = await streakDates(trx, shop, customer.id, streak.row.id);
      const d = evaluateStreakVisit({
        config: streak.config,
        endDate: streak.row.ends_at ? streak.row.ends_at.toISOString().slice(0, 10) : null,
        visitDates: dates,
        today: t.today,
        customer: earningCustomerOf(locked),
        shop: earningShop,
      });
      if (d.kind === "reward") {
        earned += await post(trx, shop, locked, {
          activity: STREAK_ACTIVITY,
          points: d.points,
          key: `streak:${customer.id}:${streak.row.id}:${d.periodKey}`,
          programId: streak.row.id,
          note: `Streak day ${d.day} of ${d.length}: ${d.points} points`,
          at: t.now,
        });
      } else if (d.reason === "not_enough_days") {
        message = earnDatesMessages.notEnoughDays;
      }
    }
    return earned;
  });
  return resultOf(deps, shop.id, customer.id, points, message);
}

async function streakDates(conn: Tx | Deps["db"], shop: ShopRow, customerId: string, programId: string) {
  const rows = await repo.listAwards(conn, {
    shopId: shop.id,
    customerId,
    types: [STREAK_ACTIVITY],
    since: null,
  });
  return rows.filter((r) => r.program_id === programId).map((r) => storeDateAt(shop, r.created_at));
}

/**
 * G-24: the shopper opened the program's link and came back. What can't be verified is recorded
 * in decision 0098: the points are given once per shopper and program, on return.
 */
export async function completeSocialAction(
  deps: Deps,
  auth: ProxyAuth,
  programId: string,
): Promise<ProxyEarnResult> {
  const { shop, programs, customer } = await shopperOf(deps, auth);
  const t = storeNow(deps, shop);
  const program = running<SocialConfig>(programs, "social_activity", t.now, t.offset).find(
    (p) => p.row.id === programId,
  );
  if (!program) throw new AppError("not_found", 404, "Program not found.");
  const points = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCustomer(trx, shop.id, customer.id);
    const done = await repo.listAwards(trx, {
      shopId: shop.id,
      customerId: customer.id,
      types: [...SOCIAL_ACTIVITIES],
      since: null,
    });
    const d = evaluateSocialEarning({
      earnPoint: program.config.earnPoint,
      alreadyDone: done.some((r) => r.program_id === programId),
      customer: earningCustomerOf(locked),
      shop: earningShopOf(shop, t.now, 0),
    });
    if (d.kind !== "reward") return 0;
    return post(trx, shop, locked, {
      activity: socialActivityType(program.config.action),
      points: d.points,
      key: `social:${customer.id}:${programId}`,
      programId,
      note: `${program.config.action}: ${d.points} points`,
      at: t.now,
    });
  });
  return resultOf(deps, shop.id, customer.id, points, points > 0 ? null : "Already done");
}

/** `GET /proxy/earn-dates`: each way to earn of this part with the shopper's state. */
export async function getEarnDatesView(deps: Deps, auth: ProxyAuth): Promise<ProxyEarnDatesView> {
  const context = await deps.shopContexts.byId(auth.shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const { shop, programRows } = context;
  const t = storeNow(deps, shop);
  const customer = auth.platformCustomerId
    ? await findCustomerByPlatformId(deps.db, shop.id, auth.platformCustomerId)
    : undefined;
  const member = customer && customer.type === "member" ? customer : undefined;
  const awards = member
    ? await repo.listAwards(deps.db, {
        shopId: shop.id,
        customerId: member.id,
        types: [BIRTHDAY_ACTIVITY, VISIT_ACTIVITY, STREAK_ACTIVITY, ...SOCIAL_ACTIVITIES],
        since: null,
      })
    : [];

  const birthday = birthdayAllowed(shop)
    ? running<BirthdayConfig>(programRows, "birthday", t.now, t.offset)[0]
    : undefined;
  let birthdayView: ProxyEarnDatesView["birthday"] = null;
  if (birthday) {
    const c = birthday.config;
    const b =
      member?.birth_month && member.birth_day ? { month: member.birth_month, day: member.birth_day } : null;
    const year = Number(t.today.slice(0, 4));
    const windows = b ? [year - 1, year, year + 1].map((y) => birthdayWindow(b, y, c)) : [];
    const current = windows.find((w) => t.today >= w.first && t.today <= w.last);
    const next = windows.find((w) => w.first > t.today) ?? null;
    // Done: the latest birthday that has begun was rewarded (also when it was caught up a day late).
    const latest = windows.filter((w) => w.first <= t.today).at(-1);
    const rewardedKey = latest
      ? `birthday:${member?.id}:${c.frequency === "lifetime" ? "lifetime" : latest.year}`
      : null;
    const earnedKeys = member
      ? (await listEarnedCoupons(deps, shop.id, member.id, `birthday:${member.id}:`)).map((r) => r.earned_by)
      : [];
    const done =
      awards.some((a) => a.idempotency_key === rewardedKey) ||
      (rewardedKey !== null && earnedKeys.includes(rewardedKey)) ||
      (c.frequency === "lifetime" && earnedKeys.length > 0) ||
      (c.frequency === "lifetime" && awards.some((a) => a.activity_type === BIRTHDAY_ACTIVITY));
    birthdayView = {
      programId: birthday.row.id,
      title: birthday.row.title,
      points: c.rewardMethod === "point" ? (c.rewardValue ?? 0) : 0,
      rewardMethod: c.rewardMethod,
      rewardValue: c.rewardValue ?? null,
      dateFormat: c.dateFormat,
      inputMethod: c.inputMethod,
      delivery: c.delivery,
      value: b ? formatBirthdayAs(b, c.dateFormat, c.separator) : null,
      state: !member
        ? "locked"
        : done
          ? "done"
          : current && c.delivery === "manual"
            ? "available"
            : b
              ? "next"
              : "available",
      nextOn: current ? current.first : (next?.first ?? null),
    };
  }
  const anniversary = running<AnniversaryConfig>(programRows, "member_anniversary", t.now, t.offset)[0];
  const visit = running<VisitConfig>(programRows, "interact_website", t.now, t.offset)[0];
  let visitView: ProxyEarnDatesView["visit"] = null;
  if (visit) {
    const last = awards.filter((a) => a.activity_type === VISIT_ACTIVITY).at(-1);
    const gap = (visit.config.enabledAntiCheat ? VISIT_ANTI_CHEAT_MINUTES : 1) * 60_000;
    const nextAt =
      last && last.created_at.getTime() + gap > t.now.getTime()
        ? new Date(last.created_at.getTime() + gap)
        : null;
    visitView = {
      programId: visit.row.id,
      title: visit.row.title,
      points: visit.config.earnPoint,
      state: !member ? "locked" : nextAt ? "next" : "available",
      nextAt: nextAt?.toISOString() ?? null,
    };
  }
  const streak = running<StreakConfig>(programRows, "streak_interact_website", t.now, t.offset)[0];
  let streakView: ProxyEarnDatesView["streak"] = null;
  if (streak) {
    const dates = awards
      .filter((a) => a.activity_type === STREAK_ACTIVITY && a.program_id === streak.row.id)
      .map((a) => storeDateAt(shop, a.created_at));
    const state = streakStateOf(streak.config, dates, t.today);
    const end = streak.row.ends_at ? streak.row.ends_at.toISOString().slice(0, 10) : null;
    const cannotStart =
      state.day === 0 && !state.visitedToday && end !== null && addStoreDays(t.today, state.length - 1) > end;
    streakView = {
      programId: streak.row.id,
      title: streak.row.title,
      points: streak.config.earnPoint,
      milestones: streak.config.streakMilestones.map((m) => ({ day: m.day, points: m.earnPoint })),
      day: state.day,
      length: state.length,
      state: !member ? "locked" : state.visitedToday ? "done" : cannotStart ? "locked" : "available",
      message: cannotStart ? earnDatesMessages.notEnoughDays : null,
    };
  }
  const social = running<SocialConfig>(programRows, "social_activity", t.now, t.offset).map((p) => ({
    programId: p.row.id,
    title: p.row.title,
    action: p.config.action,
    url: p.config.url,
    points: p.config.earnPoint,
    state: (!member ? "locked" : awards.some((a) => a.program_id === p.row.id) ? "done" : "available") as
      | "locked"
      | "done"
      | "available",
  }));
  return {
    birthday: birthdayView,
    anniversary: anniversary
      ? {
          programId: anniversary.row.id,
          title: anniversary.row.title,
          points: anniversary.config.earnPoint,
          nextOn: member?.joined_at ? nextAnniversary(storeDateAt(shop, member.joined_at), t.today) : null,
        }
      : null,
    visit: visitView,
    streak: streakView,
    social,
  };
}

function nextAnniversary(joinedOn: string, today: string): string {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const d = `${y}${joinedOn.slice(4)}`;
    if (y > Number(joinedOn.slice(0, 4)) && d >= today) return d;
  }
  return `${year + 1}${joinedOn.slice(4)}`;
}

/**
 * Demo seed: a member's birthday (if none) and a streak under way (the last `streakDays` days up to
 * yesterday), written once: nothing when the member already has streak visits.
 */
export async function seedEarnDatesHistory(
  deps: Deps,
  shopId: string,
  platformCustomerId: string,
  seed: { birthday: { month: number; day: number }; streakDays: number },
): Promise<void> {
  const shop = await getShopOrThrow(deps, shopId);
  const customer = await findCustomerByPlatformId(deps.db, shopId, platformCustomerId);
  if (customer?.type !== "member") return;
  const programs = await listProgramRows(deps.db, shopId, "earning");
  const t = storeNow(deps, shop);
  // The seeded streak may be switched off: its history is written all the same.
  const row = programs.find((p) => p.event === "streak_interact_website");
  const parsed = row ? earnDatesConfigSchemas.streak_interact_website.safeParse(row.config) : null;
  const streak = row && parsed?.success ? { row, config: parsed.data } : undefined;
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCustomer(trx, shopId, customer.id);
    if (locked.birth_month === null) {
      await repo.updateBirthday(trx, {
        shopId,
        customerId: customer.id,
        ...seed.birthday,
        at: new Date(t.now.getTime() - 400 * 86_400_000),
      });
    }
    if (!streak) return;
    if ((await streakDates(trx, shop, customer.id, streak.row.id)).length > 0) return;
    for (let back = seed.streakDays; back >= 1; back--) {
      const at = new Date(t.now.getTime() - back * 86_400_000);
      const day = seed.streakDays - back + 1;
      await post(trx, shop, locked, {
        activity: STREAK_ACTIVITY,
        points:
          streak.config.streakMilestones.find((m) => m.day === day)?.earnPoint ?? streak.config.earnPoint,
        key: `streak:${customer.id}:${streak.row.id}:${storeDateAt(shop, at)}`,
        programId: streak.row.id,
        note: `Streak day ${day}`,
        at,
      });
    }
  });
}

/** e2e only (`TEST_CLOCK`): the demo store's Shopify plan, Basic or Plus (decision 0174). */
export async function setStorePlanForTests(
  deps: Deps,
  shopId: string,
  plan: "basic" | "plus",
): Promise<void> {
  const shop = await deps.db
    .selectFrom("shops")
    .select("platform_info")
    .where("id", "=", shopId)
    .executeTakeFirst();
  if (!shop) return;
  await deps.db
    .updateTable("shops")
    .set({
      shopify_plan: plan === "plus" ? "shopify_plus" : "basic",
      platform_info: JSON.stringify({
        ...shop.platform_info,
        planName: plan === "plus" ? "Shopify Plus" : "Basic",
      }),
    })
    .where("id", "=", shopId)
    .execute();
  markShopChanged(shopId);
}

/** e2e only (`TEST_CLOCK`): put a shop on a plan, so a spec can reach a paid kind and put it back. */
export async function setShopPlanForTests(deps: Deps, shopId: string, plan: string): Promise<void> {
  await deps.db.updateTable("shops").set({ plan }).where("id", "=", shopId).execute();
  markShopChanged(shopId);
}
