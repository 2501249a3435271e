/** Query keys of the VIP tiers (issue 10). Invalidate everything with `.all`. */
export const tierKeys = {
  all: ["tiers"] as const,
  /** `GET /tiers`: settings, tiers, lifecycle state and the latest run. */
  program: () => [...tierKeys.all, "program"] as const,
  /** `POST /tiers/preview`, computed for what is being edited now. */
  preview: () => [...tierKeys.all, "preview"] as const,
};
