/** Query keys of the VIP tiers (issue 10). Invalidate everything with `.all`. */
export const tierKeys = {
  all: ["tiers"] as const,
  /** `GET /tiers`: settings, tiers, lifecycle state and the latest run. */
  program: () => [...tierKeys.all, "program"] as const,
  /** `GET /tiers/runs`: the launch-tier records (I-11). */
  runs: () => [...tierKeys.all, "runs"] as const,
  /** `GET /tiers/stuck-coupons`: tier coupons the platform has not made (decision 0173). */
  stuckCoupons: () => [...tierKeys.all, "stuck-coupons"] as const,
  stuckCouponsPage: (page: number) => [...tierKeys.stuckCoupons(), page] as const,
};
