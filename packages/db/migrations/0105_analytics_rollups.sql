-- Issue 13 (decision 0090): daily analytics rollups per shop, in the store's time zone, so every
-- analytics request reads a few hundred rows instead of the ledger. Maintained by the
-- refresh-analytics job from the ledger (a watermark per shop) and rebuildable from scratch.

-- The job's position per shop: ledger entries with id <= entries_through are in
-- analytics_points_daily; the time zone the days were cut in (a change rebuilds).
create table analytics_state (
  shop_id text primary key references shops (id) on delete cascade,
  time_zone text not null,
  entries_through bigint not null default 0,
  refreshed_at timestamptz,
  rebuilt_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Net deltas of the ledger per store day, activity type and program ('' = none). Every figure is
-- linear in these sums (packages/domain analytics/metrics.ts).
create table analytics_points_daily (
  shop_id text not null,
  day date not null,
  activity_type text not null,
  program_id text not null default '',
  entries integer not null default 0,
  available_net bigint not null default 0,
  pending_net bigint not null default 0,
  first_entry_id bigint,
  last_entry_id bigint,
  primary key (shop_id, day, activity_type, program_id)
);

-- Orders, members and referrals per store day, recomputed whole for the days that changed.
create table analytics_orders_daily (
  shop_id text not null,
  day date not null,
  orders integer not null default 0,
  revenue_minor bigint not null default 0,
  member_orders integer not null default 0,
  member_revenue_minor bigint not null default 0,
  repeat_orders integer not null default 0,
  member_repeat_orders integer not null default 0,
  referred_orders integer not null default 0,
  referred_revenue_minor bigint not null default 0,
  assisted_orders integer not null default 0,
  assisted_revenue_minor bigint not null default 0,
  members_joined integer not null default 0,
  referrals_created integer not null default 0,
  referrals_completed integer not null default 0,
  referrals_canceled integer not null default 0,
  primary key (shop_id, day)
);
