import {
  customAwardBody,
  eventActivityListQuery,
  googleReviewListQuery,
  googleReviewStatusBody,
  INBOUND_SHOP_HEADER,
  INBOUND_SIGNATURE_HEADER,
  JUDGEME_SIGNATURE_HEADERS,
  proxyGoogleReviewBody,
  reviewConnectorBody,
  reviewConnectorParams,
  reviewListQuery,
  reviewStatusBody,
  startGoogleReviewExportBody,
  startReviewExportBody,
  vendorWebhookParams,
} from "@laurel/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin, requireProxy } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { proxyRateLimitKey } from "../storefront/proxy.guard";
import {
  awardCustomProgram,
  claimGrowthReward,
  getGrowthRewards,
  getInboundKey,
  listEarnEvents,
  listShopperEventWays,
  receiveInboundEvent,
  rotateInboundKey,
  setGoogleReviewStatus,
  setReviewStatus,
  submitGoogleReview,
} from "./earn-events.service";
import {
  connectReviewApp,
  disconnectReviewApp,
  listReviewConnectors,
  receiveVendorReview,
} from "./review-connectors";
import { getReviewExport, reviewExportFile, startReviewExport } from "./review-export";

const admin = { config: { guard: "admin" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });
const programParams = z.object({ programId: z.string().min(1).max(100) });
const thresholdParams = z.object({
  threshold: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(1_000_000),
  ),
});
/** A review with its text is small; 64 KiB leaves room for any connector's envelope. */
const INBOUND_BODY_LIMIT = 64 * 1024;

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === "string" ? v : undefined;
};

/** Issue 15 part 2: the inbound endpoint, review queues, custom awards, growth rewards, widget ways. */
export async function registerEarnEventRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const callerOf = async (request: FastifyRequest) => {
    const auth = requireAdmin(request);
    return { auth, shop: await getShopOrThrow(deps, auth.shopId) };
  };

  await app.register(async (scope) => {
    // Raw bytes for the signature: this scope's parser keeps the Buffer (decision 0100).
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: INBOUND_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      "/inbound/events",
      { config: { guard: "webhook" }, bodyLimit: INBOUND_BODY_LIMIT },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await receiveInboundEvent(
          deps,
          {
            shopDomain: header(request, INBOUND_SHOP_HEADER),
            signature: header(request, INBOUND_SIGNATURE_HEADER),
          },
          raw,
        );
        return ok(result);
      },
    );
    // Decision 0158: a review app's own webhook, signed its own way.
    scope.post(
      "/inbound/vendors/:vendor/:shop",
      { config: { guard: "webhook" }, bodyLimit: INBOUND_BODY_LIMIT },
      async (request) => {
        const { vendor, shop } = parseInput(vendorWebhookParams, request.params);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = JUDGEME_SIGNATURE_HEADERS.map((h) => header(request, h)).find(
          (v) => v !== undefined,
        );
        return ok(await receiveVendorReview(deps, vendor, shop, signature, raw));
      },
    );
  });

  app.get("/apiSa/earn-events/connectors", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await listReviewConnectors(deps, shop));
  });
  app.put("/apiSa/earn-events/connectors/:vendor", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { vendor } = parseInput(reviewConnectorParams, request.params);
    const { secret } = parseInput(reviewConnectorBody, request.body);
    return ok(await connectReviewApp(deps, shop, auth, vendor, secret), "Updated successfully");
  });
  app.delete("/apiSa/earn-events/connectors/:vendor", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { vendor } = parseInput(reviewConnectorParams, request.params);
    return ok(await disconnectReviewApp(deps, shop, auth, vendor), "Updated successfully");
  });

  app.get("/apiSa/earn-events/inbound", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await getInboundKey(deps, shop));
  });
  app.post("/apiSa/earn-events/inbound/rotate", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    return ok(await rotateInboundKey(deps, shop, auth), "Updated successfully");
  });
  app.get("/apiSa/earn-events/reviews", admin, async (request) => {
    const auth = requireAdmin(request);
    return ok(
      await listEarnEvents(deps, auth.shopId, ["review"], parseInput(reviewListQuery, request.query)),
    );
  });
  app.put("/apiSa/earn-events/reviews/:id", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(reviewStatusBody, request.body);
    return ok(await setReviewStatus(deps, shop, auth, id, body), "Updated successfully");
  });
  app.get("/apiSa/earn-events/google-reviews", admin, async (request) => {
    const auth = requireAdmin(request);
    return ok(
      await listEarnEvents(
        deps,
        auth.shopId,
        ["google_review"],
        parseInput(googleReviewListQuery, request.query),
      ),
    );
  });
  app.put("/apiSa/earn-events/google-reviews/:id", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(googleReviewStatusBody, request.body);
    return ok(await setGoogleReviewStatus(deps, shop, auth, id, body), "Updated successfully");
  });
  // G-14, G-16: the review lists exported as a job (Essential-gated), e-mailed when ready.
  app.post("/apiSa/earn-events/reviews/exports", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(startReviewExportBody, request.body ?? {});
    return ok(await startReviewExport(deps, auth.shopId, auth, "review", body), "Export started");
  });
  app.post("/apiSa/earn-events/google-reviews/exports", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(startGoogleReviewExportBody, request.body ?? {});
    return ok(await startReviewExport(deps, auth.shopId, auth, "google_review", body), "Export started");
  });
  app.get("/apiSa/earn-events/exports/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getReviewExport(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/earn-events/exports/:id/file.csv", admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const auth = requireAdmin(request);
    const row = await getReviewExport(deps, auth.shopId, id);
    const csv = await reviewExportFile(deps, auth.shopId, id);
    const name = row.kind === "review" ? "reviews" : "google-reviews";
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}-${id}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  app.get("/apiSa/earn-events/activity", admin, async (request) => {
    const auth = requireAdmin(request);
    const q = parseInput(eventActivityListQuery, request.query);
    return ok(await listEarnEvents(deps, auth.shopId, q.kind ? [q.kind] : ["survey", "custom"], q));
  });
  app.post("/apiSa/earn-events/custom/:programId/award", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { programId } = parseInput(programParams, request.params);
    const body = parseInput(customAwardBody, request.body);
    return ok(await awardCustomProgram(deps, shop, auth, programId, body), "Points awarded");
  });
  app.get("/apiSa/growth-rewards", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await getGrowthRewards(deps, shop));
  });
  app.post("/apiSa/growth-rewards/:threshold/claim", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { threshold } = parseInput(thresholdParams, request.params);
    return ok(await claimGrowthReward(deps, shop, auth, threshold), "Claimed successfully");
  });

  const rateLimit = {
    max: deps.config.proxyRateLimit,
    timeWindow: "1 minute",
    keyGenerator: proxyRateLimitKey,
  };
  const proxy = { config: { guard: "proxy" as const, rateLimit } };
  app.get("/proxy/earn-events/ways", proxy, async (request) =>
    ok(await listShopperEventWays(deps, requireProxy(request))),
  );
  app.post("/proxy/earn-events/google-review", proxy, async (request) => {
    const { url } = parseInput(proxyGoogleReviewBody, request.body);
    return ok(await submitGoogleReview(deps, requireProxy(request), url), "Submitted successfully");
  });
}
