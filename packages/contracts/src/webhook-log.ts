import { z } from "zod";

/**
 * The internal zone's webhook log (`/apiSa/dev_zone/webhooks…`, P-01, issue 16): recorded
 * deliveries, newest first, and "process again" for a failed one.
 */
export const webhookDeliveryStatuses = ["received", "processed", "failed"] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const WEBHOOK_LOG_DEFAULT_LIMIT = 25;
export const WEBHOOK_LOG_MAX_LIMIT = 100;
/** Status counts stop at this many: a count never scans a whole backlog (decision 0050). */
export const WEBHOOK_LOG_COUNT_CAP = 10_000;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const webhookLogQuery = z.object({
  /** A shop's id or its myshopify domain; absent = every shop. */
  shop: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, "shop must be 255 characters or fewer").optional(),
  ),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(webhookDeliveryStatuses, { error: "status must be received, processed or failed" }).optional(),
  ),
  topic: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(100, "topic must be 100 characters or fewer")
      .regex(/^[a-z_]+\/[a-z_]+$/, "topic must look like orders/paid")
      .optional(),
  ),
  /** `nextCursor` of the previous page: deliveries older than it. */
  cursor: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(19, "cursor must be a cursor from a previous page")
      .regex(/^\d{1,19}$/, "cursor must be a cursor from a previous page")
      .optional(),
  ),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(WEBHOOK_LOG_MAX_LIMIT, `limit must be ${WEBHOOK_LOG_MAX_LIMIT} or less`)
    .default(WEBHOOK_LOG_DEFAULT_LIMIT),
});
export type WebhookLogQuery = z.infer<typeof webhookLogQuery>;

export const webhookDeliverySummarySchema = z.object({
  shopId: z.string(),
  shopDomain: z.string(),
  shopName: z.string(),
  webhookId: z.string(),
  topic: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** Redeliveries of the same webhook id, acknowledged and not applied. */
  duplicates: z.number().int(),
  lastError: z.string().nullable(),
  /** The platform order the delivery is about (orders/*, refunds/create). */
  orderKey: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** Arrival order across every shop. */
  seq: z.string(),
});
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummarySchema>;

/** Deliveries per status under the shop and topic filters, each capped at WEBHOOK_LOG_COUNT_CAP. */
export const webhookLogCountsSchema = z.object({
  received: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
});
export type WebhookLogCounts = z.infer<typeof webhookLogCountsSchema>;

export const webhookLogResponse = z.object({
  deliveries: z.array(webhookDeliverySummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  counts: webhookLogCountsSchema,
  countCap: z.number().int(),
});
export type WebhookLogResponse = z.infer<typeof webhookLogResponse>;

export const webhookDeliveryDetailSchema = webhookDeliverySummarySchema.extend({
  /** The body as received, indented for reading (numbers and strings byte for byte). */
  body: z.string().nullable(),
  leaseUntil: z.string().nullable(),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
