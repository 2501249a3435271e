import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type EarnEvent,
  type EarnEventList,
  type GrowthRewards,
  INBOUND_REPLAY_WINDOW_SECONDS,
  type InboundEventBody,
  inboundEventBody,
} from "@laurel/contracts";
import type { CustomerRow, EarnEventKind, EarnEventStatus, ShopRow, Tx } from "@laurel/db";
import {
  type ActivityType,
  activeProgramOf,
  type CustomProgram,
  decideGoogleReviewChange,
  decideReviewArrival,
  decideReviewStatusChange,
  type EarningPriorAward,
  type EventProgram,
  type EventSkipReason,
  eventSkipMessages,
  eventStop,
  type FillSurveyProgram,
  growthPlanFactor,
  growthRewardsOf,
  isGoogleMapsUrl,
  isWithinEventLimit,
  planTierOf,
  type ReviewStatus,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { type Actor, auditWrite } from "../audit/audit.service";
import { findCustomer, findCustomerByPlatformId, lockCustomer } from "../customers/customers.service";
import { earningCustomerOf, earningShopOf } from "../earning/earning-context";
import { postEntry } from "../ledger/ledger.service";
import { countTransaction } from "../shops/shops.service";
import { updateMembersTiers } from "../tiers/tiers.service";
import * as repo from "./earn-events.repository";
import { eventContextOf } from "./event-programs";
import { grantCustomerMilestones } from "./milestones";

/** The ledger activity of each kind (H-01, H-03, H-04; X-39). */
export const EVENT_ACTIVITY = {
  review: "earn_review",
  reviewRemoved: "remove_disapproved_review",
  google: "earn_google_maps_review",
  googleClawback: "redeem_google_review",
  custom: "earn_custom",
} as const satisfies Record<string, ActivityType>;

// ---------------------------------------------------------------------------------------------
// The inbound endpoint (decision 0100)
// ---------------------------------------------------------------------------------------------

const newSecret = () => randomBytes(32).toString("base64url");

/** The shop's signing secret, created on first read. */
export async function getInboundKey(deps: Deps, shop: ShopRow) {
  let row = await repo.findInboundKey(deps.db, shop.id);
  if (!row) {
    await repo.insertInboundKey(deps.db, shop.id, newSecret(), deps.clock.now());
    row = await repo.findInboundKey(deps.db, shop.id);
  }
  return keyView(deps, shop, row?.secret ?? "");
}

/**
 * The secret a connected review app holds: the shop's inbound secret once the shop has a review
 * program (the demo store's review form appears then), else null.
 */
export async function findConnectedReviewSecret(deps: Deps, shop: ShopRow): Promise<string | null> {
  const context = await deps.shopContexts.byId(shop.id);
  if (!context?.programRows.some((r) => r.type === "earning" && r.event === "write_review")) return null;
  return (await getInboundKey(deps, shop)).secret;
}

export async function rotateInboundKey(deps: Deps, shop: ShopRow, actor: Actor) {
  const secret = newSecret();
  await deps.db.transaction().execute(async (trx) => {
    await repo.replaceInboundKey(trx, shop.id, secret, deps.clock.now());
    await auditWrite(trx, shop.id, actor, "inbound.key_rotated", {});
  });
  return keyView(deps, shop, secret);
}

function keyView(deps: Deps, shop: ShopRow, secret: string) {
  return {
    endpoint: `${deps.config.appUrl.replace(/\/$/, "")}/inbound/events`,
    shopDomain: shop.shopify_domain,
    secret,
    replayWindowSeconds: INBOUND_REPLAY_WINDOW_SECONDS,
  };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (decision 0100). */
export function inboundSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

function verifySignature(secret: string, header: string | undefined, raw: Buffer, nowMs: number): boolean {
  if (!header || header.length > 200) return false;
  const parts = new Map(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get("t") ?? "";
  const v1 = parts.get("v1") ?? "";
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > INBOUND_REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(inboundSignature(secret, Number(t), raw).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const unauthorized = () => new AppError("inbound_unauthorized", 401);

/**
 * `POST /inbound/events`: the shop from its header, the signature over the raw body with that
 * shop's secret inside the replay window, then the event, recorded once per (kind, source, id).
 */
export async function receiveInboundEvent(
  deps: Deps,
  headers: { shopDomain: string | undefined; signature: string | undefined },
  raw: Buffer,
) {
  if (!headers.shopDomain || headers.shopDomain.length > 255) throw unauthorized();
  const context = await deps.shopContexts.byDomain(headers.shopDomain.toLowerCase());
  if (!context) throw unauthorized();
  const key = await repo.findInboundKey(deps.db, context.shop.id);
  if (!key || !verifySignature(key.secret, headers.signature, raw, deps.clock.now().getTime()))
    throw unauthorized();
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new AppError("malformed_json", 400);
  }
  const body = parseInput(inboundEventBody, json);
  const shop = context.shop;
  if (body.type === "review.created") return recordReview(deps, shop, body);
  return recordCompletion(deps, shop, body);
}

type InboundCustomer = InboundEventBody["customer"];

async function customerOf(trx: Tx, shopId: string, who: InboundCustomer): Promise<CustomerRow | null> {
  if (who.id) {
    const byPlatform = await findCustomerByPlatformId(trx, shopId, who.id);
    if (byPlatform) return byPlatform;
    const byId = await findCustomer(trx, shopId, who.id);
    if (byId) return byId;
  }
  if (who.email) return (await repo.findCustomerByEmail(trx, shopId, who.email)) ?? null;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Paying and taking back
// ---------------------------------------------------------------------------------------------

async function pay(
  trx: Tx,
  shop: ShopRow,
  customerId: string,
  activityType: ActivityType,
  points: number,
  key: string,
  programId: string | null,
  sourceRef: string,
  note: string,
) {
  if (points === 0) return 0;
  const credit = points > 0;
  const { replayed } = await postEntry(trx, {
    shopId: shop.id,
    customerId,
    activityType,
    available: points,
    ...(credit ? { tierPoints: points } : {}),
    idempotencyKey: key,
    programId,
    sourceRef,
    note,
  });
  if (replayed) return 0;
  if (credit) await countTransaction(trx, shop);
  return points;
}

function earningInputsOf(deps: Deps, shop: ShopRow) {
  const now = deps.clock.now();
  const earningShop = earningShopOf(shop, now, 0);
  return { now, nowIso: now.toISOString(), earningShop, offset: earningShop.utcOffsetMinutes };
}

/** May `customer` earn from `program` now: the shop's stops, the audience, the limit (C-11). */
async function mayEarn(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  customer: CustomerRow | null,
  program: EventProgram,
  kind: EarnEventKind,
): Promise<EventSkipReason | null> {
  const { earningShop, nowIso, offset } = earningInputsOf(deps, shop);
  const audience = program.event === "write_review" ? program.config : null;
  const stop = eventStop(earningShop, customer ? earningCustomerOf(customer) : null, audience);
  if (stop || !customer) return stop ?? "not_eligible";
  // C-11 counts the program's paid events of this customer, at the instants they happened.
  const mine = await repo.listCustomerEvents(trx, shop.id, customer.id, [kind]);
  const prior: EarningPriorAward[] = mine
    .filter((e) => e.program_id === program.id && e.points_paid > 0)
    .map((e) => ({ programId: program.id, at: e.created_at.toISOString() }));
  return isWithinEventLimit(program, prior, nowIso, offset) ? null : "limit_reached";
}

// ---------------------------------------------------------------------------------------------
// Reviews (G-10 … G-14)
// ---------------------------------------------------------------------------------------------

/** A review as the inbound endpoint or a vendor connector hands it over (decision 0100, 0158). */
export async function recordReview(
  deps: Deps,
  shop: ShopRow,
  body: Extract<InboundEventBody, { type: "review.created" }>,
) {
  const { programs } = await eventContextOf(deps, shop.id);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findEventByExternal(trx, shop.id, "review", body.source, body.id);
    if (existing) return duplicateOf(existing);
    const { now, nowIso, offset } = earningInputsOf(deps, shop);
    const customer = await customerOf(trx, shop.id, body.customer);
    const facts = {
      rating: body.review.rating,
      content: body.review.content,
      mediaCount: body.review.mediaCount,
    };
    const arrival = decideReviewArrival({ programs, review: facts, now: nowIso, utcOffsetMinutes: offset });
    const program = programs.find((p) => p.id === arrival.programId) ?? null;
    let status: EarnEventStatus = arrival.status;
    let reason: string | null = arrival.reason ? eventSkipMessages[arrival.reason] : null;
    if (status !== "disapproved" && program) {
      const audience = program.event === "write_review" ? program.config : null;
      const stop = eventStop(
        earningInputsOf(deps, shop).earningShop,
        customer ? earningCustomerOf(customer) : null,
        audience,
      );
      if (stop) {
        status = "disapproved";
        reason = eventSkipMessages[stop];
      }
    }
    const id = deps.newId("rev");
    const inserted = await repo.insertEvent(trx, {
      shop_id: shop.id,
      id,
      kind: "review",
      source: body.source,
      external_id: body.id,
      program_id: arrival.programId,
      customer_id: customer?.id ?? null,
      status: status === "approved" ? "pending" : status,
      reason,
      rating: facts.rating,
      content: facts.content,
      media_count: facts.mediaCount,
      verified_buyer: body.review.verifiedBuyer,
      product_id: body.review.productId ?? null,
      points_due: status === "disapproved" ? 0 : arrival.pointsDue,
      created_at: now,
    });
    if (!inserted) {
      const raced = await repo.findEventByExternal(trx, shop.id, "review", body.source, body.id);
      if (raced) return duplicateOf(raced);
    }
    let pointsAwarded = 0;
    if (status === "approved") {
      const decided = await changeReview(deps, trx, shop, id, "approved", null);
      pointsAwarded = decided.pointsPaid;
    }
    return { outcome: "recorded" as const, id, status, pointsAwarded };
  });
}

function duplicateOf(row: { id: string; status: string; points_paid: number }) {
  return { outcome: "duplicate" as const, id: row.id, status: row.status, pointsAwarded: row.points_paid };
}

/** G-12: approve or disapprove; the points follow (paid on approval, taken back on disapproval). */
async function changeReview(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  id: string,
  to: "approved" | "disapproved",
  reasonGiven: string | null,
): Promise<EarnEvent> {
  const row = await repo.lockEvent(trx, shop.id, "review", id);
  if (!row) throw new AppError("not_found", 404);
  const { programs } = await eventContextOf(deps, shop.id, trx);
  const program = programs.find((p) => p.id === row.program_id) ?? null;
  const customer = row.customer_id ? await lockCustomer(trx, shop.id, row.customer_id) : null;
  let skip: EventSkipReason | null = null;
  if (to === "approved" && program && row.points_paid === 0) {
    skip = await mayEarn(deps, trx, shop, customer, program, "review");
  }
  const change = decideReviewStatusChange({
    from: row.status as ReviewStatus,
    to,
    pointsDue: row.points_due,
    pointsPaid: row.points_paid,
    available: customer?.available_points ?? 0,
    tierPoints: customer?.tier_points ?? 0,
    mayEarn: customer !== null && program !== null && skip === null,
  });
  let paid = row.points_paid;
  const step = row.changes + 1;
  if (change.action === "award" && customer) {
    paid += await pay(
      trx,
      shop,
      customer.id,
      EVENT_ACTIVITY.review,
      change.points,
      `review:${id}:${step}:award`,
      row.program_id,
      `review:${id}`,
      "Review approved",
    );
  } else if (change.action === "deduct" && customer) {
    // H-01: the points back, and the review out of tier progress (decision 0156).
    // Points already spent: only the tier progress goes ('adjust tier point', H-05).
    const spent = change.points === 0;
    const { replayed } = await postEntry(trx, {
      shopId: shop.id,
      customerId: customer.id,
      activityType: spent ? "adjust_tier_point" : EVENT_ACTIVITY.reviewRemoved,
      ...(spent ? {} : { available: -change.points }),
      tierPoints: -change.tierPoints,
      idempotencyKey: `review:${id}:${step}:deduct`,
      programId: row.program_id,
      sourceRef: `review:${id}`,
      note: reasonGiven ?? "Review disapproved",
    });
    if (!replayed) {
      await updateMembersTiers(deps, trx, shop, new Map([[customer.id, `review:${id}:${step}`]]));
    }
    paid = 0;
  } else if (to === "disapproved") {
    paid = 0;
  }
  const reason = reasonGiven ?? (skip ? eventSkipMessages[skip] : to === row.status ? row.reason : null);
  if (row.status !== to) {
    await repo.updateEvent(trx, shop.id, id, {
      status: to,
      points_paid: paid,
      reason,
      decided_at: deps.clock.now(),
    });
  }
  if (to === "approved" && customer) {
    await grantCustomerMilestones(deps, trx, shop, programs, customer.id, "milestone_reviews");
    if (change.action === "award") {
      await updateMembersTiers(deps, trx, shop, new Map([[customer.id, `review:${id}:${step}`]]));
    }
  }
  return presentEvent(await eventWithCustomerOrThrow(trx, shop.id, id));
}

export async function setReviewStatus(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  id: string,
  body: { status: "approved" | "disapproved"; reason?: string | undefined },
): Promise<EarnEvent> {
  return deps.db.transaction().execute(async (trx) => {
    const result = await changeReview(deps, trx, shop, id, body.status, body.reason ?? null);
    await auditWrite(trx, shop.id, actor, `review.${body.status}`, { reviewId: id });
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// Google Maps reviews (G-15, G-16)
// ---------------------------------------------------------------------------------------------

/** `POST /proxy/earn-events/google-review`: a pending review with the instant points. */
export async function submitGoogleReview(deps: Deps, auth: ProxyAuth, url: string) {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  const platformCustomerId = auth.platformCustomerId;
  if (!isGoogleMapsUrl(url))
    throw new AppError("google_maps_link", 400, undefined, [
      { field: "url", message: "You must enter a link from Google Maps" },
    ]);
  const { shop, programs } = await eventContextOf(deps, auth.shopId);
  const { now, nowIso, offset } = earningInputsOf(deps, shop);
  const program = activeProgramOf(programs, "google_maps_review", nowIso, offset);
  if (!program) throw new AppError("google_review_unavailable", 404);
  return deps.db.transaction().execute(async (trx) => {
    const found = await findCustomerByPlatformId(trx, shop.id, platformCustomerId);
    if (!found) throw new AppError("customer_not_member", 403);
    const customer = await lockCustomer(trx, shop.id, found.id);
    if (customer.type === "left") throw new AppError("customer_left", 403);
    const stop = eventStop(earningInputsOf(deps, shop).earningShop, earningCustomerOf(customer), null);
    if (stop === "not_eligible") throw new AppError("customer_not_member", 403);
    // C-11 on submissions: every link not rejected counts, whatever its points.
    const mine = await repo.listCustomerEvents(trx, shop.id, customer.id, ["google_review"]);
    const prior = mine
      .filter((e) => e.program_id === program.id && e.status !== "rejected")
      .map((e) => ({ programId: program.id, at: e.created_at.toISOString() }));
    if (!isWithinEventLimit(program, prior, nowIso, offset)) {
      throw new AppError("earn_limit_reached", 409);
    }
    const id = deps.newId("grv");
    const inserted = await repo.insertEvent(trx, {
      shop_id: shop.id,
      id,
      kind: "google_review",
      source: "widget",
      external_id: normaliseLink(url),
      program_id: program.id,
      customer_id: customer.id,
      status: "pending",
      reason: stop ? eventSkipMessages[stop] : null,
      url: url.trim(),
      points_due: program.config.earnPoint,
      created_at: now,
    });
    // Anti-cheat (C-35): one link earns once in the shop, whoever sends it.
    if (!inserted) throw new AppError("google_review_submitted", 409);
    const instant = stop ? 0 : program.config.instantPoints;
    const paid = await pay(
      trx,
      shop,
      customer.id,
      EVENT_ACTIVITY.google,
      instant,
      `google:${id}:instant`,
      program.id,
      `google:${id}`,
      "Google Maps review: instant points",
    );
    if (paid > 0) await repo.setPointsPaid(trx, shop.id, id, paid);
    return { id, status: "pending" as const, instantPoints: paid };
  });
}

const normaliseLink = (url: string) => url.trim().replace(/#.*$/, "").replace(/\/+$/, "").toLowerCase();

export async function setGoogleReviewStatus(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  id: string,
  body: { status: "approved" | "rejected"; reason?: string | undefined },
): Promise<EarnEvent> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockEvent(trx, shop.id, "google_review", id);
    if (!row) throw new AppError("not_found", 404);
    if (row.status !== "pending") {
      if (row.status === body.status) return presentEvent(await eventWithCustomerOrThrow(trx, shop.id, id));
      throw new AppError("earn_event_decided", 409);
    }
    const customer = row.customer_id ? await lockCustomer(trx, shop.id, row.customer_id) : null;
    const change = decideGoogleReviewChange({
      from: "pending",
      to: body.status,
      earnPoint: row.points_due,
      instantPaid: row.points_paid,
      available: customer?.available_points ?? 0,
    });
    let paid = row.points_paid;
    if (customer && change.action === "award" && row.reason === null) {
      paid += await pay(
        trx,
        shop,
        customer.id,
        EVENT_ACTIVITY.google,
        change.points,
        `google:${id}:approve`,
        row.program_id,
        `google:${id}`,
        "Google Maps review approved",
      );
    } else if (customer && change.action === "deduct") {
      await pay(
        trx,
        shop,
        customer.id,
        EVENT_ACTIVITY.googleClawback,
        -change.points,
        `google:${id}:reject`,
        row.program_id,
        `google:${id}`,
        body.reason ?? "Google Maps review rejected",
      );
      paid = 0;
    }
    await repo.updateEvent(trx, shop.id, id, {
      status: body.status,
      points_paid: body.status === "rejected" ? 0 : paid,
      reason: body.reason ?? row.reason,
      decided_at: deps.clock.now(),
    });
    await auditWrite(trx, shop.id, actor, `google_review.${body.status}`, { reviewId: id });
    return presentEvent(await eventWithCustomerOrThrow(trx, shop.id, id));
  });
}

// ---------------------------------------------------------------------------------------------
// Surveys and custom programs (C-28, C-29)
// ---------------------------------------------------------------------------------------------

async function recordCompletion(
  deps: Deps,
  shop: ShopRow,
  body: Extract<InboundEventBody, { type: "survey.completed" | "custom.completed" }>,
) {
  const kind: EarnEventKind = body.type === "survey.completed" ? "survey" : "custom";
  const { programs } = await eventContextOf(deps, shop.id);
  const { nowIso, offset } = earningInputsOf(deps, shop);
  const event = kind === "survey" ? "fill_survey" : "custom_program";
  const program = body.programId
    ? (programs.find((p) => p.id === body.programId && p.event === event) ?? null)
    : activeProgramOf(programs, event, nowIso, offset);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findEventByExternal(trx, shop.id, kind, body.source, body.id);
    if (existing) return duplicateOf(existing);
    const customer = await customerOf(trx, shop.id, body.customer);
    return complete(
      deps,
      trx,
      shop,
      kind,
      body.source,
      body.id,
      program as FillSurveyProgram | CustomProgram | null,
      customer,
    );
  });
}

async function complete(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  kind: EarnEventKind,
  source: string,
  externalId: string,
  program: FillSurveyProgram | CustomProgram | null,
  customerFound: CustomerRow | null,
) {
  const { now, nowIso, offset } = earningInputsOf(deps, shop);
  const running = program ? activeProgramOf([program], program.event, nowIso, offset) : null;
  const customer = customerFound ? await lockCustomer(trx, shop.id, customerFound.id) : null;
  const skip: EventSkipReason | null = running
    ? await mayEarn(deps, trx, shop, customer, running, kind)
    : "no_active_program";
  const id = deps.newId(kind === "survey" ? "svy" : "cus");
  const points = skip ? 0 : (running?.config.earnPoint ?? 0);
  const inserted = await repo.insertEvent(trx, {
    shop_id: shop.id,
    id,
    kind,
    source,
    external_id: externalId,
    program_id: program?.id ?? null,
    customer_id: customer?.id ?? null,
    status: skip ? "disapproved" : "completed",
    reason: skip ? eventSkipMessages[skip] : null,
    points_due: points,
    created_at: now,
    decided_at: now,
  });
  if (!inserted) {
    const raced = await repo.findEventByExternal(trx, shop.id, kind, source, externalId);
    if (raced) return duplicateOf(raced);
  }
  let paid = 0;
  if (points > 0 && customer && program) {
    paid = await pay(
      trx,
      shop,
      customer.id,
      EVENT_ACTIVITY.custom,
      points,
      `${kind}:${id}:earn`,
      program.id,
      `${kind}:${id}`,
      program.title,
    );
    await repo.setPointsPaid(trx, shop.id, id, paid);
  }
  return {
    outcome: "recorded" as const,
    id,
    status: skip ? "disapproved" : "completed",
    pointsAwarded: paid,
  };
}

/** `POST /apiSa/earn-events/custom/:programId/award` (C-28): the merchant awards a custom program. */
export async function awardCustomProgram(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  programId: string,
  body: { customerId: string; note?: string | undefined },
): Promise<EarnEvent> {
  const { programs } = await eventContextOf(deps, shop.id);
  const program = programs.find(
    (p): p is CustomProgram => p.id === programId && p.event === "custom_program",
  );
  if (!program) throw new AppError("program_not_custom", 404);
  return deps.db.transaction().execute(async (trx) => {
    const customer = await findCustomer(trx, shop.id, body.customerId);
    if (!customer)
      throw new AppError("not_found", 404, "Customer not found.", [
        { field: "customerId", message: "Customer not found." },
      ]);
    const result = await complete(deps, trx, shop, "custom", "admin", deps.newId("adm"), program, customer);
    await auditWrite(trx, shop.id, actor, "custom_program.awarded", {
      programId,
      customerId: customer.id,
      note: body.note ?? null,
    });
    return presentEvent(await eventWithCustomerOrThrow(trx, shop.id, result.id));
  });
}

// ---------------------------------------------------------------------------------------------
// Lists (G-14, G-16)
// ---------------------------------------------------------------------------------------------

function presentEvent(r: repo.EarnEventWithCustomer): EarnEvent {
  const name = [r.first_name, r.last_name].filter(Boolean).join(" ");
  return {
    id: r.id,
    kind: r.kind,
    source: r.source,
    programId: r.program_id,
    customer: r.customer_id
      ? { id: r.customer_id, name: name || (r.email ?? r.customer_id), email: r.email }
      : null,
    status: r.status,
    reason: r.reason,
    rating: r.rating,
    content: r.content,
    mediaCount: r.media_count,
    verifiedBuyer: r.verified_buyer,
    productId: r.product_id,
    url: r.url,
    pointsDue: r.points_due,
    pointsPaid: r.points_paid,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  };
}

async function eventWithCustomerOrThrow(trx: Tx, shopId: string, id: string) {
  const row = await repo.findEventWithCustomer(trx, shopId, id);
  if (!row) throw new AppError("not_found", 404);
  return row;
}

export async function listEarnEvents(
  deps: Deps,
  shopId: string,
  kinds: readonly EarnEventKind[],
  q: { status?: string | undefined; page: number; pageSize: number; customerId?: string | undefined },
): Promise<EarnEventList> {
  const filter = {
    ...(q.status ? { status: q.status } : {}),
    ...(q.customerId ? { customerId: q.customerId } : {}),
  };
  const [rows, counts] = await Promise.all([
    repo.listEvents(deps.db, shopId, kinds, filter, q.page, q.pageSize),
    repo.countByStatus(deps.db, shopId, kinds, q.customerId),
  ]);
  const total = q.status ? (counts[q.status] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { items: rows.map(presentEvent), total, page: q.page, pageSize: q.pageSize, counts };
}

// ---------------------------------------------------------------------------------------------
// The widget's ways to earn of these kinds
// ---------------------------------------------------------------------------------------------

export async function listShopperEventWays(deps: Deps, auth: ProxyAuth) {
  const { shop, programs } = await eventContextOf(deps, auth.shopId);
  const { nowIso, offset } = earningInputsOf(deps, shop);
  const running = programs.filter((p) => activeProgramOf([p], p.event, nowIso, offset) !== null);
  if (running.length === 0) return { ways: [] };
  const customer = auth.platformCustomerId
    ? await findCustomerByPlatformId(deps.db, shop.id, auth.platformCustomerId)
    : undefined;
  const events = customer
    ? await repo.listCustomerEvents(deps.db, shop.id, customer.id, [
        "review",
        "google_review",
        "survey",
        "custom",
      ])
    : [];
  const ways = running.map((p) => {
    const mine = events.filter((e) => e.program_id === p.id);
    const used = mine
      .filter((e) => e.status !== "rejected" && e.status !== "disapproved")
      .map((e) => ({ programId: p.id, at: e.created_at.toISOString() }));
    const limited = !isWithinEventLimit(p, used, nowIso, offset);
    let state: "available" | "done" | "pending" | "locked" = customer ? "available" : "locked";
    if (customer && mine.some((e) => e.status === "pending")) state = "pending";
    else if (customer && limited) state = "done";
    const c = p.config as Record<string, unknown>;
    const link =
      p.event === "write_review"
        ? (c.redirectLink as string) || "/collections/all"
        : p.event === "google_maps_review"
          ? (c.placeUrl as string) || null
          : p.event === "fill_survey"
            ? (c.surveyUrl as string) || null
            : p.event === "custom_program"
              ? (c.actionUrl as string) || null
              : null;
    const pointsOf =
      p.event === "milestone"
        ? Math.max(0, ...p.config.milestones.map((m) => m.earnPoint))
        : p.config.earnPoint;
    const detail =
      p.event === "milestone"
        ? p.config.milestones.map((m) => m.value).join(", ")
        : p.event === "google_maps_review"
          ? String(p.config.instantPoints)
          : null;
    return { programId: p.id, event: p.event, title: p.title, points: pointsOf, state, link, detail };
  });
  return { ways };
}

// ---------------------------------------------------------------------------------------------
// Growth rewards (F-09, X-33)
// ---------------------------------------------------------------------------------------------

export async function getGrowthRewards(deps: Deps, shop: ShopRow): Promise<GrowthRewards> {
  const tier = planTierOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
  const [lifetimeOrders, claims] = await Promise.all([
    repo.lifetimeOrders(deps.db, shop.id),
    repo.listGrowthClaims(deps.db, shop.id),
  ]);
  const rewards = growthRewardsOf({ lifetimeOrders, tier, claimed: new Set(claims.map((c) => c.threshold)) });
  return {
    lifetimeOrders,
    factor: growthPlanFactor(tier),
    rewards,
    bonusFreeOrders: claims.reduce((s, c) => s + c.free_orders, 0),
  };
}

/** Claims a reached growth reward once; anything else is 'Failed to claim free order.' */
export async function claimGrowthReward(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  threshold: number,
): Promise<GrowthRewards> {
  const current = await getGrowthRewards(deps, shop);
  const reward = current.rewards.find((r) => r.threshold === threshold);
  if (reward?.state !== "claimable") throw new AppError("growth_claim_failed", 409);
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertGrowthClaim(
      trx,
      shop.id,
      threshold,
      reward.freeOrders,
      deps.clock.now(),
    );
    if (!inserted) throw new AppError("growth_claim_failed", 409);
    await auditWrite(trx, shop.id, actor, "growth_reward.claimed", {
      threshold,
      freeOrders: reward.freeOrders,
    });
  });
  return getGrowthRewards(deps, shop);
}
