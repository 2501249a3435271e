-- Shoppers and the points ledger (DESIGN §4). The ledger is append-only: a correction is a new,
-- reversing entry. Cached balances on the customer row change in the same transaction as the entry.

create table customers (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  -- The platform's customer id (Shopify's numeric id as a string: ids exceed 2^53).
  platform_customer_id text not null,
  email text,
  first_name text,
  last_name text,
  type text not null default 'guest' check (type in ('member', 'guest', 'left')),
  joined_at timestamptz,
  available_points integer not null default 0,
  pending_points integer not null default 0 check (pending_points >= 0),
  tier_points integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, platform_customer_id)
);
create index customers_shop_email on customers (shop_id, lower(email));

create table ledger_entries (
  shop_id text not null,
  id bigint generated always as identity,
  customer_id text not null,
  -- The spec's point activity (earn_place_order, redeem, refund_coupon, expire_point, …).
  activity_type text not null,
  available_delta integer not null default 0,
  pending_delta integer not null default 0,
  tier_points_delta integer not null default 0,
  -- Same key + same input hash = the same effect (replay); same key + other input = refused.
  idempotency_key text not null,
  input_hash text not null,
  reverses_entry_id bigint,
  hold_id text,
  program_id text,
  -- What caused it: an order GID, a coupon id, an import row …
  source_ref text,
  note text,
  actor text,
  -- When the points of a positive entry expire (null = never).
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, idempotency_key),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
create index ledger_entries_customer on ledger_entries (shop_id, customer_id, id);
create index ledger_entries_source on ledger_entries (shop_id, source_ref) where source_ref is not null;

-- Redemption holds (two-phase): reserved points leave `available` at once, then the hold is posted
-- (spent) or voided (returned) exactly once.
create table holds (
  shop_id text not null,
  id text not null,
  customer_id text not null,
  points integer not null check (points > 0),
  state text not null default 'reserved' check (state in ('reserved', 'posted', 'voided')),
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  primary key (shop_id, id),
  unique (shop_id, idempotency_key),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
