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
  count_customer: Generated<number>;
  count_transactions: Generated<number>;
  should_limit_transactions: Generated<boolean>;
  transaction_limit: number | null;
  last_30_day_orders_count: Generated<number>;
  monthly_order_count: Generated<number>;
  disabled_embed_app: Generated<boolean>;
  is_dismiss_quick_setup: Generated<boolean>;
  is_non_dev_shop: Generated<boolean>;
  is_enable_pos_pro3: Generated<boolean>;
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
  /** J-03: a company (B2B) customer. */
  is_b2b: Generated<boolean>;
  /** J-05: why a customer is `left`: `excluded` by the merchant, or `deleted` from the store. */
  left_reason: "excluded" | "deleted" | null;
  /** J-02: who last changed the details: `admin`, `user`, `pos` or `system`. */
  updated_source: string | null;
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
  hold_id: string;
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

/** VIP tiers (migration 0040, decision 0070). */
export interface TierProgramsTable {
  shop_id: string;
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
}

export interface CustomerTiersTable {
  shop_id: string;
  customer_id: string;
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
}

export type TierChangeReason = "order" | "launch" | "relaunch" | "demotion" | "direct" | "exclusive";

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

export interface DB {
  referral_settings: ReferralSettingsTable;
  referral_links: ReferralLinksTable;
  referrals: ReferralsTable;
  tier_programs: TierProgramsTable;
  tiers: TiersTable;
  customer_tiers: CustomerTiersTable;
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
  laurel_migrations: MigrationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  notification_templates: NotificationTemplatesTable;
  notifications: NotificationsTable;
  notification_unsubscribes: NotificationUnsubscribesTable;
  mailbox_messages: MailboxMessagesTable;
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
