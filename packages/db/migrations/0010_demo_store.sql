-- The demo storefront of the embedded default (`/demo-store`, decision 0015): the local store's own
-- shoppers, orders and outgoing webhook deliveries, and how its discount codes were used. This is
-- the platform's side of a store, as Shopify would keep it; Laurel learns about it only through
-- signed webhooks and app-proxy calls.

-- Shoppers who can sign in to the demo store. `customer_id` is the platform's customer id, a
-- 64-bit integer kept as text (it exceeds 2^53, like Shopify's).
create table demo_shoppers (
  shop_id text not null references shops (id) on delete cascade,
  customer_id text not null,
  email text not null,
  password_hash text not null,
  first_name text,
  last_name text,
  created_at timestamptz not null default now(),
  primary key (shop_id, customer_id)
);
create unique index demo_shoppers_email on demo_shoppers (shop_id, lower(email));

-- Orders placed at the demo checkout. `data` is what the order webhooks are built from (lines,
-- prices, discount, shipping, all in minor units); `refunds` lists the refunds made so far.
create table demo_orders (
  shop_id text not null references shops (id) on delete cascade,
  order_id text not null,
  number integer not null,
  customer_id text,
  email text not null,
  financial_status text not null default 'paid'
    check (financial_status in ('paid', 'partially_refunded', 'refunded')),
  cancelled_at timestamptz,
  discount_code text,
  data jsonb not null,
  refunds jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, order_id)
);
create unique index demo_orders_number on demo_orders (shop_id, number);
create index demo_orders_customer on demo_orders (shop_id, customer_id, created_at);

-- Every webhook the demo store sent to Laurel, with the exact bytes, so a failed delivery is shown
-- on the order page and can be sent again with the same `X-Shopify-Webhook-Id`, as Shopify retries.
create table demo_webhook_deliveries (
  shop_id text not null references shops (id) on delete cascade,
  webhook_id text not null,
  topic text not null,
  order_id text,
  customer_id text,
  body text not null,
  -- The HTTP status of the last attempt (null: no answer), and what went wrong.
  status integer,
  error text,
  attempts integer not null default 1,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (shop_id, webhook_id)
);
create index demo_webhook_deliveries_order on demo_webhook_deliveries (shop_id, order_id);

-- Discount codes used at the demo checkout: usage limits and once-per-customer codes read this.
alter table demo_discounts add column last_used_at timestamptz;
create table demo_discount_uses (
  shop_id text not null,
  discount_id text not null,
  order_id text not null,
  customer_id text,
  email text,
  used_at timestamptz not null,
  primary key (shop_id, discount_id, order_id),
  foreign key (shop_id, discount_id) references demo_discounts (shop_id, id) on delete cascade
);
create index demo_discount_uses_customer on demo_discount_uses (shop_id, discount_id, customer_id);
