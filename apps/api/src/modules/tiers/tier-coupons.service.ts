import type { ProxyTierCoupon } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import { DEFAULT_CURRENCY, type TierCoupon, tierCouponDiscount } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import type { DiscountRequest } from "../../platform/port";
import { postEntry } from "../ledger/ledger.service";
import { getShopOrThrow } from "../shops/shops.service";
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

/**
 * The job `issue-tier-coupons` (decision 0135): makes the granted tier-up and pre-tier coupons on
 * the platform, then marks each issued and logs it in the member's history ('VIP tier-up coupon',
 * the code as the note). The code is fixed when the reward is granted, so a crash between the two
 * makes the retry ask for the same code again, which the platform refuses as a duplicate: a member
 * never gets two discounts for one reward (the grant then stays `to_issue`, visible to support).
 */
export async function issueGrantedTierCoupons(deps: Deps, shopId: string): Promise<number> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return 0;
  const program = await repo.findProgram(deps.db, shopId);
  const names = new Map(
    ((program?.live as { tiers?: { id: string; name: string }[] } | null)?.tiers ?? []).map((t) => [
      t.id,
      t.name,
    ]),
  );
  let issued = 0;
  for (;;) {
    const due = await repo.couponsToIssue(deps.db, shopId, ISSUE_BATCH);
    for (const g of due) {
      if (!g.coupon || !g.coupon_code) continue;
      const tierName = names.get(g.tier_id) ?? "VIP";
      const now = deps.clock.now();
      const created = await deps.platform.createDiscount(
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
      await deps.db.transaction().execute(async (trx) => {
        const key = { customerId: g.customer_id, tierId: g.tier_id, periodKey: g.period_key, kind: g.kind };
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
    if (due.length < ISSUE_BATCH) return issued;
  }
}

/** A member's issued tier reward coupons, newest first, as the storefront shows them. */
export async function memberTierCoupons(
  deps: Deps,
  shopId: string,
  customerId: string,
): Promise<ProxyTierCoupon[]> {
  const [rows, program] = await Promise.all([
    repo.issuedCoupons(deps.db, shopId, customerId),
    repo.findProgram(deps.db, shopId),
  ]);
  const names = new Map(
    ((program?.live as { tiers?: { id: string; name: string }[] } | null)?.tiers ?? []).map((t) => [
      t.id,
      t.name,
    ]),
  );
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
