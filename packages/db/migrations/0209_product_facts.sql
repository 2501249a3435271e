-- C-19 (issue 14, decision 0175): product type and tag conditions. Order webhooks carry each line's
-- product id, title, vendor and SKU, never its type or tags, so the shop's products' type and tags
-- are kept here (only while a place order rule has such a condition) for the order pipeline, which
-- reads them in one indexed statement per batch. Refreshed through the platform port with the
-- collections (`refresh-collection-products`) and kept current by the products/update webhook.
create table product_facts (
  shop_id text not null references shops (id) on delete cascade,
  product_id text not null,
  product_type text,
  tags text[] not null default '{}',
  refreshed_at timestamptz not null default now(),
  primary key (shop_id, product_id)
);

-- The demo store's products have tags, as Shopify's do.
alter table demo_products add column tags text[] not null default '{}';
