-- Issue 15 part 2 (decisions 0100-0104): earning from events.

-- The per-shop signing secret of the inbound endpoint review-app and survey connectors call (0100).
create table inbound_keys (
  shop_id text not null references shops (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now(),
  rotated_at timestamptz,
  primary key (shop_id)
);

-- Reviews (G-10 ... G-14), Google Maps reviews (G-15, G-16), surveys (C-29) and custom actions
-- (C-28): one row per event, unique per (kind, source, external id) so a connector's retry is a
-- replay, never a second award.
create table earn_events (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  kind text not null check (kind in ('review', 'google_review', 'survey', 'custom')),
  source text not null,
  external_id text not null,
  program_id text,
  customer_id text,
  status text not null check (status in ('pending', 'approved', 'disapproved', 'rejected', 'completed')),
  reason text,
  rating integer,
  content text,
  media_count integer not null default 0,
  verified_buyer boolean not null default false,
  product_id text,
  url text,
  points_due integer not null default 0,
  points_paid integer not null default 0,
  changes integer not null default 0,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  primary key (shop_id, id)
);
create unique index earn_events_external on earn_events (shop_id, kind, source, external_id);
create index earn_events_list on earn_events (shop_id, kind, created_at desc, id desc);
create index earn_events_by_status on earn_events (shop_id, kind, status, created_at desc);
create index earn_events_customer on earn_events (shop_id, customer_id, kind, status);

-- F-08: each milestone granted once per customer (the primary key is the unique key).
create table milestone_grants (
  shop_id text not null references shops (id) on delete cascade,
  program_id text not null,
  customer_id text not null,
  value bigint not null,
  action text not null,
  points integer not null default 0,
  reward jsonb not null default '{}',
  granted_at timestamptz not null default now(),
  primary key (shop_id, program_id, customer_id, value)
);
create index milestone_grants_customer on milestone_grants (shop_id, customer_id);

-- F-09, X-33: the merchant's growth rewards (free orders), each claimed once.
create table growth_claims (
  shop_id text not null references shops (id) on delete cascade,
  threshold integer not null,
  free_orders integer not null,
  claimed_at timestamptz not null default now(),
  primary key (shop_id, threshold)
);
