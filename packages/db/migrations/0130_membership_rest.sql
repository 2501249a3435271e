-- The rest of Membership (issue 10, decisions 0115–0117): the daily demotion sweep, the VIP design
-- settings, and the member exclusive deal (I-22, I-23).

-- One row per shop and store day the demotion sweep ran (I-06, I-26): the sweep runs each shop once
-- per day of the store's own calendar, resumes at its cursor, and a second worker finds it done.
create table tier_sweeps (
  shop_id text not null references shops (id) on delete cascade,
  store_day text not null,
  status text not null default 'running' check (status in ('running', 'done')),
  cursor text,
  members integer not null default 0,
  demoted integer not null default 0,
  notified integer not null default 0,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, store_day)
);

-- The Design tab (I-03, I-04, I-27): how the storefront shows tiers, apart from the locked settings.
create table tier_designs (
  shop_id text primary key references shops (id) on delete cascade,
  design jsonb not null,
  updated_at timestamptz not null default now()
);

-- The member exclusive deal (I-22): one per shop, its settings and design, switched on or off.
create table exclusive_deals (
  shop_id text primary key references shops (id) on delete cascade,
  enabled boolean not null default false,
  settings jsonb not null,
  design jsonb not null,
  -- I-22: the deal image (a data URL, at most 200 KB decoded).
  image text,
  updated_at timestamptz not null default now()
);
