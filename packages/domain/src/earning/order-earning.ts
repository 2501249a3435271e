/**
 * Place-order earning (C-11 … C-24, C-32, C-35, X-28 … ): given an order
 * as the platform reported it (shop money, minor units), the shop's place-order programs and the
 * customer's recent awards, decide what the order earns. Pure: "now" and the store's UTC offset
 * are inputs; the caller posts the ledger entries.
 */
import type { LimitUnit, RoundingMethod } from "../programs/common";

export type OrderSource = "web" | "pos" | "draft_order" | "subscription_contract";
export type CustomerState = "member" | "guest" | "left";

export interface EarningOrderLine {
  productId: string | null;
  variantId: string | null;
  collectionIds?: string[];
  quantity: number;
  /** Minor units, before the line's discounts. */
  unitPrice: number;
  /** Minor units of discount allocated to the whole line. */
  discount: number;
  isGiftCard: boolean;
  isFreeGift: boolean;
}

export interface EarningOrder {
  orderId: string;
  source: OrderSource;
  tags: string[];
  currency: string;
  cancelled: boolean;
  lines: EarningOrderLine[];
  shipping: number;
  fees: number;
  taxes: { title: string; amount: number }[];
  /** Part of the payment made with store credit (H-15), minor units. */
  storeCreditPaid: number;
  total: number;
}

export interface EarningCustomer {
  id: string;
  state: CustomerState;
  email: string | null;
  tags: string[];
  isB2B: boolean;
  vipTierId: string | null;
}

/** C-22, X-30 vocabularies as stored in a place-order program's settings. */
export type ApplyTo = "all_members" | "members_and_guests" | "vip_tier_only" | "b2b_partners";
export type SaleChannel = "online_store" | "online_store_and_pos" | "pos_only" | "all" | "draft_orders";
export type EarnBy = "price" | "order" | "item" | "fixed_order";
export type Matcher =
  | "contains"
  | "not_contains"
  | "equal"
  | "not_equal"
  | "start"
  | "end"
  | "includes"
  | "not_includes"
  | "greater_than"
  | "greater_than_or_equal_to"
  | "less_than"
  | "less_than_or_equal_to"
  | "empty"
  | "not_empty";

export interface EarningCondition {
  criteria: "product" | "order" | "customer" | "collection";
  /** order: total | subtotal | item_count | tag | source; customer: tag | email; product: id; collection: id. */
  field: string;
  matcher: Matcher;
  value: string;
}

export interface PlaceOrderConfig {
  earnBy: EarnBy;
  earnPoint: number;
  /** Money step in minor units (price, fixed_order). */
  rateMoney?: number;
  /** Item step (item). */
  rateItem?: number;
  rounding?: RoundingMethod;
  /** Points per full step only, no proportional part (C-14 "keep the original earning step"). */
  keepOriginalStep?: boolean;
  applyTo?: ApplyTo;
  vipTierIds?: string[];
  appliedPlaceOrderTo?: SaleChannel;
  hasLimit?: boolean;
  limitUnit?: LimitUnit;
  limitInterval?: number;
  enabledAntiCheat?: boolean;
  earnZeroPriceItems?: boolean;
  earnPointTax?: boolean;
  earnPointShippingFee?: boolean;
  earnPointFees?: boolean;
  excludedTaxTypes?: string[];
  excludeOrderTags?: string[];
  includeProducts?: { productIds?: string[]; collectionIds?: string[] } | null;
  excludeProducts?: { productIds?: string[]; collectionIds?: string[] } | null;
  excludeStoreCredit?: boolean;
  statusUseCondition?: boolean;
  typeCondition?: "all" | "any";
  conditions?: EarningCondition[];
  stopProcessing?: boolean;
}

export interface PlaceOrderProgram {
  id: string;
  status: string;
  priority: number;
  /** Store-local `YYYY-MM-DD` (C-09). */
  startDate: string | null;
  endDate: string | null;
  config: PlaceOrderConfig;
}

export interface EarningShop {
  /** Store's UTC offset at the order's time, minutes (C-09, X-29). */
  utcOffsetMinutes: number;
  /** C-22 shop-wide eligibility. */
  eligibility: "all" | "only_dtc" | "manual_only";
  sandbox: { enabled: boolean; testEmails: string[] };
  /** B-29 / X-08: orders processed this cycle and the plan's limit (null = unlimited). */
  ordersThisCycle: number;
  orderLimit: number | null;
  /** B-30 / X-09. */
  transactionsLimited: boolean;
  transactionCount: number;
  transactionLimit: number | null;
}

export interface PriorAward {
  programId: string;
  /** ISO instant. */
  at: string;
}

export interface OrderEarningInput {
  order: EarningOrder;
  customer: EarningCustomer;
  programs: PlaceOrderProgram[];
  shop: EarningShop;
  /** This customer's earlier place-order awards (for limits and anti-cheat). */
  priorAwards: PriorAward[];
  /** ISO instant of the earning event. */
  now: string;
}

export interface EarnAward {
  programId: string;
  points: number;
  /** The money base the points were computed on (minor units), kept for pro-rata reversal. */
  earnableAmount: number;
}

export type LogReason =
  | "order_cancelled"
  | "customer_left"
  | "not_eligible"
  | "sandbox"
  | "order_limit_reached"
  | "transaction_limit_reached"
  | "no_matching_program"
  | "nothing_to_earn";

export type OrderEarningDecision =
  | { kind: "reward"; awards: EarnAward[]; points: number; earnableAmount: number }
  | { kind: "log_only"; reason: LogReason };

/** Anti-cheat (C-35, decision 0011): at most this many rewarded orders per customer per 24 h. */
export const ANTI_CHEAT_MAX_ORDERS_PER_DAY = 10;

export function evaluateOrderEarning(input: OrderEarningInput): OrderEarningDecision {
  const { order, customer, shop } = input;
  if (order.cancelled) return { kind: "log_only", reason: "order_cancelled" };
  if (customer.state === "left") return { kind: "log_only", reason: "customer_left" };
  if (shop.sandbox.enabled && !isTestEmail(customer.email, shop.sandbox.testEmails)) {
    return { kind: "log_only", reason: "sandbox" };
  }
  // over-limit orders are logged, not rewarded (an upgrade may reprocess them).
  if (shop.orderLimit !== null && shop.ordersThisCycle >= shop.orderLimit) {
    return { kind: "log_only", reason: "order_limit_reached" };
  }
  if (
    shop.transactionsLimited &&
    shop.transactionLimit !== null &&
    shop.transactionCount >= shop.transactionLimit
  ) {
    return { kind: "log_only", reason: "transaction_limit_reached" };
  }
  if (!shopAllows(shop, customer)) return { kind: "log_only", reason: "not_eligible" };

  const candidates = input.programs
    .filter((p) => isRunning(p, input.now, shop.utcOffsetMinutes))
    .sort((a, b) => a.priority - b.priority);
  if (candidates.length === 0) return { kind: "log_only", reason: "no_matching_program" };

  const awards: EarnAward[] = [];
  let matched = false;
  for (const program of candidates) {
    const c = program.config;
    if (!programAppliesTo(c, customer)) continue;
    if (!channelAllows(c.appliedPlaceOrderTo ?? "all", order.source)) continue;
    if (hasExcludedTag(order.tags, c.excludeOrderTags)) continue;
    if (c.statusUseCondition && !conditionsMatch(c, order, customer)) continue;
    matched = true;
    if (!withinLimit(program, input.priorAwards, input.now, shop.utcOffsetMinutes)) {
      if (c.stopProcessing) break;
      continue;
    }
    if ((c.enabledAntiCheat ?? true) && tooManyRecentOrders(input.priorAwards, input.now)) {
      if (c.stopProcessing) break;
      continue;
    }
    const award = computeProgramAward(program, order, c.enabledAntiCheat ?? true);
    if (award.points > 0) awards.push(award);
    // with stopProcessing the first matching rule ends evaluation; otherwise they add up.
    if (c.stopProcessing) break;
  }
  if (!matched) return { kind: "log_only", reason: "no_matching_program" };
  if (awards.length === 0) return { kind: "log_only", reason: "nothing_to_earn" };
  const points = awards.reduce((sum, a) => sum + a.points, 0);
  const earnableAmount = Math.max(...awards.map((a) => a.earnableAmount));
  return { kind: "reward", awards, points, earnableAmount };
}

function isTestEmail(email: string | null, testEmails: string[]): boolean {
  if (!email) return false;
  const e = email.trim().toLowerCase();
  return testEmails.some((t) => t.trim().toLowerCase() === e);
}

/** C-22 shop-wide: manual-only shuts guests out; only-DTC shuts B2B customers out. */
function shopAllows(shop: EarningShop, customer: EarningCustomer): boolean {
  if (shop.eligibility === "manual_only" && customer.state === "guest") return false;
  if (shop.eligibility === "only_dtc" && customer.isB2B) return false;
  return true;
}

function programAppliesTo(c: PlaceOrderConfig, customer: EarningCustomer): boolean {
  switch (c.applyTo ?? "all_members") {
    case "members_and_guests":
      return true;
    case "all_members":
      return customer.state === "member";
    case "vip_tier_only":
      return (
        customer.state === "member" &&
        customer.vipTierId !== null &&
        (c.vipTierIds ?? []).includes(customer.vipTierId)
      );
    case "b2b_partners":
      return customer.state === "member" && customer.isB2B;
  }
}

/** each sale-channel option is a set of order sources. */
export const SALE_CHANNEL_SOURCES: Record<SaleChannel, readonly OrderSource[]> = {
  online_store: ["web", "subscription_contract"],
  online_store_and_pos: ["web", "pos", "subscription_contract"],
  pos_only: ["pos"],
  all: ["web", "pos", "draft_order", "subscription_contract"],
  draft_orders: ["draft_order"],
};

function channelAllows(channel: SaleChannel, source: OrderSource): boolean {
  return SALE_CHANNEL_SOURCES[channel].includes(source);
}

function hasExcludedTag(tags: string[], excluded: string[] | undefined): boolean {
  if (!excluded?.length) return false;
  const set = new Set(tags.map((t) => t.toLowerCase()));
  return excluded.some((t) => set.has(t.trim().toLowerCase()));
}

/** C-09: running from 00:00 store time of startDate to the end of endDate, and switched on. */
export function isRunning(
  p: { status: string; startDate: string | null; endDate: string | null },
  now: string,
  utcOffsetMinutes: number,
): boolean {
  if (p.status !== "active") return false;
  const today = storeDate(now, utcOffsetMinutes);
  if (p.startDate && today < p.startDate) return false;
  if (p.endDate && today > p.endDate) return false;
  return true;
}

/** The store-local calendar date (`YYYY-MM-DD`) of an instant. */
export function storeDate(instant: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(instant) + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * at most `limitInterval` awards per calendar-aligned `limitUnit` window in store time;
 * `lifetime` = at most `limitInterval` ever.
 */
export function withinLimit(
  program: { id: string; config: { hasLimit?: boolean; limitUnit?: LimitUnit; limitInterval?: number } },
  prior: PriorAward[],
  now: string,
  utcOffsetMinutes: number,
): boolean {
  const c = program.config;
  if (!c.hasLimit) return true;
  const max = Math.max(1, c.limitInterval ?? 1);
  const start = windowStart(c.limitUnit ?? "lifetime", now, utcOffsetMinutes);
  const used = prior.filter((a) => a.programId === program.id && Date.parse(a.at) >= start).length;
  return used < max;
}

/** Start (epoch ms) of the calendar window containing `now`, in store time. */
export function windowStart(unit: LimitUnit, now: string, utcOffsetMinutes: number): number {
  if (unit === "lifetime") return Number.NEGATIVE_INFINITY;
  const offset = utcOffsetMinutes * 60_000;
  const local = new Date(Date.parse(now) + offset);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  let startLocal: number;
  switch (unit) {
    case "minute":
      startLocal = Date.UTC(y, m, d, local.getUTCHours(), local.getUTCMinutes());
      break;
    case "hour":
      startLocal = Date.UTC(y, m, d, local.getUTCHours());
      break;
    case "day":
      startLocal = Date.UTC(y, m, d);
      break;
    case "week": {
      // Weeks start on Monday.
      const dow = (local.getUTCDay() + 6) % 7;
      startLocal = Date.UTC(y, m, d - dow);
      break;
    }
    case "month":
      startLocal = Date.UTC(y, m, 1);
      break;
    case "year":
      startLocal = Date.UTC(y, 0, 1);
      break;
  }
  return startLocal - offset;
}

function tooManyRecentOrders(prior: PriorAward[], now: string): boolean {
  const since = Date.parse(now) - 24 * 3_600_000;
  const recent = new Set(prior.filter((a) => Date.parse(a.at) >= since).map((a) => a.at));
  return recent.size >= ANTI_CHEAT_MAX_ORDERS_PER_DAY;
}

function inScope(
  line: EarningOrderLine,
  scope: { productIds?: string[]; collectionIds?: string[] },
): boolean {
  if (line.productId && scope.productIds?.includes(line.productId)) return true;
  return (line.collectionIds ?? []).some((id) => scope.collectionIds?.includes(id));
}

/** The lines that earn under a program (C-14, C-20): no gift cards, free gifts or out-of-scope products. */
export function earningLines(c: PlaceOrderConfig, lines: EarningOrderLine[]): EarningOrderLine[] {
  return lines.filter((line) => {
    if (line.isGiftCard || line.isFreeGift) return false;
    if (line.unitPrice === 0 && !c.earnZeroPriceItems) return false;
    const include = c.includeProducts;
    if (include && (include.productIds?.length || include.collectionIds?.length) && !inScope(line, include))
      return false;
    const exclude = c.excludeProducts;
    if (exclude && inScope(line, exclude)) return false;
    return true;
  });
}

/** The money base a price rule earns on (C-14, H-15, X-46), minor units of the shop's currency. */
export function earnableAmount(c: PlaceOrderConfig, order: EarningOrder): number {
  const lines = earningLines(c, order.lines);
  let amount = lines.reduce((sum, l) => sum + Math.max(0, l.unitPrice * l.quantity - l.discount), 0);
  if (c.earnPointShippingFee) amount += order.shipping;
  if (c.earnPointFees) amount += order.fees;
  if (c.earnPointTax) {
    const excluded = new Set((c.excludedTaxTypes ?? []).map((t) => t.trim().toLowerCase()));
    amount += order.taxes
      .filter((t) => !excluded.has(t.title.trim().toLowerCase()))
      .reduce((s, t) => s + t.amount, 0);
  }
  if (c.excludeStoreCredit) amount -= order.storeCreditPaid;
  return Math.max(0, amount);
}

export function roundPoints(numerator: number, denominator: number, method: RoundingMethod): number {
  if (denominator <= 0) return 0;
  const q = Math.floor(numerator / denominator);
  const r = numerator - q * denominator;
  if (r === 0) return q;
  switch (method) {
    case "roundingDown":
      return q;
    case "roundingUp":
      return q + 1;
    case "roundingNearest":
      return 2 * r >= denominator ? q + 1 : q;
  }
}

/** C-13: the four ways a place-order rule turns an order into points. */
export function computeProgramAward(
  program: PlaceOrderProgram,
  order: EarningOrder,
  antiCheat: boolean,
): EarnAward {
  const c = program.config;
  const base = earnableAmount(c, order);
  const none = { programId: program.id, points: 0, earnableAmount: base };
  // Anti-cheat: an order worth nothing earns nothing, even under fixed-points rules.
  if (antiCheat && base === 0) return none;
  const earnPoint = Math.max(0, Math.trunc(c.earnPoint));
  switch (c.earnBy) {
    case "price": {
      const step = c.rateMoney ?? 0;
      if (step <= 0) return none;
      const points = c.keepOriginalStep
        ? Math.floor(base / step) * earnPoint
        : roundPoints(earnPoint * base, step, c.rounding ?? "roundingDown");
      return { ...none, points };
    }
    case "order":
      return earningLines(c, order.lines).length > 0 ? { ...none, points: earnPoint } : none;
    case "item": {
      const step = Math.max(1, c.rateItem ?? 1);
      const qty = earningLines(c, order.lines).reduce((sum, l) => sum + l.quantity, 0);
      return { ...none, points: Math.floor(qty / step) * earnPoint };
    }
    case "fixed_order":
      // Fixed points once the order reaches the fixed amount.
      return base >= (c.rateMoney ?? 0) ? { ...none, points: earnPoint } : none;
  }
}

/** C-19: the rule engine's matchers over product, order, customer and collection criteria. */
export function conditionsMatch(
  c: PlaceOrderConfig,
  order: EarningOrder,
  customer: EarningCustomer,
): boolean {
  const conditions = c.conditions ?? [];
  if (conditions.length === 0) return true;
  const results = conditions.map((cond) => conditionHolds(cond, order, customer));
  return (c.typeCondition ?? "all") === "all" ? results.every(Boolean) : results.some(Boolean);
}

function valuesOf(
  cond: EarningCondition,
  order: EarningOrder,
  customer: EarningCustomer,
): (string | number)[] {
  switch (cond.criteria) {
    case "order":
      switch (cond.field) {
        case "total":
          return [order.total];
        case "subtotal":
          return [order.lines.reduce((s, l) => s + l.unitPrice * l.quantity - l.discount, 0)];
        case "item_count":
          return [order.lines.reduce((s, l) => s + l.quantity, 0)];
        case "source":
          return [order.source];
        default:
          return order.tags;
      }
    case "customer":
      return cond.field === "email" ? [customer.email ?? ""] : customer.tags;
    case "product":
      return order.lines.map((l) => l.productId ?? "").filter(Boolean);
    case "collection":
      return order.lines.flatMap((l) => l.collectionIds ?? []);
  }
}

export function conditionHolds(
  cond: EarningCondition,
  order: EarningOrder,
  customer: EarningCustomer,
): boolean {
  const values = valuesOf(cond, order, customer);
  return applyMatcher(cond.matcher, values, cond.value);
}

export function applyMatcher(matcher: Matcher, values: (string | number)[], expected: string): boolean {
  const text = values.map((v) => String(v).toLowerCase());
  const want = expected.trim().toLowerCase();
  const list = want
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const num = Number(expected);
  const numbers = values.map(Number).filter((n) => !Number.isNaN(n));
  switch (matcher) {
    case "contains":
      return text.some((v) => v.includes(want));
    case "not_contains":
      return !text.some((v) => v.includes(want));
    case "equal":
      return text.some((v) => v === want);
    case "not_equal":
      return !text.some((v) => v === want);
    case "start":
      return text.some((v) => v.startsWith(want));
    case "end":
      return text.some((v) => v.endsWith(want));
    case "includes":
      return text.some((v) => list.includes(v));
    case "not_includes":
      return !text.some((v) => list.includes(v));
    case "greater_than":
      return numbers.some((n) => n > num);
    case "greater_than_or_equal_to":
      return numbers.some((n) => n >= num);
    case "less_than":
      return numbers.some((n) => n < num);
    case "less_than_or_equal_to":
      return numbers.some((n) => n <= num);
    case "empty":
      return text.every((v) => v === "");
    case "not_empty":
      return text.some((v) => v !== "");
  }
}
