-- VIP tiers (issue 10, I-04 … I-18, decision 0070). The tiers and settings being edited (the draft)
-- are apart from the ladder in force (`live`, copied at launch/relaunch), so a merchant can change a
-- threshold, preview the effect and relaunch without members' tiers moving in between.

create table tier_programs (
  shop_id text primary key references shops (id) on delete cascade,
  status text not null default 'inactive' check (status in ('inactive', 'launched', 'deactivated')),
  -- The draft settings: basis, period, demotion, tag prefix (domain TierSettings).
  settings jsonb not null,
  -- The settings and tiers in force since the last launch (null before the first).
  live jsonb,
  -- When the draft last changed, and when it was last launched: relaunch needed when later.
  draft_changed_at timestamptz not null default now(),
  launched_at timestamptz,
  -- The recalculation running now (I-10: no changes while a calculation runs).
  running_run_id text,
  updated_at timestamptz not null default now()
);

create table tiers (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  name text not null,
  milestone bigint not null check (milestone >= 0),
  exclusive boolean not null default false,
  entry_points integer not null default 0 check (entry_points >= 0),
  icon text,
  card_color text,
  background_color text,
  perks jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, id)
);
create unique index tiers_name on tiers (shop_id, lower(name));

-- Each member's tier in force, the measure it was decided on, and an exclusive assignment (I-17).
create table customer_tiers (
  shop_id text not null,
  customer_id text not null,
  tier_id text,
  metric bigint not null default 0,
  exclusive boolean not null default false,
  period_key text not null default 'lifetime',
  changed_at timestamptz not null default now(),
  primary key (shop_id, customer_id),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
create index customer_tiers_tier on customer_tiers (shop_id, tier_id);

-- Entry rewards paid: once per member, tier and period.
create table tier_entry_grants (
  shop_id text not null,
  customer_id text not null,
  tier_id text not null,
  period_key text not null,
  points integer not null,
  granted_at timestamptz not null default now(),
  primary key (shop_id, customer_id, tier_id, period_key),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);

-- 'VIP tier changes' (H-21): every move of a member's tier, with what caused it.
create table tier_changes (
  shop_id text not null,
  id bigint generated always as identity,
  customer_id text not null,
  from_tier_id text,
  to_tier_id text,
  reason text not null check (reason in ('order', 'launch', 'relaunch', 'demotion', 'direct', 'exclusive')),
  source_ref text,
  created_at timestamptz not null default now(),
  primary key (shop_id, id),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
create index tier_changes_customer on tier_changes (shop_id, customer_id, id);

-- Launch, relaunch and deactivation runs (I-10, I-11: the launch-tier activity record), with progress.
create table tier_runs (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  -- Creation order (runs created within one clock tick still list newest first).
  seq bigint generated always as identity,
  action text not null check (action in ('launch_tier', 'relaunch_tier', 'deactivated_tier')),
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  total integer not null default 0,
  done integer not null default 0,
  -- The last member id processed: a resumed job continues after it.
  cursor text,
  change_notes text,
  grant_entry_rewards boolean not null default false,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index tier_runs_recent on tier_runs (shop_id, seq desc);
