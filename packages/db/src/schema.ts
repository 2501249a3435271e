import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps come back as Date and are written as Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (node-pg would turn arrays into SQL arrays). */
export type Json<T> = ColumnType<T, string | undefined, string>;

export interface ShopsTable {
  id: string;
  shopify_domain: string;
  platform: ColumnType<"demo" | "shopify", "demo" | "shopify" | undefined, "demo" | "shopify">;
  name: string;
  email: Generated<string>;
  domain: string | null;
  shopify_plan: string | null;
  plan: Generated<string>;
  promo_type: string | null;
  is_trial_used: Generated<boolean>;
  plan_discount_code: string | null;
  installed_at: DefaultTimestamp;
  uninstalled_at: NullableTimestamp;
  access_app_at: NullableTimestamp;
  sub_start_at: NullableTimestamp;
  is_first_login: Generated<boolean>;
  setup_done: Generated<boolean>;
  logo_default: string | null;
  custom_css: string | null;
  count_transactions: Generated<number>;
  should_limit_transactions: Generated<boolean>;
  transaction_limit: number | null;
  disabled_embed_app: Generated<boolean>;
  is_dismiss_quick_setup: Generated<boolean>;
  is_non_dev_shop: Generated<boolean>;
  is_enable_pos_pro3: Generated<boolean>;
  /** B-39, M-04 (migration 0185): a shop below Essential may still change its primary colour. */
  is_allow_free_change_primary_color: Generated<boolean>;
  is_blocked_store: Generated<boolean>;
  speed_app_installed: boolean | null;
  enable_ai_agent: Generated<boolean>;
  ai_assistant_consent: Generated<boolean>;
  ai_assistant_consent_timestamp: NullableTimestamp;
  banners_dismiss: Json<string[]>;
  tag_feedback_submit: Json<string[]>;
  promo_show_at: NullableTimestamp;
  promo_holiday_sale_show_at: NullableTimestamp;
  customize_for_shops: Json<string[]>;
  custom_features: Json<string[]>;
  settings: Json<ShopSettingsJson>;
  /** H-08: the inactivity cutoff the shop's point expiry last ran through (decision 0016). */
  points_expired_until: NullableTimestamp;
  platform_info: Json<PlatformInfoJson>;
  access_token: string | null;
  subscription: ColumnType<SubscriptionJson | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Migration 0208: the access scopes the platform granted (I-21; null = not known). */
  granted_scopes: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

export interface SubscriptionJson {
  platformChargeId: string;
  name: string;
  status: string;
  updatedAt: string;
}

export type WebhookDeliveryStatus = "received" | "processed" | "failed";

export interface WebhookDeliveriesTable {
  shop_id: string;
  webhook_id: string;
  topic: string;
  received_at: DefaultTimestamp;
  /** Arrival order (bigserial; fits in 2^53, read as a number). */
  seq: ColumnType<number, never, never>;
  body: string | null;
  order_key: string | null;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  lease_until: NullableTimestamp;
  last_error: string | null;
  processed_at: NullableTimestamp;
  duplicates: Generated<number>;
}

export interface ShopSettingsJson {
  primaryLanguageInApp?: string;
  isShowSettingLanguage?: boolean;
  /** Which order event earns points (decision 0012; default `paid`). */
  orderEarningTrigger?: "created" | "paid" | "fulfilled";
  /** H-09: hold order points as pending for this long before they become available. */
  pendingPoints?: { enabled: boolean; value: number; unit: "day" | "month" };
  /** X-71: only these shoppers' e-mails see effects while sandbox mode is on. */
  sandbox?: { enabled: boolean; testEmails: string[] };
  /** C-22 shop-wide eligibility. */
  eligibility?: "all" | "only_dtc" | "manual_only";
  /** H-16: points per one currency unit (dynamic redemptions, money value of points). */
  exchangeRate?: number;
  /** H-12: coupon revoke settings (the domain's `CouponRevokeSettings`). */
  couponRevoke?: {
    enabled: boolean;
    maxRevokes: number | null;
    timeframe: { unit: "minute" | "hour" | "day" | "week" | "month" | "year" | "lifetime"; duration: number };
    timeLimit: { value: number; unit: "minute" | "hour" | "day" | "week" | "month" | "year" } | null;
  };
  /** H-07, H-08: points expire after this long without activity (the domain's `PointExpirySettings`). */
  pointExpiry?: { expiry: string; customDuration: string | null };
  /** M-09, M-10: the storefront languages (issue 11); e-mails are written in `primaryLanguage`. */
  translation?: { primaryLanguage?: string; detectMethod?: string; additionalLanguages?: string[] };
  /**
   * Issue 12: the loyalty page's FAQs and settings (N-10), the storefront popups by kind (N-08,
   * G-23, L-13), the checkout discount block (N-12) and the point calculator (N-20, decision 0168).
   */
  onsite?: {
    faqs?: unknown;
    popups?: Record<string, unknown>;
    checkoutDiscount?: unknown;
    loyaltyPage?: unknown;
    pointCalculator?: unknown;
    signupBlock?: unknown;
    customerLogin?: unknown;
    /** Decision 0168: the loyalty page's earlier slugs, newest first (they redirect). */
    loyaltyPageFormerSlugs?: unknown;
  };
  /** M-02 (decision 0166): null time zone = the platform's; null URLs and selector = none set. */
  general?: {
    timeZone: string | null;
    dateFormat: "month_day" | "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYY-MM-DD";
    loginRedirectUrl: string | null;
    signUpRedirectUrl: string | null;
    cartDrawerSelector: string | null;
    /** Decision 0176: tags added to orders that earn points and to their customers (absent = none). */
    orderTags?: string[];
    customerTags?: string[];
  };
  /** M-04: brand colours (lower-case hex) for e-mails and the loyalty page. */
  colors?: { primary: string; secondary: string; accent: string; loyaltyPageButton: string };
}

export interface PlatformInfoJson {
  shopOwner?: string;
  countryCode?: string;
  currency?: string;
  planName?: string;
  country?: string;
  address1?: string | null;
  phone?: string | null;
  ianaTimezone?: string;
  createdAt?: string;
  allOrdersCount?: number;
  isThemeOS2?: boolean;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  shop_id: string | null;
  is_staff: Generated<boolean>;
  failed_login_count: Generated<number>;
  failed_login_window_start: NullableTimestamp;
  locked_until: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  shop_id: string;
  impersonated_by: string | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  shop_id: string;
  id: Generated<number>;
  at: DefaultTimestamp;
  actor: string;
  impersonated_by: string | null;
  action: string;
  details: Json<Record<string, unknown>>;
}

/** The merchant API's keys (migration 0200, decision 0170): a SHA-256 hash, never the key. */
export interface ApiKeysTable {
  shop_id: string;
  id: string;
  lookup: string;
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  secret_hash: string;
  created_by: string | null;
  created_at: DefaultTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface MigrationsTable {
  id: string;
  applied_at: DefaultTimestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

export type CustomerType = "member" | "guest" | "left";

export interface CustomersTable {
  shop_id: string;
  id: string;
  platform_customer_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  type: ColumnType<CustomerType, CustomerType | undefined, CustomerType>;
  joined_at: NullableTimestamp;
  available_points: Generated<number>;
  pending_points: Generated<number>;
  tier_points: Generated<number>;
  redacted_at: NullableTimestamp;
  /** C-26: `subscribed`, `not_subscribed`, `unsubscribed`, `pending`, … as the platform last said. */
  email_marketing_state: string | null;
  email_marketing_updated_at: NullableTimestamp;
  /** E-10: on the referral whitelist (migration 0060). */
  referral_whitelisted: Generated<boolean>;
  /** J-02: phone as entered; birthday without a year (both or neither). */
  phone: string | null;
  /** The phone's digits (a generated column: never written). */
  phone_digits: GeneratedAlways<string | null>;
  birth_month: number | null;
  birth_day: number | null;
  /** G-06 (migration 0110): when the shopper last set the birthday; null when they never did. */
  birthday_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** J-03: a company (B2B) customer. */
  is_b2b: Generated<boolean>;
  /** J-05: why a customer is `left`: `excluded` by the merchant, or `deleted` from the store. */
  left_reason: "excluded" | "deleted" | null;
  /** J-02: who last changed the details: `admin`, `user`, `pos` or `system`. */
  updated_source: string | null;
  /** The platform's customer tags, as last told (migration 0072). */
  tags: Generated<string[]>;
  /**
   * The storefront language the shopper last used (`GET /proxy/customer?locale=`, migration 0214):
   * their e-mails are written in it when it is one of the shop's languages (decision 0179).
   */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface LedgerEntriesTable {
  shop_id: string;
  id: Generated<number>;
  customer_id: string;
  activity_type: string;
  available_delta: Generated<number>;
  pending_delta: Generated<number>;
  tier_points_delta: Generated<number>;
  idempotency_key: string;
  input_hash: string;
  reverses_entry_id: number | null;
  hold_id: string | null;
  program_id: string | null;
  source_ref: string | null;
  note: string | null;
  actor: string | null;
  expires_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export type HoldState = "reserved" | "posted" | "voided";

export interface HoldsTable {
  shop_id: string;
  id: string;
  customer_id: string;
  points: number;
  state: ColumnType<HoldState, HoldState | undefined, HoldState>;
  idempotency_key: string;
  created_at: DefaultTimestamp;
  resolved_at: NullableTimestamp;
}

export interface ComplianceExportsTable {
  shop_id: string;
  id: string;
  data_request_id: string;
  platform_customer_id: string;
  requested_at: DefaultTimestamp;
  data: Json<Record<string, unknown>>;
}

export interface DemoDiscountsTable {
  shop_id: string;
  id: string;
  code: string;
  request: Json<Record<string, unknown>>;
  active: Generated<boolean>;
  used_count: Generated<number>;
  last_used_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface DemoDiscountUsesTable {
  shop_id: string;
  discount_id: string;
  order_id: string;
  customer_id: string | null;
  email: string | null;
  used_at: Timestamp;
}

export interface DemoShoppersTable {
  shop_id: string;
  customer_id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  created_at: DefaultTimestamp;
}

export type DemoFinancialStatus = "paid" | "partially_refunded" | "refunded";

export interface DemoOrdersTable {
  shop_id: string;
  order_id: string;
  number: number;
  customer_id: string | null;
  email: string;
  financial_status: ColumnType<DemoFinancialStatus, DemoFinancialStatus | undefined, DemoFinancialStatus>;
  cancelled_at: NullableTimestamp;
  discount_code: string | null;
  data: Json<Record<string, unknown>>;
  refunds: Json<Record<string, unknown>[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface DemoWebhookDeliveriesTable {
  shop_id: string;
  webhook_id: string;
  topic: string;
  order_id: string | null;
  customer_id: string | null;
  body: string;
  status: number | null;
  error: string | null;
  attempts: Generated<number>;
  delivered_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface ProgramsTable {
  shop_id: string;
  id: string;
  type: string;
  event: string;
  title: string;
  translate_title: Json<Record<string, string>>;
  description: string | null;
  status: Generated<string>;
  priority: Generated<number>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  config: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type OrderStatus = "open" | "rewarded" | "logged" | "cancelled";

export interface OrdersTable {
  shop_id: string;
  order_id: string;
  customer_id: string | null;
  name: string | null;
  currency: string;
  total_minor: ColumnType<number, number | undefined, number>;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  reason: string | null;
  facts: Json<Record<string, unknown>>;
  earnable_minor: ColumnType<number, number | undefined, number>;
  refunded_minor: ColumnType<number, number | undefined, number>;
  points_awarded: Generated<number>;
  points_reversed: Generated<number>;
  pending_points: Generated<number>;
  pending_until: NullableTimestamp;
  paid_at: NullableTimestamp;
  fulfilled_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  rewarded_at: NullableTimestamp;
  ordered_at: Timestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface OrderRefundsTable {
  shop_id: string;
  refund_id: string;
  order_id: string;
  amount_minor: number;
  points_removed: Generated<number>;
  applied_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export type CouponStatus = "available" | "redeemed" | "revoked" | "expired";

export interface CouponsTable {
  shop_id: string;
  id: string;
  customer_id: string;
  program_id: string;
  /** Null for an earned coupon (no points spent, migration 0170). */
  hold_id: string | null;
  code: string;
  platform_discount_id: string | null;
  points: number;
  reward: Json<Record<string, unknown>>;
  status: ColumnType<CouponStatus, CouponStatus | undefined, CouponStatus>;
  expires_at: NullableTimestamp;
  used_at: NullableTimestamp;
  used_order_id: string | null;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  created_at: DefaultTimestamp;
  /** What earned a coupon given without points (`birthday:…`, `milestone:…`), unique per shop. */
  earned_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Referrals (migration 0060, issue 18). */
export interface ReferralSettingsTable {
  shop_id: string;
  settings: Json<Record<string, unknown>>;
  unlock_unlimited: Generated<boolean>;
  updated_at: DefaultTimestamp;
}

export interface ReferralLinksTable {
  shop_id: string;
  customer_id: string;
  code: string;
  device_ids: Json<string[]>;
  ip_hashes: Json<string[]>;
  created_at: DefaultTimestamp;
}

export type ReferralStatus = "pending" | "completed" | "canceled";

export interface ReferralsTable {
  shop_id: string;
  id: string;
  code: string;
  referrer_id: string;
  friend_id: string | null;
  friend_email: string | null;
  status: ReferralStatus;
  reason: string | null;
  device_id: string | null;
  ip_hash: string | null;
  order_id: string | null;
  friend_reward: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  referrer_reward: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  completed_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
}

/** E-13: the referral pages' design (migration 0140), validated by contracts. */
export interface ReferralBrandingTable {
  shop_id: string;
  branding: Json<Record<string, unknown>>;
  updated_at: DefaultTimestamp;
}

/** E-12: a referral export e-mailed as a signed link (migration 0140). */
export interface ReferralExportsTable {
  shop_id: string;
  id: string;
  status: "queued" | "ready" | "failed";
  filter: Json<Record<string, unknown>>;
  recipient: string;
  row_count: number | null;
  csv: string | null;
  requested_by: string | null;
  created_at: DefaultTimestamp;
  ready_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

/** Migration 0208 (decision 0174): the two tier programs, VIP tiers and B2B partner tiers. */
export type TierProgramKind = "vip" | "b2b";

/** VIP tiers (migration 0040, decision 0070); B2B partner tiers share the tables (migration 0208). */
export interface TierProgramsTable {
  shop_id: string;
  program: ColumnType<TierProgramKind, TierProgramKind | undefined, TierProgramKind>;
  status: ColumnType<
    "inactive" | "launched" | "deactivated",
    "inactive" | "launched" | "deactivated" | undefined
  >;
  settings: Json<Record<string, unknown>>;
  live: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  draft_changed_at: DefaultTimestamp;
  launched_at: NullableTimestamp;
  running_run_id: string | null;
  updated_at: DefaultTimestamp;
}

export interface TiersTable {
  shop_id: string;
  id: string;
  program: ColumnType<TierProgramKind, TierProgramKind | undefined, TierProgramKind>;
  name: string;
  milestone: number;
  exclusive: Generated<boolean>;
  entry_points: Generated<number>;
  icon: string | null;
  card_color: string | null;
  background_color: string | null;
  perks: Json<unknown[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Migration 0150: the entry coupon and the pre-tier reward (decision 0135). */
  entry_coupon: Json<Record<string, unknown>> | null;
  pre_tier: Json<Record<string, unknown>> | null;
}

export interface CustomerTiersTable {
  shop_id: string;
  customer_id: string;
  program: ColumnType<TierProgramKind, TierProgramKind | undefined, TierProgramKind>;
  tier_id: string | null;
  metric: Generated<number>;
  exclusive: Generated<boolean>;
  period_key: Generated<string>;
  changed_at: DefaultTimestamp;
}

export interface TierEntryGrantsTable {
  shop_id: string;
  customer_id: string;
  tier_id: string;
  period_key: string;
  points: number;
  granted_at: DefaultTimestamp;
  /** Migration 0150: entry or pre-tier reward, and the coupon it issues (decision 0135). */
  kind: Generated<"entry" | "pre_tier">;
  coupon: Json<Record<string, unknown>> | null;
  coupon_code: string | null;
  coupon_status: "to_issue" | "issued" | null;
  platform_discount_id: string | null;
  /** Migration 0207: platform calls made for the coupon, the last refusal and when (decision 0173). */
  coupon_attempts: Generated<number>;
  coupon_error: string | null;
  coupon_failed_at: NullableTimestamp;
}

export type TierChangeReason =
  | "order"
  | "launch"
  | "relaunch"
  | "demotion"
  | "direct"
  | "exclusive"
  /** A tier import (J-11) or a migration's tier step (J-14, `migrate_tier`): migration 0190. */
  | "import"
  | "migrate_tier";

export interface TierChangesTable {
  shop_id: string;
  id: Generated<number>;
  customer_id: string;
  from_tier_id: string | null;
  to_tier_id: string | null;
  reason: TierChangeReason;
  source_ref: string | null;
  created_at: DefaultTimestamp;
}

export type TierRunAction = "launch_tier" | "relaunch_tier" | "deactivated_tier";

export interface TierRunsTable {
  shop_id: string;
  id: string;
  program: ColumnType<TierProgramKind, TierProgramKind | undefined, TierProgramKind>;
  seq: Generated<number>;
  action: TierRunAction;
  status: ColumnType<"running" | "done" | "failed", "running" | "done" | "failed" | undefined>;
  total: Generated<number>;
  done: Generated<number>;
  cursor: string | null;
  change_notes: string | null;
  grant_entry_rewards: Generated<boolean>;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}

/**
 * Running totals of a customer's counting orders, kept by PostgreSQL from the orders rows
 * (migration 0070, decision 0071; never written by the app): spend less refunds, orders not
 * refunded in full, and the newest of those.
 */
export interface CustomerOrderTotalsTable {
  shop_id: string;
  customer_id: string;
  spent_minor: number;
  orders_counted: number;
  last_order_at: Date | null;
}

/** The rest of Membership (migration 0130, decisions 0115–0117). */
export interface TierSweepsTable {
  shop_id: string;
  /** Migration 0211: the tier program swept (decision 0174). */
  program: ColumnType<TierProgramKind, TierProgramKind | undefined, TierProgramKind>;
  store_day: string;
  status: ColumnType<"running" | "done", "running" | "done" | undefined>;
  cursor: string | null;
  members: Generated<number>;
  demoted: Generated<number>;
  notified: Generated<number>;
  started_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}

export interface TierDesignsTable {
  shop_id: string;
  design: Json<Record<string, unknown>>;
  updated_at: DefaultTimestamp;
}

export interface ExclusiveDealsTable {
  shop_id: string;
  enabled: Generated<boolean>;
  settings: Json<Record<string, unknown>>;
  design: Json<Record<string, unknown>>;
  image: string | null;
  updated_at: DefaultTimestamp;
}

/** Migration 0151: each member's own code for the exclusive deal (decision 0136). */
export interface ExclusiveDealCodesTable {
  shop_id: string;
  customer_id: string;
  deal_version: string;
  code: string;
  platform_discount_id: string | null;
  created_at: DefaultTimestamp;
}

/** The demo platform's order tags (migration 0210, decision 0176). */
export interface DemoOrderTagsTable {
  shop_id: string;
  order_id: string;
  tag: string;
}

export interface DemoCustomerTagsTable {
  shop_id: string;
  customer_id: string;
  tag: string;
}

/** Issue 11 (migration 0145): the demo store's e-mail marketing consent of its customers. */
export interface DemoCustomerMarketingConsentsTable {
  shop_id: string;
  customer_id: string;
  state: string;
  updated_at: Date;
}

export type TierSweepRow = Selectable<TierSweepsTable>;
export type ExclusiveDealRow = Selectable<ExclusiveDealsTable>;

export interface DB {
  referral_settings: ReferralSettingsTable;
  referral_links: ReferralLinksTable;
  referrals: ReferralsTable;
  tier_programs: TierProgramsTable;
  tiers: TiersTable;
  customer_tiers: CustomerTiersTable;
  customer_order_totals: CustomerOrderTotalsTable;
  tier_entry_grants: TierEntryGrantsTable;
  tier_changes: TierChangesTable;
  tier_runs: TierRunsTable;
  orders: OrdersTable;
  order_refunds: OrderRefundsTable;
  coupons: CouponsTable;
  programs: ProgramsTable;
  demo_discounts: DemoDiscountsTable;
  demo_discount_uses: DemoDiscountUsesTable;
  demo_shoppers: DemoShoppersTable;
  demo_orders: DemoOrdersTable;
  demo_webhook_deliveries: DemoWebhookDeliveriesTable;
  compliance_exports: ComplianceExportsTable;
  customers: CustomersTable;
  ledger_entries: LedgerEntriesTable;
  holds: HoldsTable;
  app_secrets: AppSecretsTable;
  shops: ShopsTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  laurel_migrations: MigrationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  notification_templates: NotificationTemplatesTable;
  notifications: NotificationsTable;
  notification_unsubscribes: NotificationUnsubscribesTable;
  mailbox_messages: MailboxMessagesTable;
  // Issue 11, L-06 … L-08 (decision 0110): how a shop's e-mails leave.
  mail_smtp_settings: MailSmtpSettingsTable;
  mail_domains: MailDomainsTable;
  mail_senders: MailSendersTable;
  // programs-rest (migration 0135): the demo store's catalogue for the admin's pickers.
  demo_products: DemoProductsTable;
  demo_collections: DemoCollectionsTable;
  // programs-rest (migration 0136): backtests run as jobs with progress.
  program_backtests: ProgramBacktestsTable;
  // Retroactive syncs (C-27, X-47, migration 0180): past orders once, sign up and newsletter any time.
  program_syncs: ProgramSyncsTable;
  // programs (migration 0155): members of the collections programs are scoped to.
  collection_products: CollectionProductsTable;
  collection_refreshes: CollectionRefreshesTable;
  // C-19 product type and tag conditions (migration 0209): the catalogue's facts order webhooks lack.
  product_facts: ProductFactsTable;
  // On-site (issue 12).
  storefront_uploads: StorefrontUploadsTable;
  inbound_keys: InboundKeysTable;
  earn_events: EarnEventsTable;
  milestone_grants: MilestoneGrantsTable;
  growth_claims: GrowthClaimsTable;
  review_connectors: ReviewConnectorsTable;
  // The rest of Membership (migration 0130).
  tier_sweeps: TierSweepsTable;
  tier_designs: TierDesignsTable;
  exclusive_deals: ExclusiveDealsTable;
  exclusive_deal_codes: ExclusiveDealCodesTable;
  demo_customer_tags: DemoCustomerTagsTable;
  // M-02 (migration 0210): the demo store's order tags, set through the platform port.
  demo_order_tags: DemoOrderTagsTable;
  // Issue 11 (migration 0145): the demo store's marketing consent, set through the platform port.
  demo_customer_marketing_consents: DemoCustomerMarketingConsentsTable;
  // Customer imports (issue 9, migration 0120).
  customer_imports: CustomerImportsTable;
  customer_import_rows: CustomerImportRowsTable;
  customer_tier_baselines: CustomerTierBaselinesTable;
  // The migration's order history (C-30 `migrate_order`, migration 0213, decision 0178).
  customer_migrated_orders: CustomerMigratedOrdersTable;
  // Children info on the profile (issue 9, migration 0165).
  customer_children: CustomerChildrenTable;
  // Customer exports as jobs (issue 9, migration 0167).
  customer_exports: CustomerExportsTable;
  customer_export_chunks: CustomerExportChunksTable;
  activity_exports: ActivityExportsTable;
  activity_export_chunks: CustomerExportChunksTable;
  // Review and Google review exports (G-14, G-16, migration 0213).
  review_exports: ReviewExportsTable;
  review_export_chunks: CustomerExportChunksTable;
  // Issue 13: analytics rollups (migration 0105).
  analytics_state: AnalyticsStateTable;
  analytics_points_daily: AnalyticsPointsDailyTable;
  analytics_orders_daily: AnalyticsOrdersDailyTable;
  analytics_customer_firsts: AnalyticsCustomerFirstsTable;
  // Referrals, the rest (issue 18, migration 0140).
  referral_branding: ReferralBrandingTable;
  referral_exports: ReferralExportsTable;
  // K-12: the weekly report (migration 0175).
  analytics_report_settings: AnalyticsReportSettingsTable;
  // K-10: analytics reports exported by e-mail (migration 0176).
  analytics_exports: AnalyticsExportsTable;
  // J-21: bulk customer re-syncs with the platform (migration 0177).
  customer_syncs: CustomerSyncsTable;
  past_order_taggings: PastOrderTaggingsTable;
}

export type ProgramBacktestStatus = "queued" | "running" | "done" | "failed";

/** A backtest run (0136): its request, its progress while the job reads orders, its result. */
export interface ProgramBacktestsTable {
  shop_id: string;
  id: string;
  status: ColumnType<ProgramBacktestStatus, ProgramBacktestStatus | undefined, ProgramBacktestStatus>;
  days: number;
  program_id: string | null;
  request: Json<Record<string, unknown>>;
  processed: Generated<number>;
  total: Generated<number>;
  result: Json<Record<string, unknown>> | null;
  error: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}

export type ProgramSyncKind = "prior_order" | "sign_up" | "newsletter";

/** A retroactive sync's run (0180): its progress while the job credits, then what it credited. */
export interface ProgramSyncsTable {
  shop_id: string;
  id: string;
  kind: ProgramSyncKind;
  status: ColumnType<ProgramBacktestStatus, ProgramBacktestStatus | undefined, ProgramBacktestStatus>;
  since: NullableTimestamp;
  processed: Generated<number>;
  total: Generated<number>;
  credited: Generated<number>;
  points: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
  /** Support allowed another past-order sync after this run (decision 0172): when, who, why. */
  unlocked_at: NullableTimestamp;
  unlocked_by: string | null;
  unlock_reason: string | null;
}

/** A product of a collection a program is scoped to, as the platform said at the last refresh (0155). */
export interface CollectionProductsTable {
  shop_id: string;
  collection_id: string;
  product_id: string;
}

export interface ProductFactsTable {
  shop_id: string;
  product_id: string;
  product_type: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  refreshed_at: DefaultTimestamp;
}

export interface CollectionRefreshesTable {
  shop_id: string;
  collection_id: string;
  products: Generated<number>;
  refreshed_at: DefaultTimestamp;
  /** Kept for `collection title` conditions (migration 0206); null for a collection named by id only. */
  title: string | null;
}

/** The demo store's products, written by the store, searched by the demo platform (0135). */
export interface DemoProductsTable {
  shop_id: string;
  id: string;
  title: string;
  handle: string;
  vendor: string;
  product_type: Generated<string>;
  collection_ids: ColumnType<string[], string[] | undefined, string[]>;
  variant_ids: ColumnType<string[], string[] | undefined, string[]>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  price: number;
  currency: string;
}

export interface DemoCollectionsTable {
  shop_id: string;
  id: string;
  title: string;
  handle: string;
}

export type ShopRow = Selectable<ShopsTable>;
export type NewShopRow = Insertable<ShopsTable>;
export type ShopUpdate = Updateable<ShopsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type HoldRow = Selectable<HoldsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type ProgramRow = Selectable<ProgramsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type CouponRow = Selectable<CouponsTable>;
export type ReferralRow = Selectable<ReferralsTable>;
/** @public The demo store is moving out of the api (issue 8); its row types stay for it. */
export type DemoShopperRow = Selectable<DemoShoppersTable>;
export type DemoOrderRow = Selectable<DemoOrdersTable>;
/** @public See DemoShopperRow. */
export type DemoWebhookDeliveryRow = Selectable<DemoWebhookDeliveriesTable>;
export type TierProgramRow = Selectable<TierProgramsTable>;
export type TierRow = Selectable<TiersTable>;
export type TierRunRow = Selectable<TierRunsTable>;
export type ProgramBacktestRow = Selectable<ProgramBacktestsTable>;
export type ProgramSyncRow = Selectable<ProgramSyncsTable>;

/** L-02, L-04: a shop's settings of one e-mail event (decision 0075). */
export interface NotificationTemplatesTable {
  shop_id: string;
  event: string;
  enabled: Generated<boolean>;
  subject: string | null;
  header_color: string | null;
  button_color: string | null;
  logo: string | null;
  reply_to: string | null;
  send_before_days: number | null;
  /** L-04 (migration 0214): the subject per storefront language, over `subject` (decision 0179). */
  subjects: ColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  updated_at: DefaultTimestamp;
}

export type NotificationStatus = "queued" | "sent" | "opened" | "clicked" | "failed";

/** L-02, L-03: the notification log, one row per e-mail, unique per idempotency key. */
export interface NotificationsTable {
  shop_id: string;
  id: string;
  event: string;
  customer_id: string | null;
  recipient: string;
  language: string;
  idempotency_key: string;
  status: ColumnType<NotificationStatus, NotificationStatus | undefined, NotificationStatus>;
  subject: string | null;
  data: Json<Record<string, string | number | null>>;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  last_error: string | null;
  message_id: string | null;
  created_at: DefaultTimestamp;
  sent_at: NullableTimestamp;
  opened_at: NullableTimestamp;
  clicked_at: NullableTimestamp;
}

export interface NotificationUnsubscribesTable {
  shop_id: string;
  customer_id: string;
  unsubscribed_at: DefaultTimestamp;
}

/** The embedded mode's local catch-all mailbox (raw RFC 5322 messages). */
export interface MailboxMessagesTable {
  shop_id: string;
  id: ColumnType<number, never, never>;
  recipient: string;
  subject: string;
  raw: string;
  received_at: DefaultTimestamp;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationTemplateRow = Selectable<NotificationTemplatesTable>;

/** L-06: a shop's own SMTP server (decision 0110); the password is encrypted at rest. */
export interface MailSmtpSettingsTable {
  shop_id: string;
  host: string;
  port: number;
  secure: Generated<boolean>;
  auth: Generated<boolean>;
  username: string | null;
  password_enc: string | null;
  verified_at: NullableTimestamp;
  last_error: string | null;
  updated_at: DefaultTimestamp;
}

// ---------------------------------------------------------------------------------------------
// Issue 15 part 2: earning from events (migration 0115)
// ---------------------------------------------------------------------------------------------

/** The inbound endpoint's per-shop signing secret (decision 0100). */
export interface InboundKeysTable {
  shop_id: string;
  secret: string;
  created_at: DefaultTimestamp;
  rotated_at: NullableTimestamp;
}

/** Review apps connected to a shop (migration 0171, decision 0158). */
export interface ReviewConnectorsTable {
  shop_id: string;
  vendor: string;
  secret: string;
  connected_at: DefaultTimestamp;
  last_event_at: NullableTimestamp;
}

export type MailDomainStatus = "unverified" | "partially_verified" | "verified";

/** One DNS record a sending domain needs, and whether the last check found it. */
export interface MailDnsRecord {
  kind: "SPF" | "DKIM" | "DMARC" | "CNAME" | "MX";
  type: "TXT" | "CNAME" | "MX";
  name: string;
  value: string;
  priority?: number;
  found: boolean;
}

/** L-07: a shop's own sending domain; the DKIM private key is encrypted at rest. */
export interface MailDomainsTable {
  shop_id: string;
  root_domain: string;
  subdomain: string;
  status: ColumnType<MailDomainStatus, MailDomainStatus | undefined, MailDomainStatus>;
  dkim_selector: string;
  dkim_public_key: string;
  dkim_private_key_enc: string;
  records: Json<MailDnsRecord[]>;
  checked_at: NullableTimestamp;
  verified_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

/** L-08: the sender shoppers see. */
export interface MailSendersTable {
  shop_id: string;
  email: string;
  name: string;
  verified_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
}

export type MailSmtpSettingsRow = Selectable<MailSmtpSettingsTable>;
export type MailDomainRow = Selectable<MailDomainsTable>;
export type MailSenderRow = Selectable<MailSendersTable>;

/** N-16: an image uploaded for the storefront (migration 0100, decision 0086). */
export interface StorefrontUploadsTable {
  shop_id: string;
  id: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  created_at: DefaultTimestamp;
}

export type EarnEventKind = "review" | "google_review" | "survey" | "custom";
export type EarnEventStatus = "pending" | "approved" | "disapproved" | "rejected" | "completed";

/** G-10 … G-16, C-28, C-29: one row per review, Google review, survey or custom action. */
export interface EarnEventsTable {
  shop_id: string;
  id: string;
  kind: EarnEventKind;
  source: string;
  external_id: string;
  program_id: string | null;
  customer_id: string | null;
  status: EarnEventStatus;
  reason: string | null;
  rating: number | null;
  content: string | null;
  media_count: Generated<number>;
  verified_buyer: Generated<boolean>;
  product_id: string | null;
  url: string | null;
  points_due: Generated<number>;
  points_paid: Generated<number>;
  changes: Generated<number>;
  created_at: DefaultTimestamp;
  decided_at: NullableTimestamp;
}

/** F-08: milestones granted, once each. */
export interface MilestoneGrantsTable {
  shop_id: string;
  program_id: string;
  customer_id: string;
  value: ColumnType<string, number, number>;
  action: string;
  points: Generated<number>;
  reward: Json<Record<string, unknown>>;
  granted_at: DefaultTimestamp;
}

/** F-09: growth rewards claimed by the merchant. */
export interface GrowthClaimsTable {
  shop_id: string;
  threshold: number;
  free_orders: number;
  claimed_at: DefaultTimestamp;
}

export type EarnEventRow = Selectable<EarnEventsTable>;

/** Customer imports (issue 9, J-07 … J-12, migration 0120, decision 0105). */
export type CustomerImportKind = "points" | "birthday" | "migration" | "tier";
export type CustomerMigrationSource = "smile" | "loyaltylion" | "yotpo" | "rivo" | "other";
export type CustomerImportMode = "add" | "reset";
export type CustomerImportStatus = "validating" | "ready" | "importing" | "done" | "failed";

export interface CustomerImportsTable {
  shop_id: string;
  id: string;
  seq: Generated<number>;
  kind: CustomerImportKind;
  mode: CustomerImportMode | null;
  file_name: string;
  file_sha256: string;
  file_bytes: number;
  status: ColumnType<CustomerImportStatus, CustomerImportStatus | undefined, CustomerImportStatus>;
  total_rows: Generated<number>;
  error_rows: Generated<number>;
  done_rows: Generated<number>;
  changed_rows: Generated<number>;
  cursor: Generated<number>;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** Migrations (0166): the app the file comes from and the merchant's column mapping. */
  source: Generated<CustomerMigrationSource | null>;
  columns: ColumnType<Partial<Record<string, string>> | null, string | null | undefined, string | null>;
  /** Tier imports and migrations with a tier rule (0190): the basis the file was checked against. */
  tier_basis: Generated<"points_earned" | "amount_spent" | "orders" | null>;
  /** A migration's tier rule (J-14): the other app's tier names and their entry requirements. */
  tier_rule: ColumnType<
    { name: string; requirement: number }[] | null,
    string | null | undefined,
    string | null
  >;
}

export interface CustomerImportRowsTable {
  shop_id: string;
  import_id: string;
  line: number;
  platform_customer_id: string | null;
  email: string | null;
  phone: string | null;
  points: number | null;
  birth_month: number | null;
  birth_day: number | null;
  source_date: string | null;
  customer_id: string | null;
  error_field: string | null;
  error_message: string | null;
  outcome: "changed" | "unchanged" | null;
  /** The imported measure on the tier basis (0190; money in minor units). */
  tier_value: ColumnType<number | null, number | null | undefined, number | null>;
  /** A migration's orders and amount spent from the other app (0213; money in minor units). */
  order_count: ColumnType<number | null, number | null | undefined, number | null>;
  spent_minor: ColumnType<number | null, number | null | undefined, number | null>;
}

/** C-30 (0213, decision 0178): a customer's order history brought from the other app. */
export interface CustomerMigratedOrdersTable {
  shop_id: string;
  customer_id: string;
  order_count: number;
  spent_minor: number;
  counted_from: Date;
  import_id: string;
  updated_at: DefaultTimestamp;
}

/** J-11 (0190, decision 0167): a member's imported measure, added to what the tier engine measures. */
export interface CustomerTierBaselinesTable {
  shop_id: string;
  customer_id: string;
  basis: "points_earned" | "amount_spent" | "orders";
  value: number;
  counted_from: Date;
  import_id: string;
  updated_at: DefaultTimestamp;
}

export type CustomerImportRow = Selectable<CustomerImportsTable>;

/** Issue 13 (decision 0090): the refresh-analytics job's position per shop. */
export interface AnalyticsStateTable {
  shop_id: string;
  time_zone: string;
  entries_through: Generated<number>;
  refreshed_at: NullableTimestamp;
  rebuilt_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
  /** K-07: members per tier at the last refresh (migration 0106). */
  tier_counts: ColumnType<{ tierId: string | null; members: number }[], string | undefined, string>;
}

/** Net ledger deltas per store day, activity type and program ('' = none). */
export interface AnalyticsPointsDailyTable {
  shop_id: string;
  /** A calendar date, read as YYYY-MM-DD (the db layer keeps dates as text). */
  day: ColumnType<string, string, string>;
  activity_type: string;
  program_id: Generated<string>;
  entries: Generated<number>;
  available_net: Generated<number>;
  pending_net: Generated<number>;
  first_entry_id: number | null;
  last_entry_id: number | null;
}

/** Orders, members and referrals per store day. */
/** P10 (decision 0162, migration 0216): a customer's first order and totals, for incrementality. */
export interface AnalyticsCustomerFirstsTable {
  shop_id: string;
  customer_id: string;
  first_at: Timestamp;
  first_net_minor: number;
  orders: number;
  spend_minor: number;
}

export interface AnalyticsOrdersDailyTable {
  shop_id: string;
  day: ColumnType<string, string, string>;
  orders: Generated<number>;
  revenue_minor: Generated<number>;
  member_orders: Generated<number>;
  member_revenue_minor: Generated<number>;
  repeat_orders: Generated<number>;
  member_repeat_orders: Generated<number>;
  referred_orders: Generated<number>;
  referred_revenue_minor: Generated<number>;
  assisted_orders: Generated<number>;
  assisted_revenue_minor: Generated<number>;
  members_joined: Generated<number>;
  referrals_created: Generated<number>;
  referrals_completed: Generated<number>;
  referrals_canceled: Generated<number>;
}

export type CustomerChildGender = "girl" | "boy" | "other";

/** A shopper's child as the merchant recorded it (J-02 children info, migration 0165). */
export interface CustomerChildrenTable {
  shop_id: string;
  customer_id: string;
  position: number;
  name: string;
  gender: CustomerChildGender | null;
  /** A calendar date (YYYY-MM-DD): no time zone to shift it. */
  birth_date: ColumnType<string | null, string | null, string | null>;
}

export type CustomerExportStatus = "queued" | "running" | "done" | "failed";

/** A customer export run by a job (J-15, migration 0167). */
export interface CustomerExportsTable {
  shop_id: string;
  id: string;
  tab: string;
  search: string | null;
  status: ColumnType<CustomerExportStatus, CustomerExportStatus | undefined, CustomerExportStatus>;
  total_rows: Generated<number>;
  done_rows: Generated<number>;
  cursor: string | null;
  chunks: Generated<number>;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type CustomerExportRow = Selectable<CustomerExportsTable>;

export type CustomerSyncStatus = "queued" | "waiting" | "running" | "done" | "failed";

/** J-21 (migration 0177): a bulk re-sync of the store's customers, with its progress. */
export interface CustomerSyncsTable {
  shop_id: string;
  id: string;
  status: ColumnType<CustomerSyncStatus, CustomerSyncStatus | undefined, CustomerSyncStatus>;
  total_rows: Generated<number>;
  done_rows: Generated<number>;
  changed_rows: Generated<number>;
  cursor: string | null;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type CustomerSyncRow = Selectable<CustomerSyncsTable>;

/** M-02 "Tag past orders" (decision 0176, migration 0215): one run, its tags and its progress. */
export type PastOrderTaggingStatus = "queued" | "running" | "done" | "failed";
export interface PastOrderTaggingsTable {
  shop_id: string;
  id: string;
  status: ColumnType<PastOrderTaggingStatus, PastOrderTaggingStatus | undefined, PastOrderTaggingStatus>;
  order_tags: string[];
  customer_tags: string[];
  total_rows: Generated<number>;
  done_rows: Generated<number>;
  cursor: string | null;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type PastOrderTaggingRow = Selectable<PastOrderTaggingsTable>;

export interface CustomerExportChunksTable {
  shop_id: string;
  export_id: string;
  seq: number;
  data: string;
}

/** K-05 (migration 0195, decision 0169): a point activity export as a job, with its list's filters. */
export interface ActivityExportsTable {
  shop_id: string;
  id: string;
  filters: Json<Record<string, string>>;
  status: ColumnType<CustomerExportStatus, CustomerExportStatus | undefined, CustomerExportStatus>;
  total_rows: Generated<number>;
  done_rows: Generated<number>;
  /** The last written entry's id (bigint: a string or a number as the driver gives it). */
  cursor: ColumnType<string | number | null, string | number | null | undefined, string | number | null>;
  chunks: Generated<number>;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type ActivityExportRow = Selectable<ActivityExportsTable>;

/** G-14, G-16 (migration 0213): the review list or the Google review list exported as a job. */
export interface ReviewExportsTable {
  shop_id: string;
  id: string;
  kind: "review" | "google_review";
  status_filter: string | null;
  status: ColumnType<CustomerExportStatus, CustomerExportStatus | undefined, CustomerExportStatus>;
  total_rows: Generated<number>;
  done_rows: Generated<number>;
  cursor: string | null;
  chunks: Generated<number>;
  actor_email: string | null;
  error: string | null;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}
export type ReviewExportRow = Selectable<ReviewExportsTable>;

/** K-12 (decision 0161): a shop's weekly report settings and the last week it reported. */
export interface AnalyticsReportSettingsTable {
  shop_id: string;
  weekly_enabled: Generated<boolean>;
  /** Lower-cased addresses; empty = the shop's own address. */
  weekly_recipients: ColumnType<string[], string | undefined, string>;
  /** Monday (store day, YYYY-MM-DD) of the last week reported. */
  weekly_last_week: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: DefaultTimestamp;
}

/** K-10 (decision 0163): an analytics report exported by e-mail, kept until its link expires. */
export interface AnalyticsExportsTable {
  shop_id: string;
  id: string;
  query: Json<Record<string, string>>;
  recipient: string;
  status: ColumnType<
    "queued" | "ready" | "failed",
    "queued" | "ready" | "failed" | undefined,
    "queued" | "ready" | "failed"
  >;
  file_name: string | null;
  csv: string | null;
  rows: Generated<number>;
  error: string | null;
  created_at: DefaultTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
