import { z } from "zod";
import { MAX_COUNT, MAX_POINTS_PER_ACTION, queryCount, TEXT_LIMITS, text } from "./bounds";
import { customerTypeSchema, pageInfoSchema, proxyCouponSchema } from "./proxy";

/** Paging of the admin lists: `page` from 1, `pageSize` up to 100. */
const pagingQuery = z.object({
  page: queryCount("page", 1, MAX_COUNT).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});

/** A bulk adjustment moves each selected customer by at most one action's maximum. */
const MAX_MANUAL_ADJUSTMENT_BULK = MAX_POINTS_PER_ACTION;

/** J-03: the list's tabs. `left_segment` is the customers the merchant excluded (J-05). */
export const customerListTabs = ["all", "member", "guest", "left", "b2b", "left_segment"] as const;
export type CustomerListTab = (typeof customerListTabs)[number];
/** J-03: newest and oldest by creation, name A→Z, points highest first. */
export const customerListSorts = ["newest", "oldest", "name", "points"] as const;
export type CustomerListSort = (typeof customerListSorts)[number];

/** Admin customers API (`/apiSa/customers…`, J-03): one keyset page of a tab, sorted, searched. */
export const customersListQuery = z.object({
  tab: z
    .enum(customerListTabs, { error: `Tab must be one of: ${customerListTabs.join(", ")}.` })
    .default("all"),
  sort: z
    .enum(customerListSorts, { error: `Sort must be one of: ${customerListSorts.join(", ")}.` })
    .default("newest"),
  /** Prefix of the e-mail, the full name, the last name or the phone digits (case-insensitive), or the platform customer id. */
  search: text("search", TEXT_LIMITS.search).trim().optional(),
  /** The `nextCursor` of the previous page. */
  cursor: text("cursor", 500).optional(),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});
export type CustomersListQuery = z.infer<typeof customersListQuery>;

/** J-15: the export takes the list's tab and search (rows in creation order, newest first). */
export const customersExportQuery = customersListQuery.pick({ tab: true, search: true });

export const customerSummarySchema = z.object({
  id: z.string(),
  platformCustomerId: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  /** MM/DD, or null. */
  birthday: z.string().nullable(),
  type: customerTypeSchema,
  /** J-05: `excluded` by the merchant (the Left segment) or `deleted` from the store. */
  leftReason: z.enum(["excluded", "deleted"]).nullable(),
  isB2b: z.boolean(),
  joinedAt: z.string().nullable(),
  availablePoints: z.number().int(),
  pendingPoints: z.number().int(),
  tierPoints: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** admin, user, pos or system. */
  updatedSource: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** A list row: the summary plus its orders (J-03 columns "spent" and "orders"). */
export const customerListItemSchema = customerSummarySchema.extend({
  ordersCount: z.number().int(),
  amountSpentMinor: z.number().int(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customersListResponse = z.object({
  customers: z.array(customerListItemSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  currency: z.string(),
});
export type CustomersListResponse = z.infer<typeof customersListResponse>;

/** J-02 children info: a child's gender, as the merchant records it. */
export const customerChildGenders = ["girl", "boy", "other"] as const;
/** J-02: how many children a profile keeps. */
export const MAX_CUSTOMER_CHILDREN = 10;

/** J-02 children info: name, gender and birth date (YYYY-MM-DD, a real day; the service refuses the future). */
export const customerChildSchema = z.strictObject({
  name: text("Child's name", 100).trim().min(1, "Child's name is required."),
  gender: z
    .enum(customerChildGenders, { error: `Gender must be one of: ${customerChildGenders.join(", ")}.` })
    .nullable(),
  birthDate: text("Birth date", 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Birth date must be YYYY-MM-DD.")
    .refine((d) => {
      const at = new Date(`${d}T00:00:00Z`);
      return (
        !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d && at.getUTCFullYear() >= 1900
      );
    }, "Birth date is not a real day.")
    .nullable(),
});
export type CustomerChild = z.infer<typeof customerChildSchema>;

/** J-04 children info: the whole list, replaced on save (at most ten). */
export const putCustomerChildrenBody = z.strictObject({
  children: z
    .array(customerChildSchema)
    .max(MAX_CUSTOMER_CHILDREN, `A customer can have at most ${MAX_CUSTOMER_CHILDREN} children.`),
});
export type PutCustomerChildrenBody = z.infer<typeof putCustomerChildrenBody>;
export const customerChildrenResponse = z.object({ children: z.array(customerChildSchema) });

/** J-04 overview: balances plus lifetime figures, and the children info. */
export const customerProfileSchema = z.object({
  customer: customerSummarySchema,
  children: z.array(customerChildSchema),
  stats: z.object({
    lifetimeEarned: z.number().int(),
    lifetimeSpent: z.number().int(),
    ordersCount: z.number().int(),
    amountSpentMinor: z.number().int(),
    averageOrderMinor: z.number().int(),
    lastOrderAt: z.string().nullable(),
    currency: z.string(),
  }),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** J-04 personal information: name, birthday (MM/DD), phone; null clears a field. */
export const updateCustomerBody = z
  .strictObject({
    firstName: text("First name", TEXT_LIMITS.title).trim().nullable().optional(),
    lastName: text("Last name", TEXT_LIMITS.title).trim().nullable().optional(),
    phone: text("Phone", 30)
      .trim()
      .regex(/^\+?[0-9 ().-]{3,30}$/, "Phone must contain digits, spaces, (), . or - only.")
      .nullable()
      .optional(),
    birthday: text("Birthday", 10)
      .trim()
      .regex(/^\d{1,2}[/.-]\d{1,2}$/, "Birthday must be MM/DD.")
      .nullable()
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "Send at least one field to change.");
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

/** J-05: exclude from the program, or join (back). */
export const membershipBody = z.strictObject({
  action: z.enum(["exclude", "join"], { error: "Action must be exclude or join." }),
});
export type MembershipBody = z.infer<typeof membershipBody>;

/** J-03 bulk actions on selected customers (at most one page of 100). */
export const bulkCustomersBody = z.discriminatedUnion(
  "action",
  [
    z.strictObject({
      action: z.literal("adjust_points"),
      ids: z.array(text("ids", TEXT_LIMITS.id)).min(1, "Select at least one customer.").max(100),
      points: z
        .number({ error: "Points must be a whole number." })
        .int("Points must be a whole number.")
        .min(
          -MAX_MANUAL_ADJUSTMENT_BULK,
          `Points must be between -${MAX_MANUAL_ADJUSTMENT_BULK} and ${MAX_MANUAL_ADJUSTMENT_BULK}.`,
        )
        .max(
          MAX_MANUAL_ADJUSTMENT_BULK,
          `Points must be between -${MAX_MANUAL_ADJUSTMENT_BULK} and ${MAX_MANUAL_ADJUSTMENT_BULK}.`,
        )
        .refine((n) => n !== 0, "Points can't be 0."),
      note: text("Note", TEXT_LIMITS.note).trim().optional(),
    }),
    z.strictObject({
      action: z.enum(["exclude", "join"]),
      ids: z.array(text("ids", TEXT_LIMITS.id)).min(1, "Select at least one customer.").max(100),
    }),
  ],
  { error: "Action must be adjust_points, exclude or join." },
);
export type BulkCustomersBody = z.infer<typeof bulkCustomersBody>;

export const bulkCustomersResponse = z.object({
  /** How many customers changed (replays and unchanged ones excluded). */
  changed: z.number().int(),
  /** Ids not found in this shop. */
  missing: z.array(z.string()),
});

export const adminActivitySchema = z.object({
  id: z.string(),
  activityType: z.string(),
  points: z.number().int(),
  pendingPoints: z.number().int(),
  tierPoints: z.number().int(),
  programId: z.string().nullable(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

/** H-21: the activity sub-tabs (a copy of the domain's `activityFilters`). */
export const customerActivityFilters = [
  "all",
  "points",
  "tier",
  "email",
  "order",
  "referral",
  "earned",
  "redeemed",
  "refunded",
  "expired",
  "entry_reward",
  "admin",
] as const;
export type CustomerActivityFilter = (typeof customerActivityFilters)[number];

export const customerActivitiesQuery = pagingQuery.extend({
  filter: z
    .enum(customerActivityFilters, { error: `Filter must be one of: ${customerActivityFilters.join(", ")}.` })
    .default("all"),
});

export const customerActivitiesResponse = z.object({
  activities: z.array(adminActivitySchema),
  pageInfo: pageInfoSchema,
});

/**
 * J-04 "VIP tier changes": why a member's tier moved. `order` covers orders and their refunds,
 * `adjustment` a manual adjustment that affected the tier, `review` a review's points, `manual` a
 * tier set by hand, `exclusive` a tier set by hand to or from an exclusive tier (decision 0169).
 */
export const tierChangeReasons = [
  "order",
  "adjustment",
  "review",
  "launch",
  "relaunch",
  "demotion",
  "manual",
  "exclusive",
  "import",
  "migration",
] as const;
export type TierChangeReasonName = (typeof tierChangeReasons)[number];

export const customerTierChangeSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The tier's name (null: no tier); a tier since deleted keeps its id in `fromTierId`/`toTierId`. */
  fromTier: z.string().nullable(),
  toTier: z.string().nullable(),
  fromTierId: z.string().nullable(),
  toTierId: z.string().nullable(),
  reason: z.enum(tierChangeReasons),
});
export type CustomerTierChange = z.infer<typeof customerTierChangeSchema>;

export const customerTierChangesQuery = pagingQuery;

export const customerTierChangesResponse = z.object({
  tierChanges: z.array(customerTierChangeSchema),
  pageInfo: pageInfoSchema,
  /** The store's IANA time zone: dates are shown in it. */
  timeZone: z.string(),
});
export type CustomerTierChangesResponse = z.infer<typeof customerTierChangesResponse>;

/** H-14: a manual adjustment; a negative number subtracts and may take the balance below zero. */
export const MAX_MANUAL_ADJUSTMENT = 10_000_000;
export const adjustPointsBody = z.strictObject({
  points: z
    .number({ error: "Points must be a whole number." })
    .int("Points must be a whole number.")
    .min(
      -MAX_MANUAL_ADJUSTMENT,
      `Points must be between -${MAX_MANUAL_ADJUSTMENT} and ${MAX_MANUAL_ADJUSTMENT}.`,
    )
    .max(
      MAX_MANUAL_ADJUSTMENT,
      `Points must be between -${MAX_MANUAL_ADJUSTMENT} and ${MAX_MANUAL_ADJUSTMENT}.`,
    )
    .refine((n) => n !== 0, "Points can't be 0."),
  note: text("Note", TEXT_LIMITS.note).trim().optional(),
  /** J-17, H-14: the tier points move too ("adjust tier point"), and the member's tier is re-decided. */
  affectTier: z.boolean({ error: "Affect tier must be true or false." }).optional(),
});
export type AdjustPointsBody = z.infer<typeof adjustPointsBody>;

export const adjustPointsResponse = z.object({
  customer: customerSummarySchema,
  activity: adminActivitySchema,
  replayed: z.boolean(),
});

/** H-11: a coupon in the customer's history as the merchant sees it, with its order and revoke reason. */
export const adminCouponSchema = proxyCouponSchema.extend({
  usedOrderId: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const customerCouponsResponse = z.object({ coupons: z.array(adminCouponSchema) });

/** H-13: a merchant revoking a coupon must enter an admin note; it is the coupon's revoke reason. */
export const revokeCouponBody = z.strictObject({
  note: text("Note", TEXT_LIMITS.note, "Please enter an admin note")
    .trim()
    .min(1, "Please enter an admin note"),
});
export type RevokeCouponBody = z.infer<typeof revokeCouponBody>;

export const revokeCouponResponse = z.object({
  coupon: adminCouponSchema,
  customer: customerSummarySchema,
  /** The `refund_coupon` entry, with the merchant as actor and the note. */
  activity: adminActivitySchema,
});

/** K-01, K-03: point activity across the shop, newest first, filtered; keyset pages. */
const storeDay = (label: string) =>
  text(label, 10, `${label} must be a date (YYYY-MM-DD).`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label} must be a real date.`);
export const shopActivityQuery = z
  .object({
    /** An activity code (H-01…H-05), e.g. `adjust_point`. */
    action: text("action", 60)
      .regex(/^[a-z_]+$/, "Action must be an activity code.")
      .optional(),
    program: text("program", TEXT_LIMITS.id).optional(),
    /** Days in the store's time zone, both included. */
    from: storeDay("From").optional(),
    to: storeDay("To").optional(),
    /** Prefix of the customer's e-mail. */
    customer: text("customer", TEXT_LIMITS.search).trim().optional(),
    cursor: text("cursor", 19)
      .regex(/^\d{1,19}$/, "The cursor is not one this list gave.")
      .optional(),
    pageSize: queryCount("pageSize", 1, 100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "From must be on or before To.",
    path: ["from"],
  });
export type ShopActivityQuery = z.infer<typeof shopActivityQuery>;

export const shopActivitySchema = adminActivitySchema.extend({
  customerId: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  programTitle: z.string().nullable(),
});

export const shopActivityResponse = z.object({
  activities: z.array(shopActivitySchema),
  nextCursor: z.string().nullable(),
});
export type ShopActivityResponse = z.infer<typeof shopActivityResponse>;

/** J-15: a customer export run in the background, with its progress. */
export const customerExportStatuses = ["queued", "running", "done", "failed"] as const;
export const customerExportSchema = z.object({
  id: z.string(),
  tab: z.enum(customerListTabs),
  search: z.string().nullable(),
  status: z.enum(customerExportStatuses),
  totalRows: z.number().int(),
  doneRows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

/** `POST /apiSa/customers/exports`: the tab and search of the list to export. */
export const startCustomerExportBody = z.strictObject({
  tab: z
    .enum(customerListTabs, { error: `Tab must be one of: ${customerListTabs.join(", ")}.` })
    .default("all"),
  search: text("search", TEXT_LIMITS.search).trim().optional(),
});
export type StartCustomerExportBody = z.infer<typeof startCustomerExportBody>;

/** K-05: the point activity list's filters (K-01) an export is asked for. */
const activityFilterFields = {
  action: text("action", 60)
    .regex(/^[a-z_]+$/, "Action must be an activity code.")
    .optional(),
  program: text("program", TEXT_LIMITS.id).optional(),
  from: storeDay("From").optional(),
  to: storeDay("To").optional(),
  customer: text("customer", TEXT_LIMITS.search).trim().optional(),
};

/** `POST /apiSa/activities/exports` (K-05): the list's filters; none exports every entry. */
export const startActivityExportBody = z
  .strictObject(activityFilterFields)
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "From must be on or before To.",
    path: ["from"],
  });
export type StartActivityExportBody = z.infer<typeof startActivityExportBody>;

export const activityExportSchema = z.object({
  id: z.string(),
  filters: z.object({
    action: z.string().optional(),
    program: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    customer: z.string().optional(),
  }),
  status: z.enum(customerExportStatuses),
  totalRows: z.number().int(),
  doneRows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ActivityExport = z.infer<typeof activityExportSchema>;

/** J-21: a bulk re-sync of the store's customers (`waiting` while a VIP tier launch runs, I-10). */
export const customerSyncStatuses = ["queued", "waiting", "running", "done", "failed"] as const;
export const customerSyncSchema = z.object({
  id: z.string(),
  status: z.enum(customerSyncStatuses),
  totalRows: z.number().int(),
  doneRows: z.number().int(),
  /** Customers whose copy in Laurel changed (a re-run over an unchanged store changes none). */
  changedRows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CustomerSync = z.infer<typeof customerSyncSchema>;

/** `POST /apiSa/customers/sync`: nothing to choose (every customer of the store); no other field. */
export const startCustomerSyncBody = z.strictObject({});
export type StartCustomerSyncBody = z.infer<typeof startCustomerSyncBody>;
