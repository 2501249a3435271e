-- Orders as Laurel has seen them (earning, reversal, reconciliation) and the coupons shoppers
-- redeem. One row per platform order: webhooks for the same order, in any order and any number of
-- times, converge on it under a row lock.

create table orders (
  shop_id text not null references shops (id) on delete cascade,
  -- The platform's order id as a string (exceeds 2^53).
  order_id text not null,
  customer_id text,
  name text,
  currency text not null,
  total_minor bigint not null default 0,
  -- open: seen, not yet at the earning event; rewarded: points posted; logged: recorded without
  -- points (limits, sandbox, not eligible, X-70); cancelled: cancelled before or after earning.
  status text not null default 'open' check (status in ('open', 'rewarded', 'logged', 'cancelled')),
  reason text,
  -- The order facts the decision was made on (normalised, shop money), for reconciliation and
  -- for re-evaluation after an upgrade (X-70).
  facts jsonb not null default '{}',
  -- The money base the award was computed on, and what refunds have taken back so far.
  earnable_minor bigint not null default 0,
  refunded_minor bigint not null default 0,
  points_awarded integer not null default 0,
  points_reversed integer not null default 0,
  -- Points held as pending until `pending_until` (H-09).
  pending_points integer not null default 0,
  pending_until timestamptz,
  paid_at timestamptz,
  fulfilled_at timestamptz,
  cancelled_at timestamptz,
  rewarded_at timestamptz,
  ordered_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, order_id)
);
create index orders_pending on orders (pending_until) where pending_points > 0;
create index orders_customer on orders (shop_id, customer_id, ordered_at);

-- Refunds by id: a refund may arrive before the order's earning event; it is applied when the
-- points exist, exactly once.
create table order_refunds (
  shop_id text not null,
  refund_id text not null,
  order_id text not null,
  amount_minor bigint not null,
  points_removed integer not null default 0,
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (shop_id, refund_id)
);
create index order_refunds_order on order_refunds (shop_id, order_id);

create table coupons (
  shop_id text not null,
  id text not null,
  customer_id text not null,
  program_id text not null,
  hold_id text not null,
  code text not null,
  platform_discount_id text,
  points integer not null check (points > 0),
  -- The reward as quoted (kind, value, currency, requirements), shown in coupon history.
  reward jsonb not null default '{}',
  status text not null default 'available' check (status in ('available', 'redeemed', 'revoked', 'expired')),
  expires_at timestamptz,
  used_at timestamptz,
  used_order_id text,
  revoked_at timestamptz,
  revoke_reason text,
  created_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, code),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
create index coupons_customer on coupons (shop_id, customer_id, created_at);
