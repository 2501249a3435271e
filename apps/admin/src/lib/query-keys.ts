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
  priorOrderSync: (shopId: string) => [...devZoneKeys.all, "prior-order-sync", shopId] as const,
};

/** The internal zone's webhook log (P-01). */
export const webhookLogKeys = {
  all: ["webhook-log"] as const,
  lists: () => [...webhookLogKeys.all, "list"] as const,
  /** `GET /dev_zone/webhooks` with these filters and this page. */
  list: (params: Record<string, string | undefined>) => [...webhookLogKeys.lists(), params] as const,
  /** `GET /dev_zone/webhooks/:shopId/:webhookId`. */
  detail: (shopId: string, webhookId: string) =>
    [...webhookLogKeys.all, "detail", shopId, webhookId] as const,
};

/** Referrals (issue 18): settings, the list, the whitelist. */
export const referralKeys = {
  all: ["referrals"] as const,
  settings: () => [...referralKeys.all, "settings"] as const,
  whitelist: (search: string) => [...referralKeys.all, "whitelist", search] as const,
  branding: () => [...referralKeys.all, "branding"] as const,
};
/** `GET /apiSa/referrals` with this status filter and page. */
export const referralListKeys = {
  list: (status: string, page: number, referrerId = "") =>
    [...referralKeys.all, "list", status, page, referrerId] as const,
};

/** Reward programs (areas C, D): the lists by type and the "Add program" catalogue. */
export const programKeys = {
  all: ["programs"] as const,
  /** `GET /lp/programs/earning|spending`. */
  list: (type: "earning" | "spending") => [...programKeys.all, "list", type] as const,
  /** `GET /lp/programs/kinds`. */
  kinds: () => [...programKeys.all, "kinds"] as const,
  /** `GET /lp/programs/explain?q=`. */
  explain: (q: string) => [...programKeys.all, "explain", q] as const,
  /** `GET /lp/discounts/:functionId/:id` (D-20). */
  discount: (functionId: string, id: string) => [...programKeys.all, "discount", functionId, id] as const,
};

/** The customers area (J-03, J-04). */
export const customerKeys = {
  all: ["customers"] as const,
  /** `GET /customers` with this tab, sort, search and page. */
  list: (params: Record<string, string | undefined>) => [...customerKeys.all, "list", params] as const,
  detail: (id: string) => [...customerKeys.all, "detail", id] as const,
  /** `GET /customers/:id/profile`. */
  profile: (id: string) => [...customerKeys.detail(id), "profile"] as const,
  /** `GET /customers/:id/activities` of one sub-tab and page. */
  activities: (id: string, filter: string, page: number) =>
    [...customerKeys.detail(id), "activities", filter, page] as const,
  /** `GET /customers/:id/tier-changes` (J-04) at this page. */
  tierChanges: (id: string, page: number) => [...customerKeys.detail(id), "tier-changes", page] as const,
  coupons: (id: string) => [...customerKeys.detail(id), "coupons"] as const,
  /** `GET /tiers/members/:id` (I-17, I-18): the customer's VIP and B2B partner tiers. */
  tiers: (id: string) => [...customerKeys.detail(id), "tiers"] as const,
  /** `GET /activities` (K-01) with these filters and this page. */
  shopActivity: (params: Record<string, string | undefined>) =>
    [...customerKeys.all, "activity", params] as const,
  /** `GET /activities/exports/:id` (K-05): one activity export's progress. */
  activityExport: (id: string) => [...customerKeys.all, "activity-export", id] as const,
  /** `GET /customers/exports/:id` (J-15): one export's progress. */
  export: (id: string) => [...customerKeys.all, "export", id] as const,
  /** `GET /customers/sync/:id` (J-21): one re-sync's progress. */
  sync: (id: string) => [...customerKeys.all, "sync", id] as const,
};

/** The store's catalogue for the program editors' pickers (C-20, D-05). */
export const catalogueKeys = {
  all: ["catalogue"] as const,
  /** `GET /lp/catalogue/products|collections?q=`. */
  search: (kind: "products" | "collections", q: string) => [...catalogueKeys.all, kind, q] as const,
};

/** On-site (issue 12): the widget design. */
export const onsiteKeys = {
  all: ["onsite"] as const,
  /** `GET /apiSa/storefront/widget-design`. */
  design: () => [...onsiteKeys.all, "widget-design"] as const,
  /** `GET /apiSa/storefront/faqs`. */
  faqs: () => [...onsiteKeys.all, "faqs"] as const,
  /** `GET /apiSa/storefront/popups/:kind`. */
  popup: (kind: string) => [...onsiteKeys.all, "popups", kind] as const,
  /** `GET /apiSa/storefront/checkout-discount`. */
  checkoutDiscount: () => [...onsiteKeys.all, "checkout-discount"] as const,
  /** `GET /apiSa/storefront/loyalty-page`. */
  loyaltyPage: () => [...onsiteKeys.all, "loyalty-page"] as const,
  /** `GET /apiSa/storefront/point-calculator`. */
  pointCalculator: () => [...onsiteKeys.all, "point-calculator"] as const,
  /** `GET /apiSa/storefront/signup-block`. */
  signupBlock: () => [...onsiteKeys.all, "signup-block"] as const,
  /** `GET /apiSa/storefront/customer-login`. */
  customerLogin: () => [...onsiteKeys.all, "customer-login"] as const,
};

/** Earning from events (issue 15 part 2): review queues, growth rewards, the inbound key. */
export const earnEventKeys = {
  all: ["earn-events"] as const,
  /** `GET /earn-events/reviews` or `/google-reviews` with this status and page. */
  list: (kind: string, status: string, page: number) => [...earnEventKeys.all, kind, status, page] as const,
  growth: () => [...earnEventKeys.all, "growth"] as const,
  inbound: () => [...earnEventKeys.all, "inbound"] as const,
  connectors: () => [...earnEventKeys.all, "connectors"] as const,
  /** `GET /earn-events/exports/:id`: a review or Google review export's progress. */
  export: (id: string) => [...earnEventKeys.all, "export", id] as const,
};

/** Customer imports (J-07 … J-12): the history and one import's progress. */
export const customerImportKeys = {
  all: ["customer-imports"] as const,
  /** `GET /customers/imports` from this cursor. */
  list: (cursor: string | undefined) => [...customerImportKeys.all, "list", cursor ?? ""] as const,
  /** `GET /customers/imports/:id`. */
  detail: (id: string) => [...customerImportKeys.all, "detail", id] as const,
};

/** Analytics (issue 13): `GET /analytics` per page, range and tab; `GET /dashboard`. */
export const analyticsKeys = {
  all: ["analytics"] as const,
  report: (params: Record<string, string | undefined>) => [...analyticsKeys.all, "report", params] as const,
  dashboard: () => [...analyticsKeys.all, "dashboard"] as const,
  weeklyReport: () => [...analyticsKeys.all, "weekly-report"] as const,
};
