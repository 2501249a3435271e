/** Query keys of the rest of Membership (issue 10). Invalidate everything with `.all`. */
export const membershipKeys = {
  all: ["membership"] as const,
  /** `GET /membership`: each membership's state, B2B requirements, the subscription gate. */
  overview: () => [...membershipKeys.all, "overview"] as const,
  /** `GET /membership/exclusive-deal`. */
  exclusiveDeal: () => [...membershipKeys.all, "exclusive-deal"] as const,
  /** `GET /tiers/design`: the VIP Design tab. */
  tierDesign: () => [...membershipKeys.all, "tier-design"] as const,
};
