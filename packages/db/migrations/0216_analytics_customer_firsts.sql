-- P10, decision 0162: each customer's first order and totals, kept by the analytics refresh, so the
-- incrementality read (members vs non-members who started alike) sums one row per customer who
-- first ordered in the period instead of grouping their whole order histories on every read.
-- Over not-cancelled orders: the first order's time and net value (total less refunds, at least
-- 0; of two orders at the same instant the smaller), how many orders, and their net spend.
create table analytics_customer_firsts (
  shop_id text not null references shops (id) on delete cascade,
  customer_id text not null,
  first_at timestamptz not null,
  first_net_minor bigint not null,
  orders integer not null,
  spend_minor bigint not null,
  primary key (shop_id, customer_id)
);
create index analytics_customer_firsts_by_time on analytics_customer_firsts (shop_id, first_at);
