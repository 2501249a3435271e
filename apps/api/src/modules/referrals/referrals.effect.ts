import type { Tx } from "@laurel/db";
import {
  decideReferralStep,
  type FriendOrderNews,
  grantOf,
  type ReferralStatus,
  referralRewardKey,
  referrerLimitOf,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import * as jobs from "../../jobs/refs";
import { lockCustomer } from "../customers/customers.service";
import { postEntry } from "../ledger/ledger.service";
import { enqueueEmails } from "../mail/mail.service";
import type { OrderEffect } from "../orders/order-effects";
import type { OrderOutcome } from "../orders/order-facts";
import * as repo from "./referrals.repository";
import { capCheckOf, loadReferralSettings, rulesOf } from "./referrals.service";

/**
 * Referral completion (issue 18, decision 0080) at the order pipeline's extension point: the
 * friend's first qualifying paid order completes their pending referral and grants the referrer's
 * reward once (ledger key `referral:<id>:referrer`); a cancel or refund of that order within the
 * window cancels it and takes the points back once (`…:referrer:reversal`, never below zero).
 * Set-based: one query finds the batch's referrals (most batches have none), rows are locked, and
 * the status guards in SQL make a replayed batch change nothing.
 */
export const referralOrderEffect: OrderEffect = {
  name: "referrals",
  async apply(deps, trx, outcomes) {
    const byShop = new Map<string, OrderOutcome[]>();
    for (const o of outcomes) {
      if (!o.order.customer_id) continue;
      const list = byShop.get(o.shop.id) ?? [];
      list.push(o);
      byShop.set(o.shop.id, list);
    }
    for (const [shopId, list] of byShop) {
      await logRewardCodesUsed(trx, shopId, list);
      await applyShop(deps, trx, shopId, list);
    }
  },
};

/**
 * E-11: an order that used a referral discount code is logged on its owner's history as "redeem
 * referral coupon" (the referred friend's code, or the referrer's), once per code whatever the
 * redeliveries (ledger key `referral:<id>:<side>:coupon`). Logs move no points.
 */
async function logRewardCodesUsed(trx: Tx, shopId: string, outcomes: readonly OrderOutcome[]) {
  const orderOfCode = new Map<string, string>();
  for (const o of outcomes) {
    const codes = (o.order.facts as { discountCodes?: unknown }).discountCodes;
    if (!Array.isArray(codes)) continue;
    for (const code of codes)
      if (typeof code === "string") orderOfCode.set(code.toUpperCase(), o.order.order_id);
  }
  if (orderOfCode.size === 0) return;
  const used = await repo.findByRewardCodes(trx, shopId, [...orderOfCode.keys()]);
  for (const r of used) {
    const sides = [
      {
        side: "friend",
        code: r.friend_code,
        customerId: r.friend_id,
        type: "redeem_referral_coupon_referred",
      },
      {
        side: "referrer",
        code: r.referrer_code,
        customerId: r.referrer_id,
        type: "redeem_referral_coupon_referrer",
      },
    ] as const;
    for (const s of sides) {
      const orderId = s.code ? orderOfCode.get(s.code) : undefined;
      if (!orderId || !s.customerId) continue;
      try {
        await postEntry(trx, {
          shopId,
          customerId: s.customerId,
          activityType: s.type,
          idempotencyKey: `referral:${r.id}:${s.side}:coupon`,
          sourceRef: `order:${orderId}`,
          note: s.code,
        });
      } catch (error) {
        // The code told again on another order (an edit, a re-import): the first use stands.
        if (!(error instanceof AppError && error.code === "idempotency_conflict")) throw error;
      }
    }
  }
}

/**
 * The order as the referral sees it after this news: a cancelled or fully refunded order is told
 * as such whatever the webhook was (news arrives in any order: a refund recorded before the
 * payment must not let the payment complete the referral); a partial refund changes nothing.
 */
function newsOf(o: OrderOutcome, orderedBefore: boolean, refunded: number, now: Date): FriendOrderNews {
  const facts = o.order.facts as { tags?: unknown; subtotal?: unknown };
  const tags = Array.isArray(facts.tags) ? facts.tags.filter((t): t is string => typeof t === "string") : [];
  const merchandise = typeof facts.subtotal === "number" ? facts.subtotal : o.order.total_minor;
  const refundedInFull = refunded > 0 && refunded >= Math.min(merchandise, o.order.total_minor);
  let event: FriendOrderNews["event"] = o.event === "refunded" ? "fulfilled" : o.event;
  if (o.order.status === "cancelled") event = "cancelled";
  else if (refundedInFull) event = "refunded";
  return {
    orderId: o.order.order_id,
    event,
    paid: o.order.paid_at !== null,
    tags,
    orderedBefore,
    at: now.toISOString(),
  };
}

async function applyShop(deps: Deps, trx: Tx, shopId: string, outcomes: readonly OrderOutcome[]) {
  const friendIds = [...new Set(outcomes.map((o) => o.order.customer_id as string))];
  const referrals = await repo.lockLiveReferralsOfFriends(trx, shopId, friendIds);
  if (referrals.length === 0) return;
  const shop = outcomes[0]?.shop;
  if (!shop) return;
  const now = deps.clock.now();
  // Completions of one shop are serialised on its settings row: the plan's cap and the referrers'
  // limits are counted, then used, under this lock (several processors on PostgreSQL).
  await repo.lockSettings(trx, shopId);
  const { settings, unlockUnlimited } = await loadReferralSettings(trx, shopId);
  const rules = rulesOf(settings);
  const cap = await capCheckOf(trx, shop, unlockUnlimited, now);
  let completedNow = 0;
  const state = new Map(
    referrals.map((r) => [
      r.friend_id as string,
      {
        row: r,
        status: r.status as ReferralStatus,
        orderId: r.order_id,
        completedAt: r.completed_at?.toISOString() ?? null,
        reward: r.referrer_reward as { kind?: string; points?: number } | null,
      },
    ]),
  );
  const refunded = await repo.refundedByOrder(
    trx,
    shopId,
    outcomes.filter((o) => state.has(o.order.customer_id as string)).map((o) => o.order.order_id),
  );
  const earlier = await repo.customersWithEarlierPaidOrders(
    trx,
    shopId,
    outcomes
      .filter((o) => state.has(o.order.customer_id as string))
      .map((o) => ({
        customerId: o.order.customer_id as string,
        orderId: o.order.order_id,
        orderedAt: o.order.ordered_at,
      })),
  );
  const referrerCompleted = new Map<string, number>();
  for (const o of outcomes) {
    const customerId = o.order.customer_id as string;
    const ref = state.get(customerId);
    if (!ref) continue;
    const referrerId = ref.row.referrer_id;
    if (!referrerCompleted.has(referrerId)) {
      referrerCompleted.set(referrerId, (await repo.countOfReferrer(trx, shopId, referrerId)).completed);
    }
    const done = referrerCompleted.get(referrerId) ?? 0;
    const limit = referrerLimitOf(rules, null);
    const step = decideReferralStep({
      rules,
      referral: { status: ref.status, orderId: ref.orderId, completedAt: ref.completedAt },
      order: newsOf(
        o,
        earlier.has(`${customerId}\n${o.order.order_id}`),
        refunded.get(o.order.order_id) ?? 0,
        now,
      ),
      referrerAtLimit: limit !== null && done >= limit,
      capAllowsAnother: cap.cap === null || cap.used + completedNow < cap.cap,
    });
    if (step.action === "none") continue;
    if (step.action === "complete") {
      const grant = grantOf(settings.referrerReward);
      const reward =
        grant.kind === "points"
          ? { kind: "points", points: grant.points }
          : { kind: "discount", value: grant.value, status: "to_issue" };
      await repo.completeReferral(trx, {
        shopId,
        id: ref.row.id,
        orderId: o.order.order_id,
        at: now,
        referrerReward: reward,
      });
      if (grant.kind === "discount") {
        // Outbox: the code is made by a job once this batch commits (decision 0018).
        const data = { shopId, referralId: ref.row.id };
        await deps.queue.sendInTransaction(trx, jobs.issueReferralReward, data, { singletonKey: ref.row.id });
      } else {
        await postEntry(trx, {
          shopId,
          customerId: referrerId,
          activityType: "earn_referral",
          available: grant.points,
          idempotencyKey: referralRewardKey(ref.row.id, "referrer"),
          sourceRef: `referral:${ref.row.id}`,
          note: "Friend's first order",
        });
      }
      // L-12: the referrer hears that the friend's order completed the referral (once per referral).
      await enqueueEmails(deps, trx, shop, [
        {
          event: "referral_completed",
          customerId: referrerId,
          occasion: `referral:${ref.row.id}`,
          values: grant.kind === "points" ? { points: grant.points } : {},
        },
      ]);
      completedNow++;
      referrerCompleted.set(referrerId, done + 1);
      Object.assign(ref, {
        status: "completed",
        orderId: o.order.order_id,
        completedAt: now.toISOString(),
        reward,
      });
      continue;
    }
    // cancel
    const wasCompleted = ref.status === "completed";
    await repo.cancelReferral(trx, {
      shopId,
      id: ref.row.id,
      reason: step.reason,
      at: now,
      orderId: o.order.order_id,
    });
    if (wasCompleted && ref.reward?.kind === "discount") {
      // The referrer's code goes too (through the platform, after the commit).
      const data = { shopId, referralId: ref.row.id };
      await deps.queue.sendInTransaction(trx, jobs.revokeReferralReward, data, { singletonKey: ref.row.id });
    }
    const pointsGranted = wasCompleted && ref.reward?.kind === "points" ? (ref.reward.points ?? 0) : 0;
    if (wasCompleted && pointsGranted > 0) {
      const referrer = await lockCustomer(trx, shopId, referrerId);
      const take = Math.min(pointsGranted, Math.max(0, referrer.available_points));
      if (take > 0) {
        await postEntry(trx, {
          shopId,
          customerId: referrerId,
          activityType: "remove_referral",
          available: -take,
          idempotencyKey: `${referralRewardKey(ref.row.id, "referrer")}:reversal`,
          sourceRef: `referral:${ref.row.id}`,
          note: step.reason,
        });
      }
    }
    ref.status = "canceled";
  }
}
