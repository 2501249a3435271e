import type { ShopRow, Tx } from "@laurel/db";
import {
  decidePointExpiry,
  type ExpiryReminderSettings,
  inactivityCutoff,
  planAllows,
  planRankOf,
  pointActivityTypes,
  pointExpiryPeriod,
  utcOffsetMinutes,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { lockCustomer } from "../customers/customers.service";
import { postEntry } from "../ledger/ledger.service";
import { enqueueEmails } from "../mail/mail.service";
import { getShopOrThrow, listShopsWithPointExpiry, recordPointsExpiredUntil } from "../shops/shops.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./point-expiry.repository";

/**
 * H-08 (decision 0016): points of customers without point activity for the shop's period expire,
 * batch by batch. The domain decides who and how many; this applies it through the ledger, one
 * customer per transaction, keyed `expire:{customer}:{expiry date}` so any number of runs expire once.
 */
export const EXPIRE_ACTIVITY = "expire_point";

/**
 * Takes up to `points` of the customer's available points as expired: at most what is available,
 * never below zero, pending points untouched (decision 0013). Answers the points taken (0: nothing
 * written). The same key again changes nothing.
 */
export async function postPointExpiry(
  trx: Tx,
  e: { shopId: string; customerId: string; key: string; points: number; note: string | null },
): Promise<number> {
  const customer = await lockCustomer(trx, e.shopId, e.customerId);
  const take = Math.min(e.points, Math.max(0, customer.available_points));
  if (take <= 0) return 0;
  const { entry } = await postEntry(trx, {
    shopId: e.shopId,
    customerId: e.customerId,
    activityType: EXPIRE_ACTIVITY,
    available: -take,
    idempotencyKey: e.key,
    note: e.note,
  });
  return -entry.available_delta;
}

/**
 * The instant before which a last activity means expired points, for the shop now; null when its
 * points do not expire, or its plan no longer includes point expiration (R-04: paused, like its
 * gated programs, C-10).
 */
function expiryCutoffOf(shop: ShopRow, now: Date): Date | null {
  if (shop.uninstalled_at) return null;
  const period = pointExpiryPeriod(shop.settings.pointExpiry);
  if (!period) return null;
  if (!planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), "point_expiration")) {
    return null;
  }
  const offset = utcOffsetMinutes(storeTimeZoneOf(shop), now);
  return new Date(inactivityCutoff(now.toISOString(), period, offset));
}

/**
 * Shops with points to look at now: expiry on, and a cutoff past the one their last complete pass
 * ran with. The cutoff only moves at the store's midnight, so a shop is scanned about once a day
 * however often the sweep runs, and again after a pass that did not finish.
 */
export async function listShopsDueForPointExpiry(deps: Deps): Promise<string[]> {
  const now = deps.clock.now();
  return (await listShopsWithPointExpiry(deps)).flatMap((shop) => {
    const cutoff = expiryCutoffOf(shop, now);
    if (!cutoff) return [];
    const done = shop.points_expired_until;
    return done && done.getTime() >= cutoff.getTime() ? [] : [shop.id];
  });
}

export interface ExpiryBatch {
  /** The customer id to continue after. */
  after?: string | null | undefined;
  /** The cutoff the pass started with (ISO); a pass keeps it, so one that crosses midnight stays whole. */
  cutoff?: string | null | undefined;
  limit?: number;
}

/**
 * One batch of one shop: customers (by id after `after`) whose points have expired by now. Answers
 * what expired and where the next batch starts (null when the shop is done; the pass's cutoff is
 * then recorded).
 */
export async function expireShopPoints(
  deps: Deps,
  shopId: string,
  batch: ExpiryBatch = {},
): Promise<{ customers: number; points: number; next: { after: string; cutoff: string } | null }> {
  const shop = await getShopOrThrow(deps, shopId);
  const now = deps.clock.now();
  const current = expiryCutoffOf(shop, now);
  if (!current) return { customers: 0, points: 0, next: null };
  const cutoff = batch.cutoff ? new Date(batch.cutoff) : current;
  const limit = batch.limit ?? 500;
  const offset = utcOffsetMinutes(storeTimeZoneOf(shop), now);
  const candidates = await repo.listExpiryCandidates(deps.db, {
    shopId,
    activityTypes: pointActivityTypes,
    cutoff,
    after: batch.after ?? null,
    limit,
  });

  let customers = 0;
  let points = 0;
  for (const candidate of candidates) {
    const taken = await deps.db.transaction().execute(async (trx) => {
      // Decided again under the customer's lock: they may have earned or spent since the list.
      const locked = await lockCustomer(trx, shopId, candidate.id);
      const last = await repo.findLastPointActivityAt(trx, shopId, candidate.id, pointActivityTypes);
      const [decision] = decidePointExpiry({
        settings: shop.settings.pointExpiry,
        candidates: [
          {
            customerId: candidate.id,
            available: locked.available_points,
            lastActivityAt: (last ?? locked.created_at).toISOString(),
          },
        ],
        now: now.toISOString(),
        utcOffsetMinutes: offset,
      });
      if (!decision) return 0;
      const taken = await postPointExpiry(trx, { shopId, ...decision });
      const values = { points: taken };
      const email = {
        event: "points_expired" as const,
        customerId: candidate.id,
        occasion: decision.key,
        values,
      };
      if (taken > 0) await enqueueEmails(deps, trx, shop, [email]);
      return taken;
    });
    if (taken > 0) {
      customers += 1;
      points += taken;
    }
  }
  const last = candidates.at(-1);
  if (candidates.length === limit && last) {
    return { customers, points, next: { after: last.id, cutoff: cutoff.toISOString() } };
  }
  await recordPointsExpiredUntil(deps, shopId, cutoff);
  return { customers, points, next: null };
}

const DAY_MS = 86_400_000;

/**
 * L-05 (issue 11): e-mails the customers whose points expire exactly `firstDays` and `lastDays`
 * from today (the store's days): those whose latest point activity falls in the one day that makes
 * their points expire then. Keyed by customer, expiry day and reminder, so the hourly sweep (or any
 * rerun) e-mails each once; a customer who becomes active again gets reminders for the new date.
 * Answers how many e-mails were queued.
 */
export async function remindOfExpiringPoints(
  deps: Deps,
  shopId: string,
  reminders: ExpiryReminderSettings,
  limit = 500,
): Promise<number> {
  const shop = await getShopOrThrow(deps, shopId);
  const now = deps.clock.now();
  const period = pointExpiryPeriod(shop.settings.pointExpiry);
  if (!period || !expiryCutoffOf(shop, now)) return 0;
  const offset = utcOffsetMinutes(storeTimeZoneOf(shop), now);
  const cutoffIn = (days: number) =>
    new Date(inactivityCutoff(new Date(now.getTime() + days * DAY_MS).toISOString(), period, offset));
  let queued = 0;
  for (const days of new Set([reminders.firstDays, reminders.lastDays])) {
    const [notBefore, cutoff] = [cutoffIn(days - 1), cutoffIn(days)];
    let after: string | null = null;
    for (;;) {
      const batch = await repo.listExpiryCandidates(deps.db, {
        shopId,
        activityTypes: pointActivityTypes,
        cutoff,
        notBefore,
        after,
        limit,
      });
      if (batch.length > 0) {
        const occasion = `expiry:${cutoff.toISOString()}:${days}`;
        queued += await deps.db.transaction().execute((trx) =>
          enqueueEmails(
            deps,
            trx,
            shop,
            batch.map((c) => ({
              event: "points_expiring" as const,
              customerId: c.id,
              occasion,
              values: { points: c.available_points, days },
            })),
          ),
        );
      }
      if (batch.length < limit) break;
      after = batch.at(-1)?.id ?? null;
    }
  }
  return queued;
}
