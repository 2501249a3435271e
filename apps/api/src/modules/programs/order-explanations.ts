import type { OrderExplanation } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { listEntriesOfSources } from "../ledger/ledger.service";
import { findOrdersToExplain } from "../orders/orders.service";
import * as repo from "./programs.repository";

/** Most orders one lookup answers (a customer's latest). */
const MAX_ORDERS = 20;

const RESULTS = ["awarded", "matched_zero", "skipped", "not_reached"] as const;
type TraceResult = (typeof RESULTS)[number];

interface StoredOutcome {
  programId?: unknown;
  result?: unknown;
  reason?: unknown;
  points?: unknown;
  conditions?: unknown;
}

type ConditionValue = OrderExplanation["trace"][number]["conditions"][number]["value"];
const isScalar = (v: unknown): v is string | number =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** A kept condition check, read defensively: the stored facts are JSON written by older versions too. */
function storedConditions(raw: unknown): OrderExplanation["trace"][number]["conditions"] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c: Record<string, unknown> | null) => {
    if (c === null || typeof c !== "object") return [];
    const { criteria, field, matcher, value, met } = c;
    if (typeof criteria !== "string" || typeof field !== "string" || typeof matcher !== "string") return [];
    const kept: ConditionValue = isScalar(value)
      ? value
      : Array.isArray(value)
        ? value.filter(isScalar)
        : null;
    return [{ criteria, field, matcher, value: kept, met: met === true }];
  });
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * `GET /lp/programs/explain` (issue 14, "points not awarded"): the shop's orders matching an order
 * number or a customer's e-mail, each with the engine's decision per place order program as it was
 * kept when the order was decided, and the ledger entries the order produced. Read-only.
 */
export async function explainOrders(deps: Deps, shop: ShopRow, query: string): Promise<OrderExplanation[]> {
  const orders = await findOrdersToExplain(deps.db, shop.id, query, MAX_ORDERS);
  if (orders.length === 0) return [];
  const programs = new Map((await repo.listPrograms(deps.db, shop.id, null)).map((p) => [p.id, p]));
  const entries = await listEntriesOfSources(
    deps.db,
    shop.id,
    orders.map((o) => o.order_id),
  );
  return orders.map((o) => {
    const stored = (o.facts as { earningTrace?: unknown }).earningTrace;
    const trace = (Array.isArray(stored) ? (stored as StoredOutcome[]) : []).map((t) => {
      const programId = String(t.programId ?? "");
      const program = programs.get(programId);
      const result = RESULTS.includes(t.result as TraceResult) ? (t.result as TraceResult) : "not_reached";
      return {
        programId,
        title: program?.title ?? null,
        priority: program?.priority ?? null,
        result,
        reason: typeof t.reason === "string" ? t.reason : null,
        points: typeof t.points === "number" ? t.points : 0,
        conditions: storedConditions(t.conditions),
      };
    });
    const name = [o.first_name, o.last_name].filter(Boolean).join(" ");
    return {
      orderId: o.order_id,
      name: o.name,
      orderedAt: new Date(o.ordered_at).toISOString(),
      currency: o.currency,
      totalMinor: Number(o.total_minor),
      refundedMinor: Number(o.refunded_minor),
      status: o.status,
      reason: o.reason,
      pointsAwarded: o.points_awarded,
      pointsReversed: o.points_reversed,
      pendingPoints: o.pending_points,
      pendingUntil: iso(o.pending_until),
      customer: o.customer_id ? { id: o.customer_id, email: o.email, name: name || null } : null,
      trace,
      entries: entries
        .filter((e) => e.source_ref === o.order_id)
        .map((e) => ({
          id: String(e.id),
          activityType: e.activity_type,
          available: e.available_delta,
          pending: e.pending_delta,
          programId: e.program_id,
          note: e.note,
          createdAt: new Date(e.created_at).toISOString(),
        })),
    };
  });
}
