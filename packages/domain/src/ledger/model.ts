/**
 * The reference model of the ledger (DESIGN §9 L3): an in-memory shop with customers' balances,
 * entries by idempotency key, holds and coupons. An API-level test runs the same random
 * operations against the real server and the model and compares outcomes and balances; the
 * model's own invariants are property-tested beside it.
 *
 * Semantics the server must share:
 * - A keyed operation applies once: the same key and the same operation replay the first result
 *   (`replayed: true`, nothing changes); the same key with another operation is refused
 *   (`idempotency_conflict`). A refused operation records nothing, so a retry may succeed later.
 *   Idempotency is decided on the request, before any clamping, so a replay never conflicts
 *   because the balance moved in between.
 * - Debits never overdraw (DESIGN §4): a redemption is refused; a reversal (refund) and an
 *   expiry take at most what is available (the rest is forgiven); a manual adjustment may go
 *   below zero (H-14). Pending points never go below zero.
 * - Holds are identified by their reserve key; post and void resolve a hold once (repeating the
 *   same action is a replay; the opposite action is refused). Posting issues the coupon; voiding
 *   returns the points. Revoking an available coupon refunds its points once (H-13).
 * - Pending awards (H-09) convert once; a refund while the award is pending takes from what is
 *   still pending. A refund after the conversion is an ordinary reversal (decision 0013): it takes
 *   at most what is available, the rest is forgiven, and the award counts it either way.
 * - Entries that would move nothing (a fully clamped reversal or expiry) are not written.
 */
import { type ActivityType, holdEntryKey } from "./activity";
import { applyEntry, type Balances, sameBalances, sumEntries, ZERO_BALANCES } from "./balances";
import { type HoldState, transitionHold } from "./hold";
import { canonicalJson, checkIdempotency } from "./idempotency";
import { type LedgerRefusal, refuseLedger } from "./messages";

export type LedgerOperation =
  /** An order's credit (earn point: place order). */
  | { op: "earn"; customerId: string; key: string; points: number; tierPoints?: number }
  /** A refund or cancellation taking back up to `points` of the earn made with `earnKey` (H-17). */
  | { op: "reverse"; key: string; earnKey: string; points: number }
  /** H-09: points earned into pending. */
  | { op: "awardPending"; customerId: string; key: string; points: number }
  /** H-09: what is left of a pending award becomes available. */
  | { op: "convertPending"; key: string; awardKey: string }
  /**
   * H-09, H-17: a refund takes up to `points` from what is left of a pending award: from pending
   * while it is held, from available once converted (clamped, decision 0013).
   */
  | { op: "deductPending"; key: string; awardKey: string; points: number }
  /** A redemption reserves points; `key` identifies the hold. */
  | { op: "reserve"; customerId: string; key: string; points: number }
  | { op: "post"; holdKey: string }
  | { op: "void"; holdKey: string }
  /** H-14: a merchant's manual adjustment (negative subtracts, may overdraw). */
  | { op: "adjust"; customerId: string; key: string; points: number }
  /** H-08: points expire, at most what is available. */
  | { op: "expire"; customerId: string; key: string; points: number }
  /** The shopper used the coupon in an order. */
  | { op: "useCoupon"; holdKey: string }
  /** H-13: revoking an available coupon refunds its points. */
  | { op: "revokeCoupon"; key: string; holdKey: string };

export type ModelOutcome =
  /** `points`: how many points moved (after clamping); `balances`: the customer's now. */
  { ok: true; replayed: boolean; points: number; balances: Balances } | LedgerRefusal;

export interface ModelEntry {
  seq: number;
  key: string;
  customerId: string;
  activityType: ActivityType;
  available: number;
  pending: number;
  tierPoints: number;
  holdKey: string | null;
}

export interface ModelHold {
  key: string;
  customerId: string;
  points: number;
  state: HoldState;
}

export interface ModelCoupon {
  holdKey: string;
  customerId: string;
  points: number;
  status: "available" | "redeemed" | "revoked";
}

interface ModelCustomer extends Balances {
  /** Set while available is below zero because of a manual adjustment. */
  overdrawnByAdjustment: boolean;
}

interface EarnRecord {
  customerId: string;
  points: number;
  reversed: number;
}

interface PendingAward {
  customerId: string;
  points: number;
  deducted: number;
  converted: boolean;
}

export interface LedgerModelSnapshot {
  customers: Record<string, ModelCustomer>;
  entries: ModelEntry[];
  holds: Record<string, ModelHold>;
  coupons: Record<string, ModelCoupon>;
  keys: Record<string, string>;
}

export interface LedgerModel {
  addCustomer(customerId: string): void;
  apply(operation: LedgerOperation): ModelOutcome;
  balances(customerId: string): Balances | undefined;
  entries(): readonly ModelEntry[];
  hold(holdKey: string): ModelHold | undefined;
  coupon(holdKey: string): ModelCoupon | undefined;
  snapshot(): LedgerModelSnapshot;
  /** Every broken invariant, as sentences; empty when the model is consistent. */
  checkInvariants(): string[];
}

type Result = { points: number } | LedgerRefusal;

export function createLedgerModel(): LedgerModel {
  const customers = new Map<string, ModelCustomer>();
  const entries: ModelEntry[] = [];
  const keys = new Map<string, { fingerprint: string; points: number; customerId: string }>();
  const earns = new Map<string, EarnRecord>();
  const pendingAwards = new Map<string, PendingAward>();
  const holds = new Map<string, ModelHold>();
  const coupons = new Map<string, ModelCoupon>();

  function post(entry: Omit<ModelEntry, "seq">): LedgerRefusal | null {
    const customer = customers.get(entry.customerId);
    if (!customer) return refuseLedger("customer_not_found");
    const applied = applyEntry(customer, {
      ...entry,
      allowNegative: entry.activityType === "adjust_point",
    });
    if (!applied.ok) return applied;
    Object.assign(customer, applied.balances);
    if (customer.available >= 0) customer.overdrawnByAdjustment = false;
    else if (entry.activityType === "adjust_point") customer.overdrawnByAdjustment = true;
    entries.push({ ...entry, seq: entries.length + 1 });
    return null;
  }

  /** For entries the operation already proved possible (clamped debits, refunds): a refusal is a model bug. */
  function postOrThrow(entry: Omit<ModelEntry, "seq">): void {
    const refused = post(entry);
    if (refused) throw new Error(`ledger model: ${entry.key} refused with ${refused.code}`);
  }

  function line(
    key: string,
    customerId: string,
    activityType: ActivityType,
    d: { available?: number; pending?: number; tierPoints?: number; holdKey?: string },
  ): Omit<ModelEntry, "seq"> {
    return {
      key,
      customerId,
      activityType,
      available: d.available ?? 0,
      pending: d.pending ?? 0,
      tierPoints: d.tierPoints ?? 0,
      holdKey: d.holdKey ?? null,
    };
  }

  const isPositive = (n: number) => Number.isSafeInteger(n) && n > 0;

  function earn(op: Extract<LedgerOperation, { op: "earn" }>): Result {
    const tierPoints = op.tierPoints ?? 0;
    if (!isPositive(op.points) || !Number.isSafeInteger(tierPoints) || tierPoints < 0) {
      return refuseLedger("invalid_points");
    }
    const refused = post(
      line(op.key, op.customerId, "earn_place_order", { available: op.points, tierPoints }),
    );
    if (refused) return refused;
    earns.set(op.key, { customerId: op.customerId, points: op.points, reversed: 0 });
    return { points: op.points };
  }

  function reverse(op: Extract<LedgerOperation, { op: "reverse" }>): Result {
    if (!isPositive(op.points)) return refuseLedger("invalid_points");
    const earned = earns.get(op.earnKey);
    if (!earned) return refuseLedger("entry_not_found");
    const claim = Math.min(op.points, earned.points - earned.reversed);
    const available = customers.get(earned.customerId)?.available ?? 0;
    const take = Math.min(claim, Math.max(0, available));
    if (take > 0) postOrThrow(line(op.key, earned.customerId, "remove_refund", { available: -take }));
    earned.reversed += claim;
    return { points: take };
  }

  function awardPending(op: Extract<LedgerOperation, { op: "awardPending" }>): Result {
    if (!isPositive(op.points)) return refuseLedger("invalid_points");
    const refused = post(line(op.key, op.customerId, "earn_pending_point", { pending: op.points }));
    if (refused) return refused;
    pendingAwards.set(op.key, {
      customerId: op.customerId,
      points: op.points,
      deducted: 0,
      converted: false,
    });
    return { points: op.points };
  }

  function convertPending(op: Extract<LedgerOperation, { op: "convertPending" }>): Result {
    const award = pendingAwards.get(op.awardKey);
    if (!award) return refuseLedger("entry_not_found");
    if (award.converted) return refuseLedger("already_converted");
    const amount = award.points - award.deducted;
    if (amount > 0) {
      postOrThrow(
        line(op.key, award.customerId, "convert_pending_point", { pending: -amount, available: amount }),
      );
    }
    award.converted = true;
    return { points: amount };
  }

  function deductPending(op: Extract<LedgerOperation, { op: "deductPending" }>): Result {
    if (!isPositive(op.points)) return refuseLedger("invalid_points");
    const award = pendingAwards.get(op.awardKey);
    if (!award) return refuseLedger("entry_not_found");
    const claim = Math.min(op.points, award.points - award.deducted);
    award.deducted += claim;
    if (!award.converted) {
      if (claim > 0) postOrThrow(line(op.key, award.customerId, "deduct_pending_point", { pending: -claim }));
      return { points: claim };
    }
    // Converted points are available points: the refund reverses them like any other (0013).
    const available = customers.get(award.customerId)?.available ?? 0;
    const take = Math.min(claim, Math.max(0, available));
    if (take > 0) postOrThrow(line(op.key, award.customerId, "remove_refund", { available: -take }));
    return { points: take };
  }

  function reserve(op: Extract<LedgerOperation, { op: "reserve" }>): Result {
    if (!isPositive(op.points)) return refuseLedger("redeem_amount_invalid");
    const started = transitionHold(holds.get(op.key)?.state ?? null, "reserve");
    if (!started.ok) return started;
    const refused = post(
      line(holdEntryKey(op.key, "reserve"), op.customerId, "redeem_point", {
        available: -op.points,
        holdKey: op.key,
      }),
    );
    if (refused) return refused;
    holds.set(op.key, { key: op.key, customerId: op.customerId, points: op.points, state: started.state });
    return { points: op.points };
  }

  function resolve(op: Extract<LedgerOperation, { op: "post" | "void" }>): ModelOutcome {
    const hold = holds.get(op.holdKey);
    const next = transitionHold(hold?.state ?? null, op.op);
    if (!next.ok) return next;
    if (!hold) return refuseLedger("hold_not_found"); // unreachable: post/void without a hold is refused above
    if (next.changed && op.op === "void") {
      postOrThrow(
        line(holdEntryKey(hold.key, "void"), hold.customerId, "redeem_void", {
          available: hold.points,
          holdKey: hold.key,
        }),
      );
    }
    if (next.changed && op.op === "post") {
      coupons.set(hold.key, {
        holdKey: hold.key,
        customerId: hold.customerId,
        points: hold.points,
        status: "available",
      });
    }
    hold.state = next.state;
    return ok(hold.customerId, hold.points, !next.changed);
  }

  function useCoupon(op: Extract<LedgerOperation, { op: "useCoupon" }>): ModelOutcome {
    const coupon = coupons.get(op.holdKey);
    if (!coupon) return refuseLedger("coupon_not_found");
    if (coupon.status === "revoked") return refuseLedger("coupon_not_available");
    const replayed = coupon.status === "redeemed";
    coupon.status = "redeemed";
    return ok(coupon.customerId, 0, replayed);
  }

  function revokeCoupon(op: Extract<LedgerOperation, { op: "revokeCoupon" }>): Result {
    const coupon = coupons.get(op.holdKey);
    if (!coupon) return refuseLedger("coupon_not_found");
    if (coupon.status !== "available") return refuseLedger("coupon_not_available");
    postOrThrow(
      line(op.key, coupon.customerId, "refund_coupon", { available: coupon.points, holdKey: coupon.holdKey }),
    );
    coupon.status = "revoked";
    return { points: coupon.points };
  }

  function adjust(op: Extract<LedgerOperation, { op: "adjust" }>): Result {
    if (!Number.isSafeInteger(op.points) || op.points === 0) return refuseLedger("invalid_points");
    const refused = post(line(op.key, op.customerId, "adjust_point", { available: op.points }));
    return refused ?? { points: Math.abs(op.points) };
  }

  function expire(op: Extract<LedgerOperation, { op: "expire" }>): Result {
    if (!isPositive(op.points)) return refuseLedger("invalid_points");
    const customer = customers.get(op.customerId);
    if (!customer) return refuseLedger("customer_not_found");
    const take = Math.min(op.points, Math.max(0, customer.available));
    if (take > 0) postOrThrow(line(op.key, op.customerId, "expire_point", { available: -take }));
    return { points: take };
  }

  /** The customer a keyed operation concerns, for its outcome's balances. */
  function customerOf(op: LedgerOperation): string | undefined {
    if ("customerId" in op) return op.customerId;
    if (op.op === "reverse") return earns.get(op.earnKey)?.customerId;
    if (op.op === "convertPending" || op.op === "deductPending")
      return pendingAwards.get(op.awardKey)?.customerId;
    if (op.op === "revokeCoupon") return coupons.get(op.holdKey)?.customerId;
    return undefined;
  }

  function run(op: LedgerOperation): Result {
    switch (op.op) {
      case "earn":
        return earn(op);
      case "reverse":
        return reverse(op);
      case "awardPending":
        return awardPending(op);
      case "convertPending":
        return convertPending(op);
      case "deductPending":
        return deductPending(op);
      case "reserve":
        return reserve(op);
      case "adjust":
        return adjust(op);
      case "expire":
        return expire(op);
      case "revokeCoupon":
        return revokeCoupon(op);
      default:
        throw new Error(`${op.op} is not a keyed operation`);
    }
  }

  function ok(customerId: string, points: number, replayed: boolean): ModelOutcome {
    const c = customers.get(customerId);
    const balances = c
      ? { available: c.available, pending: c.pending, tierPoints: c.tierPoints }
      : { ...ZERO_BALANCES };
    return { ok: true, replayed, points, balances };
  }

  function applyKeyed(op: Extract<LedgerOperation, { key: string }>): ModelOutcome {
    const fingerprint = canonicalJson(op);
    const seen = keys.get(op.key);
    const check = checkIdempotency(seen?.fingerprint, fingerprint);
    if (seen && check === "replay") return ok(seen.customerId, seen.points, true);
    if (check === "conflict") return refuseLedger("idempotency_conflict");
    if ("customerId" in op && !customers.has(op.customerId)) return refuseLedger("customer_not_found");
    const result = run(op);
    if ("ok" in result) return result;
    const owner = customerOf(op) ?? "";
    keys.set(op.key, { fingerprint, points: result.points, customerId: owner });
    return ok(owner, result.points, false);
  }

  function apply(op: LedgerOperation): ModelOutcome {
    if (op.op === "post" || op.op === "void") return resolve(op);
    if (op.op === "useCoupon") return useCoupon(op);
    return applyKeyed(op);
  }

  function snapshot(): LedgerModelSnapshot {
    return JSON.parse(
      JSON.stringify({
        customers: Object.fromEntries(customers),
        entries,
        holds: Object.fromEntries(holds),
        coupons: Object.fromEntries(coupons),
        keys: Object.fromEntries([...keys].map(([k, v]) => [k, v.fingerprint])),
      }),
    );
  }

  function checkInvariants(): string[] {
    const problems: string[] = [];
    for (const [id, c] of customers) {
      const sum = sumEntries(entries.filter((e) => e.customerId === id));
      if (!sameBalances(sum, c)) problems.push(`${id}: cached balances differ from the sum of entries`);
      if (c.pending < 0) problems.push(`${id}: pending is negative`);
      if (c.available < 0 && !c.overdrawnByAdjustment)
        problems.push(`${id}: overdrawn without an adjustment`);
    }
    const entryKeys = new Set(entries.map((e) => e.key));
    if (entryKeys.size !== entries.length) problems.push("an idempotency key was used by two entries");
    for (const hold of holds.values()) problems.push(...checkHold(hold));
    return problems;
  }

  function checkHold(hold: ModelHold): string[] {
    const mine = entries.filter((e) => e.holdKey === hold.key);
    const reserves = mine.filter((e) => e.activityType === "redeem_point").length;
    const voids = mine.filter((e) => e.activityType === "redeem_void").length;
    const refunds = mine.filter((e) => e.activityType === "refund_coupon").length;
    const coupon = coupons.get(hold.key);
    const problems: string[] = [];
    if (reserves !== 1) problems.push(`hold ${hold.key}: ${reserves} reserve entries`);
    if (voids !== (hold.state === "voided" ? 1 : 0)) problems.push(`hold ${hold.key}: ${voids} void entries`);
    if ((hold.state === "posted") !== (coupon !== undefined))
      problems.push(`hold ${hold.key}: coupon mismatch`);
    if (refunds !== (coupon?.status === "revoked" ? 1 : 0))
      problems.push(`hold ${hold.key}: ${refunds} refunds`);
    return problems;
  }

  return {
    addCustomer(customerId) {
      if (!customers.has(customerId))
        customers.set(customerId, { ...ZERO_BALANCES, overdrawnByAdjustment: false });
    },
    apply,
    balances(customerId) {
      const c = customers.get(customerId);
      return c ? { available: c.available, pending: c.pending, tierPoints: c.tierPoints } : undefined;
    },
    entries: () => entries,
    hold: (holdKey) => holds.get(holdKey),
    coupon: (holdKey) => coupons.get(holdKey),
    snapshot,
    checkInvariants,
  };
}
