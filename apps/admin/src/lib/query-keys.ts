/**
 * One query-key factory per resource (DESIGN §6). Invalidate a whole resource with `.all`.
 */
export const shopKeys = {
  all: ["shop"] as const,
  /** `GET /shops`: the shop, its platform facts and the session. */
  current: () => [...shopKeys.all, "current"] as const,
  /** `GET /shopify/checkSupportAppBlock`. */
  appBlockSupport: () => [...shopKeys.all, "app-block-support"] as const,
};

export const devZoneKeys = {
  all: ["dev-zone"] as const,
  shops: () => [...devZoneKeys.all, "shops"] as const,
};
