-- Migration 0213: the migration's order history (C-30) and review exports (G-14, G-16).
-- The migration wizard brings the other app's order history (issue 9, C-30, J-13, decision 0178):
-- each customer's order count and amount spent as that app exported them, recorded per customer
-- and added by the tier engine (amount-spent and order-count tiers) and the profile's lifetime
-- figures to what Laurel counts from its own orders. A `migrate_order` ledger line (no points)
-- tells the customer's history when their migrated figures change.

-- A staged migration row's migrated orders and amount spent (money in the store's minor units).
alter table customer_import_rows add column order_count integer;
alter table customer_import_rows add column spent_minor bigint;

-- One row per customer: the other app's figures, set (not added) by the latest migration that
-- gave them, dated when they were first brought (a fact of that day, like a tier baseline).
create table customer_migrated_orders (
  shop_id text not null,
  customer_id text not null,
  order_count integer not null check (order_count >= 0),
  spent_minor bigint not null check (spent_minor >= 0),
  counted_from timestamptz not null,
  import_id text not null,
  updated_at timestamptz not null default now(),
  primary key (shop_id, customer_id),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);

-- Review exports (issue 9 / 15, G-14, G-16, K-05): the write-review activity list and the Google
-- Maps review list exported as a chunked job, like the activity export (migration 0195).
create table review_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  kind text not null check (kind in ('review', 'google_review')),
  -- The list's status tab the export was asked for; null for all.
  status_filter text,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total_rows integer not null default 0,
  done_rows integer not null default 0,
  -- The last written event's key (its creation instant as PostgreSQL prints it, and its id, JSON);
  -- events are written newest first. Null before the first page.
  cursor text,
  chunks integer not null default 0,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);

create table review_export_chunks (
  shop_id text not null,
  export_id text not null,
  seq integer not null,
  -- CSV text of one page of reviews (already neutralised against formula injection).
  data text not null,
  primary key (shop_id, export_id, seq),
  foreign key (shop_id, export_id) references review_exports (shop_id, id) on delete cascade
);
