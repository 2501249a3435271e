import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS, type ShopRow } from "@laurel/db";
import type { Clock } from "../infra/clock";
import type { Deps } from "../infra/deps";
import {
  ensureCustomer,
  findCustomerByPlatformId,
  joinProgram,
} from "../modules/customers/customers.service";
import { awardJoiningEvents } from "../modules/earning/account-earning.service";
import { entriesDatedAt, postEntry } from "../modules/ledger/ledger.service";
import { applyOrderNewsAndEffects } from "../modules/orders/orders.service";
import { createProgram, listProgramRows } from "../modules/programs/programs.service";
import { findShopByDomain } from "../modules/shops/shops.service";
import { redeemAsShopper } from "../modules/storefront/storefront.service";
import type { PlatformOrder } from "../platform/order";

/**
 * The demo shop with a past (decision 0046): members with points to spend, orders with their earn
 * entries and a refund, three rewards at different costs, a used and an available coupon, history
 * over the past five months, and twenty more members. Written through Laurel's services (orders,
 * ledger postings with idempotency keys, redemptions), each member's past in one transaction dated
 * as it happened. Idempotent: a restart keeps everything and adds nothing.
 */

const DAY = 86_400_000;
const SEED_ACTOR = { userId: null, impersonatedBy: null };

interface SeedOrder {
  /** The order number (#901 …): the seeded past precedes the store's own numbering (#1001 …). */
  number: number;
  daysAgo: number;
  /** Minor units (USD). */
  total: number;
  refundedDaysAgo?: number;
}

interface SeedMember {
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  joinedDaysAgo: number;
  orders: SeedOrder[];
  bonus?: { points: number; daysAgo: number; note: string };
}

const [AVA, BEN] = DEMO_SHOPPERS;

/** Ava ends at 1,264 points, Ben at 640 (10 points per $100.00, sign-up 100). */
export const DEMO_MEMBER_HISTORY: SeedMember[] = [
  {
    ...AVA,
    joinedDaysAgo: 150,
    orders: [
      { number: 901, daysAgo: 140, total: 18_000 },
      { number: 903, daysAgo: 95, total: 9_600 },
      { number: 906, daysAgo: 40, total: 31_200 },
    ],
    bonus: { points: 1_900, daysAgo: 120, note: "Loyalty launch bonus" },
  },
  {
    ...BEN,
    joinedDaysAgo: 110,
    orders: [
      { number: 902, daysAgo: 100, total: 15_000 },
      { number: 905, daysAgo: 60, total: 42_000, refundedDaysAgo: 55 },
      { number: 909, daysAgo: 20, total: 25_000 },
    ],
    bonus: { points: 500, daysAgo: 90, note: "Apology for a late delivery" },
  },
] as const satisfies SeedMember[];

const FIRST = ["Mia", "Noah", "Ivy", "Leo", "Zara", "Omar", "Ruth", "Kai", "Lena", "Theo"];
const LAST = ["Silva", "Novak", "Ito", "Haddad", "Berg"];

/** Twenty more members, varied and stable: 0–3 orders each, some with a bonus. */
export const DEMO_MORE_MEMBERS: SeedMember[] = Array.from({ length: 20 }, (_, i) => {
  const firstName = FIRST[i % FIRST.length] as string;
  const lastName = LAST[(i * 3) % LAST.length] as string;
  const joinedDaysAgo = 15 + ((i * 37) % 140);
  return {
    customerId: `7301000000000100${String(i + 1).padStart(3, "0")}`,
    email: `${firstName}.${lastName}.${i + 1}@laurel.test`.toLowerCase(),
    firstName,
    lastName,
    joinedDaysAgo,
    orders: Array.from({ length: i % 4 }, (_, k) => ({
      number: 920 + i * 3 + k,
      daysAgo: Math.max(1, joinedDaysAgo - 5 - k * 11),
      total: 2_000 + ((i * 7_919 + k * 10_473) % 30_000),
    })),
    ...(i % 5 === 0
      ? {
          bonus: {
            points: 100 + ((i * 53) % 400),
            daysAgo: Math.max(1, joinedDaysAgo - 2),
            note: "Welcome gift",
          },
        }
      : {}),
  };
});

const orderId = (n: number) => `7302000000000000${String(n).padStart(3, "0")}`;

function platformOrder(m: SeedMember, o: SeedOrder, at: Date, discountCodes: string[] = []): PlatformOrder {
  const id = orderId(o.number);
  return {
    orderId: id,
    name: `#${o.number}`,
    customerPlatformId: m.customerId,
    email: m.email,
    customerTags: [],
    currency: "USD",
    createdAt: at,
    cancelledAt: null,
    financialStatus: "paid",
    source: "web",
    tags: [],
    test: false,
    taxesIncluded: false,
    paymentGateways: ["shopify_payments"],
    discountCodes,
    storeCreditPaid: 0,
    subtotal: o.total,
    total: o.total,
    shipping: 0,
    fees: 0,
    taxes: [],
    lines: [
      {
        lineId: `${id.slice(0, 16)}1${id.slice(-2)}`,
        productId: null,
        variantId: null,
        quantity: 1,
        unitPrice: o.total,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
        requiresShipping: true,
      },
    ],
  };
}

/** The services as they were at `at`: their clock and the ledger entries they write. */
function at(deps: Deps, when: Date): Deps {
  const clock: Clock = { now: () => when };
  return { ...deps, clock };
}

/** One member's past, in one transaction: joined, orders (and a refund), a bonus. */
async function seedMember(deps: Deps, shop: ShopRow, m: SeedMember, now: number): Promise<void> {
  const when = (daysAgo: number) => new Date(now - daysAgo * DAY);
  await deps.db.transaction().execute(async (trx) => {
    const joinedAt = when(m.joinedDaysAgo);
    await entriesDatedAt(trx, joinedAt);
    const customer = await ensureCustomer(deps, trx, shop.id, {
      platformCustomerId: m.customerId,
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
    });
    // A member the merchant removed stays out; one who joined keeps their past.
    if (customer.type === "left") return;
    if (customer.type !== "member") {
      const joined = await joinProgram(trx, shop.id, customer.id, joinedAt);
      await awardJoiningEvents(at(deps, joinedAt), trx, shop, joined);
    }
    const events = [
      ...m.orders.map((o) => ({ daysAgo: o.daysAgo, kind: "order" as const, o })),
      ...m.orders.flatMap((o) =>
        o.refundedDaysAgo === undefined ? [] : [{ daysAgo: o.refundedDaysAgo, kind: "refund" as const, o }],
      ),
      ...(m.bonus ? [{ daysAgo: m.bonus.daysAgo, kind: "bonus" as const, o: null }] : []),
    ].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const e of events) {
      const date = when(e.daysAgo);
      await entriesDatedAt(trx, date);
      const then = at(deps, date);
      if (e.kind === "order") {
        await applyOrderNewsAndEffects(then, trx, shop, [
          { kind: "order", event: "paid", order: platformOrder(m, e.o, when(e.o.daysAgo)) },
        ]);
      } else if (e.kind === "refund") {
        const id = orderId(e.o.number);
        const refund = {
          refundId: `7303000000000000${String(e.o.number).padStart(3, "0")}`,
          orderId: id,
          lineAmount: e.o.total,
          lines: [{ lineId: `${id.slice(0, 16)}1${id.slice(-2)}`, quantity: 1, amount: e.o.total }],
        };
        await applyOrderNewsAndEffects(then, trx, shop, [{ kind: "refund", refund }]);
      } else if (m.bonus) {
        await postEntry(trx, {
          shopId: shop.id,
          customerId: customer.id,
          activityType: "adjust_point",
          available: m.bonus.points,
          idempotencyKey: `seed:bonus:${m.customerId}`,
          note: m.bonus.note,
          actor: "demo seed",
        });
      }
    }
  });
}

/**
 * The rewards beside the default "$5 off coupon" (500): $3 off for 300 and $10 off for 1,000. The
 * demo shop is on the Starter plan, where percentage and free-shipping rewards are locked (D-01).
 */
const REWARDS = [
  {
    title: "$3 off coupon",
    event: "amount_discount",
    status: "active",
    config: { pointsCost: 300, rewardValue: 300 },
  },
  {
    title: "$10 off coupon",
    event: "amount_discount",
    status: "active",
    config: { pointsCost: 1_000, rewardValue: 1_000 },
  },
];

async function seedRewards(deps: Deps, shop: ShopRow): Promise<void> {
  const existing = await listProgramRows(deps.db, shop.id, "spending");
  for (const body of REWARDS) {
    if (existing.some((p) => p.title === body.title)) continue;
    await createProgram(deps, shop, SEED_ACTOR, "spending", body);
  }
}

/**
 * Ava redeems $3 off and $5 off, and uses the $3 off on an order today: a used and an
 * available coupon. Redemptions are retried with the same request ids, so a restart makes none.
 */
async function seedAvaCoupons(deps: Deps, shop: ShopRow, now: number): Promise<void> {
  const ava = DEMO_MEMBER_HISTORY[0] as SeedMember;
  const auth = { shopId: shop.id, shopDomain: shop.shopify_domain, platformCustomerId: ava.customerId };
  const programs = await listProgramRows(deps.db, shop.id, "spending");
  const programOf = (title: string) => programs.find((p) => p.title === title)?.id ?? "";
  const used = await redeemAsShopper(deps, auth, {
    programId: programOf("$3 off coupon"),
    requestId: "demo-seed-ava-3-off",
  });
  await redeemAsShopper(deps, auth, {
    programId: programOf("$5 off coupon"),
    requestId: "demo-seed-ava-5-off",
  });
  const today = new Date(now - 2 * 3_600_000);
  await deps.db.transaction().execute(async (trx) => {
    await entriesDatedAt(trx, today);
    const order = { number: 912, daysAgo: 0, total: 6_400 };
    await applyOrderNewsAndEffects(at(deps, today), trx, shop, [
      { kind: "order", event: "paid", order: platformOrder(ava, order, today, [used.coupon.code]) },
    ]);
  });
}

/**
 * Seeds the demo shop's past. A start that finds the last member skips it all (one read); every
 * step is idempotent anyway (`force` runs them, as after an interrupted first start).
 */
export async function seedDemoMembers(
  deps: Deps,
  options: { force?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return { seeded: false };
  const last = DEMO_MORE_MEMBERS[DEMO_MORE_MEMBERS.length - 1] as SeedMember;
  if (!options.force && (await findCustomerByPlatformId(deps.db, shop.id, last.customerId)))
    return { seeded: false };
  const now = deps.clock.now().getTime();
  await seedRewards(deps, shop);
  for (const m of DEMO_MEMBER_HISTORY) await seedMember(deps, shop, m, now);
  await seedAvaCoupons(deps, shop, now);
  for (const m of DEMO_MORE_MEMBERS) await seedMember(deps, shop, m, now);
  return { seeded: true };
}
