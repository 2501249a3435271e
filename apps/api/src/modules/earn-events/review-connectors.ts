import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type InboundEventBody,
  inboundEventBody,
  type JudgeMeReviewWebhook,
  judgeMeReviewWebhook,
  type ReviewConnectors,
  type ReviewConnectorVendor,
  reviewConnectorVendors,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import * as repo from "./earn-events.repository";
import { recordReview } from "./earn-events.service";

/**
 * Decision 0158: review apps that cannot sign the way `/inbound/events` asks (they send their own
 * webhook, signed their own way) post to `/inbound/vendors/{vendor}/{shop}`. Laurel verifies the
 * vendor's signature with the secret the merchant copied from that app, maps the vendor's review to
 * `review.created` and records it exactly like the inbound endpoint (idempotent by the vendor's id).
 */

const unauthorized = () => new AppError("inbound_unauthorized", 401);

/** Judge.me: HMAC-SHA256 of the raw body with the shop's Judge.me secret; hex (base64 accepted too). */
export function judgeMeSignature(secret: string, raw: Buffer | string): string {
  return createHmac("sha256", secret).update(raw).digest("hex");
}

function verifyJudgeMe(secret: string, header: string | undefined, raw: Buffer): boolean {
  if (!header || header.length > 200) return false;
  const mac = createHmac("sha256", secret).update(raw).digest();
  const given = /^[0-9a-f]{64}$/i.test(header)
    ? Buffer.from(header, "hex")
    : /^[A-Za-z0-9+/]{43}=$/.test(header)
      ? Buffer.from(header, "base64")
      : null;
  return given !== null && given.length === mac.length && timingSafeEqual(given, mac);
}

/** Judge.me's review as Laurel's `review.created` (source `judgeme`). */
export function reviewFromJudgeMe(
  body: JudgeMeReviewWebhook,
): Extract<InboundEventBody, { type: "review.created" }> {
  const r = body.review;
  const platformId = r.reviewer.external_id == null ? undefined : String(r.reviewer.external_id);
  const email = r.reviewer.email?.trim() || undefined;
  if (!platformId && !email) {
    throw new AppError("validation_failed", 400, "review.reviewer needs an external_id or an email.", [
      { field: "review.reviewer", message: "review.reviewer needs an external_id or an email." },
    ]);
  }
  const content = [r.title, r.body]
    .map((s) => s?.trim() ?? "")
    .filter((s) => s !== "")
    .join("\n");
  return {
    type: "review.created",
    id: String(r.id),
    source: "judgeme",
    customer: { ...(platformId ? { id: platformId } : {}), ...(email ? { email } : {}) },
    review: {
      rating: r.rating,
      content: content.slice(0, 10_000),
      mediaCount: Math.min(100, (r.pictures?.length ?? 0) + (r.has_published_videos ? 1 : 0)),
      ...(r.product_external_id == null ? {} : { productId: String(r.product_external_id) }),
      verifiedBuyer: r.verified === "buyer",
    },
  } as Extract<InboundEventBody, { type: "review.created" }>;
}

/** `POST /inbound/vendors/:vendor/:shop`. */
export async function receiveVendorReview(
  deps: Deps,
  vendor: ReviewConnectorVendor,
  shopDomain: string,
  signature: string | undefined,
  raw: Buffer,
) {
  const context = await deps.shopContexts.byDomain(shopDomain.toLowerCase());
  if (!context) throw unauthorized();
  const connector = await repo.findReviewConnector(deps.db, context.shop.id, vendor);
  if (!connector || !verifyJudgeMe(connector.secret, signature, raw)) throw unauthorized();
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new AppError("malformed_json", 400);
  }
  const mapped = reviewFromJudgeMe(parseInput(judgeMeReviewWebhook, json));
  const review = parseInput(inboundEventBody, mapped) as typeof mapped;
  const result = await recordReview(deps, context.shop, review);
  await repo.touchReviewConnector(deps.db, context.shop.id, vendor, deps.clock.now());
  return result;
}

export async function listReviewConnectors(deps: Deps, shop: ShopRow): Promise<ReviewConnectors> {
  const rows = new Map((await repo.listReviewConnectors(deps.db, shop.id)).map((r) => [r.vendor, r]));
  const base = deps.config.appUrl.replace(/\/$/, "");
  return {
    connectors: reviewConnectorVendors.map((vendor) => {
      const row = rows.get(vendor);
      return {
        vendor,
        connected: row !== undefined,
        webhookUrl: `${base}/inbound/vendors/${vendor}/${shop.shopify_domain}`,
        connectedAt: row?.connected_at.toISOString() ?? null,
        lastEventAt: row?.last_event_at?.toISOString() ?? null,
      };
    }),
  };
}

export async function connectReviewApp(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  vendor: ReviewConnectorVendor,
  secret: string,
): Promise<ReviewConnectors> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertReviewConnector(trx, shop.id, vendor, secret, deps.clock.now());
    await auditWrite(trx, shop.id, actor, "review_connector.connected", { vendor });
  });
  return listReviewConnectors(deps, shop);
}

export async function disconnectReviewApp(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  vendor: ReviewConnectorVendor,
): Promise<ReviewConnectors> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteReviewConnector(trx, shop.id, vendor);
    await auditWrite(trx, shop.id, actor, "review_connector.disconnected", { vendor });
  });
  return listReviewConnectors(deps, shop);
}
