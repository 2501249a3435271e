/** The Developers section's API key (M-07): one query-key factory for the resource (DESIGN §6). */
export const apiKeyKeys = {
  all: ["api-key"] as const,
};
