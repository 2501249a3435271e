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
