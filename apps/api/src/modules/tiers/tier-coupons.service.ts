import type {
  ProxyTierCoupon,
  RetryStuckTierCouponsBody,
  RetryStuckTierCouponsResponse,
  StuckTierCouponsQuery,
  StuckTierCouponsResponse,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import { DEFAULT_CURRENCY, type TierCoupon, tierCouponDiscount, utcOffsetMinutes } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { issueTierCoupons } from "../../jobs/refs";
import { createDiscountOnce } from "../../platform/create-discount-once";
import type { DiscountRequest } from "../../platform/port";
import { type Actor, auditWrite } from "../audit/audit.service";
import { postEntry } from "../ledger/ledger.service";
import { getShopOrThrow } from "../shops/shops.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./tiers.repository";

/** Coupons made per job run; a longer backlog enqueues the next run. */
const ISSUE_BATCH = 100;

/** The platform discount of a tier reward's coupon: for this member alone, used once (decision 0135). */
export function tierCouponRequest(
  shop: Pick<ShopRow, "platform_info">,
  code: string,
  title: string,
  coupon: TierCoupon,
  customerPlatformId: string,
  now: Date,
  /** Days valid count from the grant, so the storefront shows the same end as the platform. */
  grantedAt: Date,
): DiscountRequest {
  const d = tierCouponDiscount(coupon, grantedAt.getTime());
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  return {
    code,
    title: `${title} (${code})`,
    value:
      d.kind === "free_shipping"
        ? { kind: "free_shipping", maxShippingPrice: null }
        : d.kind === "percentage"
          ? { kind: "percentage", percentage: d.value, items: { all: true } }
          : { kind: "amount", amount: { amount: d.value, currency }, items: { all: true } },
    minimum: d.minimumSubtotal === null ? null : { subtotal: { amount: d.minimumSubtotal, currency } },
    customerPlatformId,
    usageLimit: 1,
    appliesOncePerCustomer: true,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    purchaseType: "one_time",
    salesChannel: "all",
    startsAt: now,
    endsAt: d.endsAt === null ? null : new Date(d.endsAt),
  };
}

/** The platform's refusal as recorded on the grant (the merchant reads it in the stuck list). */
function refusalOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.trim() || "The platform refused the discount without a reason.").slice(0, 500);
}

/** Some coupons of a run were refused: the run fails so pg-boss retries it (decision 0173). */
export class TierCouponsRefused extends Error {
  constructor(count: number, last: string) {
    super(`${count} tier coupon(s) could not be created on the platform; last error: ${last}`);
  }
}

/**
 * The job `issue-tier-coupons` (decision 0135): makes the granted tier-up and pre-tier coupons on
 * the platform, then marks each issued and logs it in the member's history ('VIP tier-up coupon',
 * the code as the note). The code is fixed when the reward is granted, so a crash between the two
 * makes the retry ask for the same code again: the platform refuses it as taken, and the retry takes
 * the discount it already holds under that code (`createDiscountOnce`). A member never gets two
 * discounts for one reward, and the grant is not left stuck.
 *
 * A refusal does not stop the run (decision 0173): it is recorded on the grant (one more attempt,
 * the error, when) and the run goes on with the next coupon, each met once (keyset order); at the
 * end the run fails if any was refused, so pg-boss retries it with backoff up to the job's limit.
 */
export async function issueGrantedTierCoupons(
  deps: Deps,
  shopId: string,
  codes: readonly string[] | null = null,
): Promise<number> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return 0;
  const names = await liveTierNames(deps, shopId);
  let issued = 0;
  let refused = 0;
  let lastRefusal = "";
  let after: { grantedAt: Date; code: string } | null = null;
  for (;;) {
    const due = await repo.couponsToIssue(deps.db, shopId, ISSUE_BATCH, after, codes);
    for (const g of due) {
      if (!g.coupon || !g.coupon_code) continue;
      const key = { customerId: g.customer_id, tierId: g.tier_id, periodKey: g.period_key, kind: g.kind };
      const tierName = names.get(g.tier_id) ?? "VIP";
      const now = deps.clock.now();
      let created: { platformDiscountId: string };
      try {
        created = await createDiscountOnce(
          deps.platform,
          { domain: shop.shopify_domain, accessToken: shop.access_token },
          tierCouponRequest(
            shop,
            g.coupon_code,
            tierName,
            g.coupon as unknown as TierCoupon,
            g.platform_customer_id,
            now,
            new Date(g.granted_at),
          ),
        );
      } catch (error) {
        lastRefusal = refusalOf(error);
        refused++;
        await repo.recordCouponFailure(deps.db, shopId, key, lastRefusal, now);
        continue;
      }
      await deps.db.transaction().execute(async (trx) => {
        if (!(await repo.markCouponIssued(trx, shopId, key, created.platformDiscountId))) return;
        await postEntry(trx, {
          shopId,
          customerId: g.customer_id,
          activityType: "tier_up_coupon",
          idempotencyKey: `tier-coupon:${g.customer_id}:${g.tier_id}:${g.period_key}:${g.kind}`,
          sourceRef: `tier:${g.tier_id}`,
          note: `${tierName}: ${g.coupon_code}`,
        });
        issued++;
      });
    }
    const last = due.at(-1);
    if (due.length < ISSUE_BATCH || !last) break;
    after = { grantedAt: new Date(last.granted_at), code: last.coupon_code ?? "" };
  }
  if (refused > 0) throw new TierCouponsRefused(refused, lastRefusal);
  return issued;
}

async function liveTierNames(deps: Deps, shopId: string): Promise<Map<string, string>> {
  const program = await repo.findProgram(deps.db, shopId);
  return new Map(
    ((program?.live as { tiers?: { id: string; name: string }[] } | null)?.tiers ?? []).map((t) => [
      t.id,
      t.name,
    ]),
  );
}

/**
 * A coupon still to issue this long after its grant is stuck even if no refusal was recorded: the
 * job makes a coupon within seconds of the grant (outbox), and its five retries with backoff end
 * within about a minute, so 15 minutes means the job is lost or the queue far behind — worth the
 * merchant's eye, without flagging a coupon that is merely waiting its turn.
 */
export const STUCK_COUPON_AFTER_MS = 15 * 60_000;

/** An instant as ISO 8601 at the given UTC offset (`2026-06-15T16:00:00+02:00`). */
function isoAtOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}

/** `GET /apiSa/tiers/stuck-coupons`: the shop's stuck tier coupons, newest grant first. */
export async function listStuckTierCoupons(
  deps: Deps,
  shopId: string,
  q: StuckTierCouponsQuery,
): Promise<StuckTierCouponsResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - STUCK_COUPON_AFTER_MS);
  const [rows, total, names] = await Promise.all([
    repo.listStuckCoupons(deps.db, shopId, staleBefore, {
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    repo.countStuckCoupons(deps.db, shopId, staleBefore, null),
    liveTierNames(deps, shopId),
  ]);
  const tz = storeTimeZoneOf(shop);
  const inStoreTime = (d: Date | string) => {
    const at = new Date(d);
    return isoAtOffset(at, utcOffsetMinutes(tz, at));
  };
  return {
    coupons: rows.map((r) => ({
      id: r.coupon_code ?? "",
      customerId: r.customer_id,
      customerName: [r.first_name, r.last_name].filter(Boolean).join(" ") || null,
      customerEmail: r.email,
      tierId: r.tier_id,
      tierName: names.get(r.tier_id) ?? null,
      kind: r.kind,
      grantedAt: inStoreTime(r.granted_at),
      attempts: r.coupon_attempts,
      lastError: r.coupon_error,
      lastFailedAt: r.coupon_failed_at === null ? null : inStoreTime(r.coupon_failed_at),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - new Date(r.granted_at).getTime()) / 1000)),
    })),
    pageInfo: {
      page: q.page,
      pageSize: q.pageSize,
      total,
      hasNextPage: q.page * q.pageSize < total,
    },
  };
}

/**
 * `POST /apiSa/tiers/stuck-coupons/retry`: queues the chosen (or all) stuck coupons to be made
 * again — one job for the batch, enqueued in the transaction (outbox) — and answers how many. Codes
 * that are not stuck (issued meanwhile, unknown, another shop's) are not counted; with none left
 * nothing is queued, so a second retry after success changes nothing.
 */
export async function retryStuckTierCoupons(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: RetryStuckTierCouponsBody,
): Promise<RetryStuckTierCouponsResponse> {
  const staleBefore = new Date(deps.clock.now().getTime() - STUCK_COUPON_AFTER_MS);
  return deps.db.transaction().execute(async (trx) => {
    if (body.all) {
      const queued = await repo.countStuckCoupons(trx, shopId, staleBefore, null);
      if (queued > 0) {
        await deps.queue.sendInTransaction(trx, issueTierCoupons, { shopId });
        await auditWrite(trx, shopId, actor, "tiers.coupons.retried", { all: true, queued });
      }
      return { queued };
    }
    const codes = await repo.stuckCouponCodes(trx, shopId, staleBefore, [...new Set(body.ids ?? [])]);
    if (codes.length > 0) {
      await deps.queue.sendInTransaction(trx, issueTierCoupons, { shopId, codes });
      await auditWrite(trx, shopId, actor, "tiers.coupons.retried", { ids: codes, queued: codes.length });
    }
    return { queued: codes.length };
  });
}

/** A member's issued tier reward coupons, newest first, as the storefront shows them. */
export async function memberTierCoupons(
  deps: Deps,
  shopId: string,
  customerId: string,
): Promise<ProxyTierCoupon[]> {
  const [rows, names] = await Promise.all([
    repo.issuedCoupons(deps.db, shopId, customerId),
    liveTierNames(deps, shopId),
  ]);
  return rows.flatMap((g) => {
    if (!g.coupon_code || !g.coupon) return [];
    const d = tierCouponDiscount(g.coupon as unknown as TierCoupon, new Date(g.granted_at).getTime());
    return [
      {
        code: g.coupon_code,
        tierName: names.get(g.tier_id) ?? "VIP",
        kind: g.kind,
        discountType: d.kind,
        value: d.value,
        minimumSubtotal: d.minimumSubtotal,
        expiresAt: d.endsAt === null ? null : new Date(d.endsAt).toISOString(),
      },
    ];
  });
}
