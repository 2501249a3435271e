import { z } from "zod";
import type { RouteContract } from "./api";
import { MAX_COUNT, queryCount, TEXT_LIMITS, text } from "./bounds";

/**
 * Earning from events (issue 15 part 2): the signed inbound endpoint review-app and survey
 * connectors call (`POST /inbound/events`, decision 0100), the review and Google review queues
 * (G-14, G-16), custom awards (C-28), growth rewards (F-09) and the storefront's Google review link
 * (G-15). The domain keeps the same vocabularies (apps/api/test/earn-events.test.ts checks them).
 */
export const reviewStatusValues = ["pending", "approved", "disapproved"] as const;
export const googleReviewStatusValues = ["pending", "approved", "rejected"] as const;
export const reviewAppValues = [
  "judgeme",
  "yotpo",
  "stamped",
  "loox",
  "fera",
  "air_reviews",
  "laurel",
] as const;

/** Inbound signature headers (decision 0100). */
export const INBOUND_SHOP_HEADER = "x-laurel-shop-domain";
export const INBOUND_SIGNATURE_HEADER = "x-laurel-signature";
/** Seconds a signed request stays valid either side of the server's clock. */
export const INBOUND_REPLAY_WINDOW_SECONDS = 300;

const inboundCustomer = z
  .strictObject({
    id: text("customer.id", TEXT_LIMITS.id).min(1, "customer.id must not be empty.").optional(),
    email: text("customer.email", 254).min(3, "customer.email must be an e-mail address.").optional(),
  })
  .refine((c) => c.id !== undefined || c.email !== undefined, "customer needs an id or an email.");

const externalId = text("id", 200).min(1, "id must not be empty.");

export const inboundEventBody = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("review.created"),
      id: externalId,
      source: z.enum(reviewAppValues, { error: `source must be one of ${reviewAppValues.join(", ")}.` }),
      customer: inboundCustomer,
      review: z.strictObject({
        rating: z
          .number({ error: "review.rating must be a whole number from 1 to 5." })
          .int("review.rating must be a whole number from 1 to 5.")
          .min(1, "review.rating must be a whole number from 1 to 5.")
          .max(5, "review.rating must be a whole number from 1 to 5."),
        content: text("review.content", 10_000),
        mediaCount: z
          .number({ error: "review.mediaCount must be a whole number." })
          .int("review.mediaCount must be a whole number.")
          .min(0, "review.mediaCount must be 0 or more.")
          .max(100, "review.mediaCount must be 100 or less.")
          .default(0),
        productId: text("review.productId", TEXT_LIMITS.id).optional(),
        verifiedBuyer: z.boolean().default(false),
      }),
    }),
    z.strictObject({
      type: z.literal("survey.completed"),
      id: externalId,
      source: text("source", 50).min(1, "source must not be empty."),
      programId: text("programId", TEXT_LIMITS.id).optional(),
      customer: inboundCustomer,
    }),
    z.strictObject({
      type: z.literal("custom.completed"),
      id: externalId,
      source: text("source", 50).min(1, "source must not be empty."),
      programId: text("programId", TEXT_LIMITS.id).min(1, "programId must not be empty."),
      customer: inboundCustomer,
    }),
  ],
  { error: "type must be review.created, survey.completed or custom.completed." },
);
export type InboundEventBody = z.infer<typeof inboundEventBody>;

export const inboundEventResult = z.object({
  outcome: z.enum(["recorded", "duplicate"]),
  id: z.string(),
  status: z.string(),
  pointsAwarded: z.number(),
});

export const inboundKeyResponse = z.object({
  endpoint: z.string(),
  shopDomain: z.string(),
  secret: z.string(),
  replayWindowSeconds: z.number(),
});

const listPaging = {
  page: queryCount("page", 1, MAX_COUNT).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(25),
  customerId: text("customerId", TEXT_LIMITS.id).optional(),
};
export const reviewListQuery = z.strictObject({
  status: z.enum(reviewStatusValues, { error: "status must be pending, approved or disapproved" }).optional(),
  ...listPaging,
});
export const googleReviewListQuery = z.strictObject({
  status: z
    .enum(googleReviewStatusValues, { error: "status must be pending, approved or rejected" })
    .optional(),
  ...listPaging,
});
/**
 * G-14, G-16 (K-05's pattern): the review list or the Google review list exported as a job with
 * the list's status tab; none exports every status. 'No reviews found to export' when none match.
 */
export const startReviewExportBody = z.strictObject({
  status: z.enum(reviewStatusValues, { error: "status must be pending, approved or disapproved" }).optional(),
});
export const startGoogleReviewExportBody = z.strictObject({
  status: z
    .enum(googleReviewStatusValues, { error: "status must be pending, approved or rejected" })
    .optional(),
});
export const reviewExportSchema = z.object({
  id: z.string(),
  kind: z.enum(["review", "google_review"]),
  statusFilter: z.string().nullable(),
  status: z.enum(["queued", "running", "done", "failed"]),
  totalRows: z.number().int(),
  doneRows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReviewExport = z.infer<typeof reviewExportSchema>;
export const reviewExportMessages = {
  review: { failed: "Failed to export reviews", empty: "No reviews found to export" },
  google_review: { failed: "Failed to export Google reviews", empty: "No Google reviews found to export" },
} as const;

export const eventActivityListQuery = z.strictObject({
  kind: z.enum(["survey", "custom"]).optional(),
  ...listPaging,
});

export const earnEventSchema = z.object({
  id: z.string(),
  kind: z.enum(["review", "google_review", "survey", "custom"]),
  source: z.string(),
  programId: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  status: z.string(),
  reason: z.string().nullable(),
  rating: z.number().nullable(),
  content: z.string().nullable(),
  mediaCount: z.number(),
  verifiedBuyer: z.boolean(),
  productId: z.string().nullable(),
  url: z.string().nullable(),
  pointsDue: z.number(),
  pointsPaid: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type EarnEvent = z.infer<typeof earnEventSchema>;

export const earnEventListResponse = z.object({
  items: z.array(earnEventSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.record(z.string(), z.number()),
});
export type EarnEventList = z.infer<typeof earnEventListResponse>;

export const reviewStatusBody = z.strictObject({
  status: z.enum(["approved", "disapproved"], { error: "status must be approved or disapproved" }),
  reason: text("reason", TEXT_LIMITS.note).optional(),
});
export const googleReviewStatusBody = z.strictObject({
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  reason: text("reason", TEXT_LIMITS.note).optional(),
});

export const customAwardBody = z.strictObject({
  customerId: text("customerId", TEXT_LIMITS.id).min(1, "customerId must not be empty."),
  note: text("note", TEXT_LIMITS.note).optional(),
});

export const growthRewardSchema = z.object({
  threshold: z.number(),
  freeOrders: z.number(),
  state: z.enum(["locked", "claimable", "claimed"]),
});
export const growthRewardsResponse = z.object({
  lifetimeOrders: z.number(),
  factor: z.number(),
  rewards: z.array(growthRewardSchema),
  bonusFreeOrders: z.number(),
});
export type GrowthRewards = z.infer<typeof growthRewardsResponse>;

/** G-15: the link the shopper submits from the widget. */
export const proxyGoogleReviewBody = z.strictObject({
  url: text("url", 2_048).min(1, "You must enter a link from Google Maps"),
});
export const proxyGoogleReviewResult = z.object({
  id: z.string(),
  status: z.enum(googleReviewStatusValues),
  instantPoints: z.number(),
});

/** Ways to earn of these kinds, as the widget shows them (state + action). */
export const proxyEventWaysResponse = z.object({
  ways: z.array(
    z.object({
      programId: z.string(),
      event: z.string(),
      title: z.string(),
      points: z.number(),
      state: z.enum(["available", "done", "pending", "locked"]),
      link: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Review-app connectors (decision 0158): a vendor's own webhook, mapped to review.created.
// ---------------------------------------------------------------------------------------------

/** The review apps whose webhooks Laurel reads as they are sent. */
export const reviewConnectorVendors = ["judgeme"] as const;
export type ReviewConnectorVendor = (typeof reviewConnectorVendors)[number];

/** Judge.me signs the raw body: HMAC-SHA256 with the shop's Judge.me secret (hex). */
export const JUDGEME_SIGNATURE_HEADERS = ["judgeme-v2-hmac-sha256", "judgeme-hmac-sha256"] as const;

const vendorId = z.union([
  z.string().min(1).max(200),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);
/**
 * Judge.me's `review/created` webhook body: the review as its API shapes it. Only the fields Laurel
 * reads are checked; the rest of Judge.me's review is ignored.
 */
export const judgeMeReviewWebhook = z.object({
  review: z.object(
    {
      id: vendorId,
      rating: z
        .number({ error: "review.rating must be a whole number from 1 to 5." })
        .int("review.rating must be a whole number from 1 to 5.")
        .min(1, "review.rating must be a whole number from 1 to 5.")
        .max(5, "review.rating must be a whole number from 1 to 5."),
      title: z.string().max(1_000).nullish(),
      body: z.string().max(20_000).nullish(),
      product_external_id: vendorId.nullish(),
      verified: z.string().max(50).nullish(),
      pictures: z.array(z.unknown()).max(100).nullish(),
      has_published_videos: z.boolean().nullish(),
      reviewer: z.object(
        {
          external_id: vendorId.nullish(),
          email: z.string().max(254).nullish(),
        },
        { error: "review.reviewer is required." },
      ),
    },
    { error: "review is required." },
  ),
});
export type JudgeMeReviewWebhook = z.infer<typeof judgeMeReviewWebhook>;

export const reviewConnectorParams = z.object({
  vendor: z.enum(reviewConnectorVendors, {
    error: `vendor must be one of ${reviewConnectorVendors.join(", ")}.`,
  }),
});
export const vendorWebhookParams = reviewConnectorParams.extend({
  shop: z.string().min(1).max(255),
});
export const reviewConnectorBody = z.strictObject({
  secret: text("secret", 200)
    .trim()
    .min(8, "secret must be the signing secret from the review app (at least 8 characters)."),
});
export const reviewConnectorsResponse = z.object({
  connectors: z.array(
    z.object({
      vendor: z.enum(reviewConnectorVendors),
      connected: z.boolean(),
      webhookUrl: z.string(),
      connectedAt: z.string().nullable(),
      lastEventAt: z.string().nullable(),
    }),
  ),
});
export type ReviewConnectors = z.infer<typeof reviewConnectorsResponse>;

export const earnEventRoutes = {
  "POST /inbound/vendors/:vendor/:shop": {
    summary:
      "A review app's own webhook (Judge.me review/created), verified with the shop's secret for that app and recorded as review.created",
    guard: "webhook",
    // No `body` here: the vendor's payload carries fields Laurel does not read, so it cannot refuse
    // unknown fields (decision 0030); `judgeMeReviewWebhook` bounds every field Laurel reads.
    response: inboundEventResult,
  },
  "GET /apiSa/earn-events/connectors": {
    summary: "The review apps that can be connected, their webhook URL and whether each is connected",
    guard: "admin",
    response: reviewConnectorsResponse,
  },
  "PUT /apiSa/earn-events/connectors/:vendor": {
    summary: "Connect a review app: keep the secret it signs its webhooks with",
    guard: "admin",
    body: reviewConnectorBody,
    response: reviewConnectorsResponse,
  },
  "DELETE /apiSa/earn-events/connectors/:vendor": {
    summary: "Disconnect a review app: its webhooks are refused from now on",
    guard: "admin",
    response: reviewConnectorsResponse,
  },
  "POST /inbound/events": {
    summary:
      "Signed inbound events from review apps and survey tools (review.created, survey.completed, custom.completed); HMAC per shop, replay window, idempotent by id",
    guard: "webhook",
    body: inboundEventBody,
    response: inboundEventResult,
  },
  "GET /apiSa/earn-events/inbound": {
    summary: "The inbound endpoint, the shop's domain and its signing secret (created on first read)",
    guard: "admin",
    response: inboundKeyResponse,
  },
  "POST /apiSa/earn-events/inbound/rotate": {
    summary: "Replace the inbound signing secret",
    guard: "admin",
    response: inboundKeyResponse,
  },
  "GET /apiSa/earn-events/reviews": {
    summary: "Review activity, newest first, by status, with counts (G-14)",
    guard: "admin",
    query: reviewListQuery,
    response: earnEventListResponse,
  },
  "PUT /apiSa/earn-events/reviews/:id": {
    summary: "Approve or disapprove a review (G-12; disapproval deducts the points)",
    guard: "admin",
    body: reviewStatusBody,
    response: earnEventSchema,
  },
  "GET /apiSa/earn-events/google-reviews": {
    summary: "Google Maps review queue, newest first, by status, with counts (G-16)",
    guard: "admin",
    query: googleReviewListQuery,
    response: earnEventListResponse,
  },
  "PUT /apiSa/earn-events/google-reviews/:id": {
    summary: "Approve (the rest of the points) or reject (instant points back) a Google review (G-15, G-16)",
    guard: "admin",
    body: googleReviewStatusBody,
    response: earnEventSchema,
  },
  "POST /apiSa/earn-events/reviews/exports": {
    summary:
      "Export the review activity as a job (G-14) with the list's status; e-mailed when ready; 404 'No reviews found to export'",
    guard: "admin",
    body: startReviewExportBody,
    response: reviewExportSchema,
  },
  "POST /apiSa/earn-events/google-reviews/exports": {
    summary:
      "Export the Google Maps reviews as a job (G-16) with the list's status; e-mailed when ready; 404 'No Google reviews found to export'",
    guard: "admin",
    body: startGoogleReviewExportBody,
    response: reviewExportSchema,
  },
  "GET /apiSa/earn-events/exports/:id": {
    summary: "A review or Google review export's progress",
    guard: "admin",
    response: reviewExportSchema,
  },
  "GET /apiSa/earn-events/exports/:id/file.csv": {
    summary: "A finished review or Google review export's CSV, streamed",
    guard: "admin",
    response: z.string(),
  },
  "GET /apiSa/earn-events/activity": {
    summary: "Survey and custom program completions, newest first (C-28, C-29)",
    guard: "admin",
    query: eventActivityListQuery,
    response: earnEventListResponse,
  },
  "POST /apiSa/earn-events/custom/:programId/award": {
    summary: "Award a custom program's points to a customer (C-28)",
    guard: "admin",
    body: customAwardBody,
    response: earnEventSchema,
  },
  "GET /apiSa/growth-rewards": {
    summary: "Growth rewards: free orders by lifetime orders, claimable and claimed (F-09)",
    guard: "admin",
    response: growthRewardsResponse,
  },
  "POST /apiSa/growth-rewards/:threshold/claim": {
    summary: "Claim a growth reward ('Failed to claim free order.')",
    guard: "admin",
    response: growthRewardsResponse,
  },
  "GET /proxy/earn-events/ways": {
    summary: "The shopper's ways to earn of the event kinds, each with its state and action",
    guard: "proxy",
    response: proxyEventWaysResponse,
  },
  "POST /proxy/earn-events/google-review": {
    summary: "Submit a Google Maps review link (G-15): pending, with the instant points",
    guard: "proxy",
    body: proxyGoogleReviewBody,
    response: proxyGoogleReviewResult,
  },
} satisfies Record<string, RouteContract>;
