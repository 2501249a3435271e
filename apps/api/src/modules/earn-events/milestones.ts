import type { ShopRow, Tx } from "@laurel/db";
import {
  type ActivityType,
  activityTypes,
  type EventProgram,
  effectiveProgramStatus,
  eventStop,
  type Milestone,
  type MilestoneProgram,
  type MilestoneType,
  milestoneKey,
  milestonesToGrant,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { lockCustomers } from "../customers/customers.service";
import { type EarnedDiscount, earnCoupon } from "../earned-coupons/earned-coupons.service";
import { earningCustomerOf, earningShopOf } from "../earning/earning-context";
import { type EntryInput, postEntries } from "../ledger/ledger.service";
import type { OrderEffect } from "../orders/order-effects";
import type { OrderOutcome } from "../orders/order-facts";
import { countTransactions } from "../shops/shops.service";
import * as repo from "./earn-events.repository";
import { eventKindAllowed, eventProgramsOfRows } from "./event-programs";

/** Every "earn point" activity (H-03): what `milestone_earned_point` counts. */
const EARN_TYPES = Object.entries(activityTypes)
  .filter(([, info]) => info.category === "earn")
  .map(([type]) => type as ActivityType);

/** The running milestone programs of a shop, from its cached programs (no query). */
function runningMilestones(deps: Deps, shop: ShopRow, programs: readonly EventProgram[]): MilestoneProgram[] {
  const now = deps.clock.now();
  const offset = earningShopOf(shop, now, 0).utcOffsetMinutes;
  return programs.filter(
    (p): p is MilestoneProgram =>
      p.event === "milestone" && effectiveProgramStatus(p, now.toISOString(), offset) === "active",
  );
}

/** customer id → metric, one map per milestone type in play. */
type Metrics = Map<MilestoneType, Map<string, number>>;

/**
 * Grants the milestones reached (F-04, F-08) for these customers and metrics: reads what was granted
 * (one statement), inserts the new grants with their once-only key (one statement), posts the bonus
 * points (one statement) and counts the transactions. Coupon actions are recorded as grants to issue.
 */
async function grant(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  programs: readonly MilestoneProgram[],
  metrics: Metrics,
): Promise<number> {
  const customerIds = [...new Set([...metrics.values()].flatMap((m) => [...m.keys()]))];
  if (customerIds.length === 0 || programs.length === 0) return 0;
  const granted = await repo.grantedMilestones(
    trx,
    shop.id,
    programs.map((p) => p.id),
    customerIds,
  );
  const grantedBy = new Map<string, Set<number>>();
  for (const g of granted) {
    const k = `${g.programId}\n${g.customerId}`;
    const set = grantedBy.get(k) ?? new Set<number>();
    set.add(g.value);
    grantedBy.set(k, set);
  }
  const due: { program: MilestoneProgram; customerId: string; milestone: Milestone }[] = [];
  for (const program of programs) {
    const byCustomer = metrics.get(program.config.typeMilestone);
    if (!byCustomer) continue;
    for (const [customerId, metric] of byCustomer) {
      const had = grantedBy.get(`${program.id}\n${customerId}`) ?? new Set<number>();
      for (const milestone of milestonesToGrant(program.config, metric, had))
        due.push({ program, customerId, milestone });
    }
  }
  if (due.length === 0) return 0;
  // Who may earn (C-32, J-05, X-71): members, not left, test e-mails in sandbox. Rows locked so the
  // balance update below sees no concurrent change.
  const customers = new Map(
    (await lockCustomers(trx, shop.id, [...new Set(due.map((d) => d.customerId))])).map((c) => [c.id, c]),
  );
  const earningShop = earningShopOf(shop, deps.clock.now(), 0);
  const eligible = due.filter((d) => {
    const c = customers.get(d.customerId);
    return c !== undefined && eventStop(earningShop, earningCustomerOf(c), null) === null;
  });
  const now = deps.clock.now();
  const inserted = new Set(
    await repo.insertGrants(
      trx,
      eligible.map((d) => ({
        shop_id: shop.id,
        program_id: d.program.id,
        customer_id: d.customerId,
        value: d.milestone.value,
        action: d.milestone.action,
        points: d.milestone.action === "bonus_point" ? d.milestone.earnPoint : 0,
        reward: JSON.stringify(
          d.milestone.action === "bonus_point"
            ? { kind: "points", points: d.milestone.earnPoint }
            : {
                kind: d.milestone.action,
                value: d.milestone.rewardValue,
                productId: d.milestone.productId,
                status: "to_issue",
              },
        ),
        granted_at: now,
      })),
    ),
  );
  const entries: EntryInput[] = eligible
    .filter(
      (d) =>
        d.milestone.action === "bonus_point" &&
        inserted.has(`${d.program.id}\n${d.customerId}\n${d.milestone.value}`),
    )
    .map((d) => ({
      shopId: shop.id,
      customerId: d.customerId,
      activityType: "earn_milestone",
      available: d.milestone.earnPoint,
      tierPoints: d.milestone.earnPoint,
      idempotencyKey: milestoneKey(d.program.id, d.customerId, d.milestone.value),
      programId: d.program.id,
      sourceRef: `milestone:${d.program.id}`,
      note: `${d.program.title}: ${d.milestone.value}`,
    }));
  const { replayed } = await postEntries(trx, entries);
  // F-03: the coupon actions become coupons, issued through the platform port (decision 0155).
  let coupons = 0;
  for (const d of eligible) {
    const discount = milestoneDiscountOf(d.milestone);
    if (!discount || !inserted.has(`${d.program.id}\n${d.customerId}\n${d.milestone.value}`)) continue;
    const earned = await earnCoupon(deps, trx, shop, {
      customerId: d.customerId,
      programId: d.program.id,
      earnedBy: milestoneKey(d.program.id, d.customerId, d.milestone.value),
      title: d.program.title,
      prefix: MILESTONE_COUPON_PREFIX,
      discount,
      expiresInDays: null,
      minimum: { kind: "none" },
      combinesWith: { order: false, product: false, shipping: discount.kind !== "free_shipping" },
      salesChannel: "all",
      purchaseType: "one_time",
      at: now,
    });
    if (earned) coupons += 1;
  }
  await countTransactions(trx, shop, entries.length - replayed + coupons);
  return entries.length - replayed + coupons;
}

const MILESTONE_COUPON_PREFIX = "MILESTONE";

/** F-03: the coupon of a milestone's action, or null for bonus points. */
function milestoneDiscountOf(m: Milestone): EarnedDiscount | null {
  switch (m.action) {
    case "amount":
      return { kind: "amount", amount: m.rewardValue };
    case "percentage":
      return { kind: "percentage", percentage: m.rewardValue };
    case "free_shipping":
      return { kind: "free_shipping" };
    case "give_product":
      return m.productId ? { kind: "free_gift", productId: m.productId } : null;
    default:
      return null;
  }
}

/** One customer's milestones of one type after an event other than an order (an approved review). */
export async function grantCustomerMilestones(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  programs: readonly EventProgram[],
  customerId: string,
  type: MilestoneType,
): Promise<number> {
  const running = runningMilestones(deps, shop, programs).filter((p) => p.config.typeMilestone === type);
  if (running.length === 0) return 0;
  let metric = 0;
  if (type === "milestone_reviews")
    metric = (await repo.countApprovedReviews(trx, shop.id, [customerId])).get(customerId) ?? 0;
  return grant(deps, trx, shop, running, new Map([[type, new Map([[customerId, metric]])]]));
}

/**
 * Milestones at the order pipeline's extension point (decision 0018, F-02): order count, amount
 * spent, points earned, inactivity (a win-back order after ≥ value days) and referrals (the
 * referrers whose referral an order of the batch completed, after the referral effect). A shop
 * without a running milestone program costs nothing: its programs come from the shop context cache.
 * Set-based: per shop and batch, one statement per metric type in play.
 */
export const milestoneOrderEffect: OrderEffect = {
  name: "milestones",
  async apply(deps, trx, outcomes) {
    const byShop = new Map<string, OrderOutcome[]>();
    for (const o of outcomes) {
      if (!o.order.customer_id) continue;
      const list = byShop.get(o.shop.id) ?? [];
      list.push(o);
      byShop.set(o.shop.id, list);
    }
    for (const [shopId, list] of byShop) {
      const context = await deps.shopContexts.byId(shopId, trx);
      if (!context) continue;
      if (!eventKindAllowed(context.shop, "milestone")) continue;
      const running = runningMilestones(deps, context.shop, eventProgramsOfRows(context.programRows));
      if (running.length === 0) continue;
      await applyShop(deps, trx, context.shop, running, list);
    }
  },
};

async function applyShop(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  programs: MilestoneProgram[],
  outcomes: OrderOutcome[],
) {
  const types = new Set(programs.map((p) => p.config.typeMilestone));
  const customerIds = [...new Set(outcomes.map((o) => o.order.customer_id as string))];
  const orderIds = [...new Set(outcomes.map((o) => o.order.order_id))];
  const metrics: Metrics = new Map();
  if (types.has("milestone_order") || types.has("milestone_amount_spent")) {
    const m = await repo.orderMetrics(trx, shop.id, customerIds);
    if (types.has("milestone_order"))
      metrics.set("milestone_order", new Map([...m].map(([c, v]) => [c, v.orders])));
    if (types.has("milestone_amount_spent"))
      metrics.set("milestone_amount_spent", new Map([...m].map(([c, v]) => [c, v.spent])));
  }
  if (types.has("milestone_earned_point")) {
    metrics.set("milestone_earned_point", await repo.earnedPoints(trx, shop.id, customerIds, EARN_TYPES));
  }
  if (types.has("milestone_reviews")) {
    metrics.set("milestone_reviews", await repo.countApprovedReviews(trx, shop.id, customerIds));
  }
  if (types.has("milestone_inactivity")) {
    const paid = outcomes.filter((o) => o.order.paid_at !== null && o.order.status !== "cancelled");
    const gaps = await repo.daysSincePreviousOrder(
      trx,
      shop.id,
      paid.map((o) => o.order.order_id),
    );
    const byCustomer = new Map<string, number>();
    for (const o of paid) {
      const gap = gaps.get(o.order.order_id) ?? 0;
      const c = o.order.customer_id as string;
      byCustomer.set(c, Math.max(byCustomer.get(c) ?? 0, gap));
    }
    metrics.set("milestone_inactivity", byCustomer);
  }
  if (types.has("milestone_referral")) {
    metrics.set("milestone_referral", await repo.referrersCompletedBy(trx, shop.id, orderIds));
  }
  await grant(deps, trx, shop, programs, metrics);
}
