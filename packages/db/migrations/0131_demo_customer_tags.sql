-- I-08 (issue 10, decision 0118): the demo store keeps its customers' tags, as Shopify does, so VIP
-- auto-tagging through the platform port is visible without a Shopify store.
create table demo_customer_tags (
  shop_id text not null references shops (id) on delete cascade,
  -- The store's customer id (Laurel's `platform_customer_id`).
  customer_id text not null,
  tag text not null,
  primary key (shop_id, customer_id, tag)
);
