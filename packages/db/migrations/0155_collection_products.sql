-- Collection scoping (issue 14): which products of the store belong to the collections the shop's
-- programs are scoped to. Order webhooks name products, never collections, so the order pipeline
-- reads the membership here (one indexed statement per batch) instead of calling the platform in
-- its transaction. Refreshed through the platform port by `refresh-collection-products` when a
-- program naming collections is saved, and daily. Only collections a program names are kept.
create table collection_products (
  shop_id text not null references shops (id) on delete cascade,
  collection_id text not null,
  product_id text not null,
  primary key (shop_id, collection_id, product_id)
);
create index collection_products_by_product on collection_products (shop_id, product_id);

-- When each named collection was last read from the platform (an empty collection has no rows
-- above, but was read).
create table collection_refreshes (
  shop_id text not null references shops (id) on delete cascade,
  collection_id text not null,
  products integer not null default 0,
  refreshed_at timestamptz not null default now(),
  primary key (shop_id, collection_id)
);
