-- Foundation: shops, merchant accounts, sessions, audit log.
-- Tenant-owned tables carry shop_id as the first column of their primary key and indexes (DESIGN §1).

create table shops (
  id text primary key,
  shopify_domain text not null unique,
  platform text not null default 'demo' check (platform in ('demo', 'shopify')),
  name text not null,
  email text not null default '',
  domain text,
  shopify_plan text,
  plan text not null default 'free',
  promo_type text,
  is_trial_used boolean not null default false,
  plan_discount_code text,
  installed_at timestamptz not null default now(),
  uninstalled_at timestamptz,
  access_app_at timestamptz,
  sub_start_at timestamptz,
  is_first_login boolean not null default true,
  setup_done boolean not null default false,
  logo_default text,
  custom_css text,
  count_customer integer not null default 0,
  count_transactions integer not null default 0,
  should_limit_transactions boolean not null default false,
  transaction_limit integer,
  last_30_day_orders_count integer not null default 0,
  monthly_order_count integer not null default 0,
  disabled_embed_app boolean not null default false,
  is_dismiss_quick_setup boolean not null default false,
  is_non_dev_shop boolean not null default true,
  is_enable_pos_pro3 boolean not null default false,
  is_blocked_store boolean not null default false,
  speed_app_installed boolean,
  enable_ai_agent boolean not null default false,
  ai_assistant_consent boolean not null default false,
  ai_assistant_consent_timestamp timestamptz,
  banners_dismiss jsonb not null default '[]',
  tag_feedback_submit jsonb not null default '[]',
  promo_show_at timestamptz,
  promo_holiday_sale_show_at timestamptz,
  customize_for_shops jsonb not null default '[]',
  custom_features jsonb not null default '[]',
  settings jsonb not null default '{}',
  -- Shop facts from the store platform (shopInfo, B-03), refreshed on install and by sync jobs.
  platform_info jsonb not null default '{}',
  -- Offline Admin API token from token exchange (shopify platform only).
  access_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Merchant and staff accounts for the standalone sign-in (A-02). Staff may have no shop.
create table users (
  id text primary key,
  email text not null unique,
  password_hash text not null,
  shop_id text references shops (id) on delete cascade,
  is_staff boolean not null default false,
  failed_login_count integer not null default 0,
  failed_login_window_start timestamptz,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);

-- Standalone sessions (cookie holds a random secret; only its SHA-256 is stored).
create table sessions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  shop_id text not null references shops (id) on delete cascade,
  impersonated_by text references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_expires_at on sessions (expires_at);

-- Every write made while impersonating, and every impersonation start (X-62).
create table audit_log (
  shop_id text not null references shops (id) on delete cascade,
  id bigint generated always as identity,
  at timestamptz not null default now(),
  actor text not null,
  impersonated_by text,
  action text not null,
  details jsonb not null default '{}',
  primary key (shop_id, id)
);
