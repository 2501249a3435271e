/** Query keys of the VIP tiers (issue 10). Invalidate everything with `.all`. */
export const tierKeys = {
  all: ["tiers"] as const,
  /** `GET /tiers`: settings, tiers, lifecycle state and the latest run. */
  program: (kind: "vip" | "b2b" = "vip") =>
    kind === "vip" ? ([...tierKeys.all, "program"] as const) : ([...tierKeys.all, "b2b", "program"] as const),
  /** `GET /tiers/runs`: the launch-tier records (I-11). */
  runs: (kind: "vip" | "b2b" = "vip") =>
    kind === "vip" ? ([...tierKeys.all, "runs"] as const) : ([...tierKeys.all, "b2b", "runs"] as const),
  /** `GET /tiers/stuck-coupons`: tier coupons the platform has not made (decision 0173). */
  stuckCoupons: () => [...tierKeys.all, "stuck-coupons"] as const,
  stuckCouponsPage: (page: number) => [...tierKeys.stuckCoupons(), page] as const,
};
