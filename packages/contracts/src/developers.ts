import { z } from "zod";
import { customerSummarySchema, shopActivityQuery, shopActivityResponse } from "./customers";

/**
 * M-07, H-06 (decision 0170): the merchant API's key. The list shows the key's prefix, never the
 * key; the key itself is in the answer of the call that made it, once.
 */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  /** The key's first characters, e.g. `lrl_live_ab12`, shown as `lrl_live_ab12…`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const apiKeyViewSchema = z.object({
  /** The shop's live key, or null when it has none. */
  key: apiKeySummarySchema.nullable(),
  /** Where the merchant API lives, for the section's instructions. */
  baseUrl: z.string(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The answer of generate and rotate: the only time the key is ever sent. */
export const createdApiKeySchema = z.object({
  key: apiKeySummarySchema,
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The routes of the Developers section and the merchant API, in `apiRoutes`. */
export const developerRoutes = {
  "GET /apiSa/developers/api-key": {
    summary:
      "Developers (M-07): the shop's live merchant API key (prefix, created, last used), never the key",
    guard: "admin",
    response: apiKeyViewSchema,
  },
  "POST /apiSa/developers/api-key": {
    summary: "Generate the merchant API key; the answer holds the key, shown this once (H-06)",
    guard: "admin",
    response: createdApiKeySchema,
  },
  "POST /apiSa/developers/api-key/rotate": {
    summary: "Replace the key: the old one stops working at once; the answer holds the new key, once",
    guard: "admin",
    response: createdApiKeySchema,
  },
  "DELETE /apiSa/developers/api-key": {
    summary: "Revoke the key: it stops working at once",
    guard: "admin",
    response: z.null(),
  },
  "GET /api/v1/customers/:id": {
    summary: "Merchant API: one customer with their points balance (available, pending, tier points)",
    guard: "apiKey",
    response: customerSummarySchema,
  },
  "GET /api/v1/points/activity": {
    summary: "Merchant API: point activity across the shop, newest first; filters; keyset pages",
    guard: "apiKey",
    query: shopActivityQuery,
    response: shopActivityResponse,
  },
} as const;
