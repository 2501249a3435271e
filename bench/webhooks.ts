/** P1 and P2: signed `orders/paid` deliveries → ledger, with a correctness check from the database. */
import type pg from "pg";
import type { CpuProfile } from "./cpu";
import { type Delivery, deliver, mapLimit, orderPaidDelivery, SHOP_ID } from "./laurel";
import { type LoadSummary, runLoad } from "./load";
import { observe } from "./observe";
import type { WaitProfile } from "./postgres";

export interface BenchContext {
  /** http://127.0.0.1:<port> of the API under test. */
  base: string;
  secret: string;
  /** A client on the benchmark database (verification queries). */
  db: pg.Client;
  /** A second client for the wait-event sampler (runs during the load). */
  sampler: pg.Client;
  dbName: string;
  /** The API process (for its CPU time). */
  apiPid: number | undefined;
  /** Platform customer ids of members joined beforehand. */
  members: string[];
}

export interface WebhookPhaseResult {
  load: LoadSummary;
  /** Deliveries handed to the load generator (pre-generated, plus any made on the fly). */
  issued: number;
  pregenerated: number;
  /** 200 with outcome "applied". */
  applied: number;
  /** Every other answer, by "status outcome". */
  otherAnswers: Record<string, number>;
  /** Applied deliveries per second over the run. */
  appliedPerSecond: number;
  ledger: {
    earnEntriesAtStop: number;
    /** Entries of orders whose 200 the load generator received: must equal `applied`. */
    entriesOfApplied: number;
    /** Deliveries unanswered when the load stopped (in flight, or built but never sent). */
    unanswered: number;
    redeliveredDuplicate: number;
    redeliveredApplied: number;
    redeliveredOther: number;
    earnEntriesFinal: number;
    loggedNotEarned: number;
    doubleCredits: number;
    /** earnEntriesAtStop = applied + (in-flight ones that had committed), and every 200 has its entry. */
    exact: boolean;
  };
  waits: WaitProfile;
  cpu: CpuProfile | null;
}

const EARN_TYPES = ["earn_place_order", "earn_pending_point"];

async function entriesByType(db: pg.Client, orderIds: string[]) {
  const rows = (
    await db.query<{ activity_type: string; n: string }>(
      `select activity_type, count(*) as n from ledger_entries
        where shop_id = $1 and source_ref = any($2::text[]) group by 1`,
      [SHOP_ID, orderIds],
    )
  ).rows;
  const byType = Object.fromEntries(rows.map((r) => [r.activity_type, Number(r.n)]));
  const earn = EARN_TYPES.reduce((s, t) => s + (byType[t] ?? 0), 0);
  return { earn, logged: byType.log_place_order ?? 0 };
}

export async function webhookPhase(
  ctx: BenchContext,
  opts: {
    tag: string;
    /** First order id of this phase (distinct per phase, digits only). */
    orderIdBase: number;
    pregenerate: number;
    connections: number;
    seconds: number;
    overallRate?: number;
  },
): Promise<WebhookPhaseResult> {
  const make = (i: number): Delivery => {
    const orderId = String(opts.orderIdBase + i);
    const customer = ctx.members[i % ctx.members.length] as string;
    return orderPaidDelivery(ctx.secret, `bench-${opts.tag}-${orderId}`, orderId, customer);
  };
  // Signed before the clock starts, so the load generator only copies bytes.
  const pool: Delivery[] = Array.from({ length: opts.pregenerate }, (_, i) => make(i));
  const issued: Delivery[] = [];
  const answered = new Set<string>();
  const appliedIds: string[] = [];
  const otherAnswers: Record<string, number> = {};
  const next = () => {
    const d = pool[issued.length] ?? make(issued.length);
    issued.push(d);
    return d;
  };

  const {
    result: load,
    waits,
    cpu,
  } = await observe(ctx, () =>
    runLoad({
      url: ctx.base,
      connections: opts.connections,
      duration: opts.seconds,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      requests: [
        {
          method: "POST",
          path: "/webhooks",
          setupRequest: (req, context) => {
            const d = next();
            (context as { d?: Delivery }).d = d;
            return { ...req, method: "POST", path: "/webhooks", headers: { ...d.headers }, body: d.body };
          },
          onResponse: (status, body, context) => {
            const d = (context as { d?: Delivery }).d;
            if (!d) return;
            answered.add(d.webhookId);
            const outcome = /"outcome":"(\w+)"/.exec(body)?.[1] ?? null;
            if (status === 200 && outcome === "applied") appliedIds.push(d.orderId);
            else {
              const key = `${status} ${outcome ?? body.slice(0, 80)}`;
              otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
            }
          },
        },
      ],
    }),
  );

  // Requests cut off by the end of the run may still be committing on the server.
  await new Promise((r) => setTimeout(r, 1_500));
  const issuedIds = issued.map((d) => d.orderId);
  const atStop = await entriesByType(ctx.db, issuedIds);
  const ofApplied = await entriesByType(ctx.db, appliedIds);

  // Shopify redelivers what was not acknowledged: do the same and expect "duplicate" for exactly
  // the in-flight ones that had committed, "applied" for the rest.
  const unanswered = issued.filter((d) => !answered.has(d.webhookId));
  const outcomes = await mapLimit(unanswered, 8, (d) => deliver(ctx.base, d));
  const redeliveredDuplicate = outcomes.filter((o) => o.status === 200 && o.outcome === "duplicate").length;
  const redeliveredApplied = outcomes.filter((o) => o.status === 200 && o.outcome === "applied").length;
  const final = await entriesByType(ctx.db, issuedIds);
  const doubles = (
    await ctx.db.query<{ n: string }>(
      `select count(*) as n from (
         select source_ref from ledger_entries
          where shop_id = $1 and source_ref = any($2::text[]) and activity_type = any($3::text[])
          group by source_ref having count(*) > 1) d`,
      [SHOP_ID, issuedIds, EARN_TYPES],
    )
  ).rows[0];

  const applied = appliedIds.length;
  const exact =
    ofApplied.earn === applied &&
    atStop.earn === applied + redeliveredDuplicate &&
    final.earn === applied + redeliveredDuplicate + redeliveredApplied;
  return {
    load,
    issued: issued.length,
    pregenerated: opts.pregenerate,
    applied,
    otherAnswers,
    appliedPerSecond: load.seconds > 0 ? applied / load.seconds : 0,
    ledger: {
      earnEntriesAtStop: atStop.earn,
      entriesOfApplied: ofApplied.earn,
      unanswered: unanswered.length,
      redeliveredDuplicate,
      redeliveredApplied,
      redeliveredOther: outcomes.length - redeliveredDuplicate - redeliveredApplied,
      earnEntriesFinal: final.earn,
      loggedNotEarned: final.logged,
      doubleCredits: Number(doubles?.n ?? 0),
      exact,
    },
    waits,
    cpu,
  };
}
