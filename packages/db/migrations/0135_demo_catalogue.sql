-- The demo store's catalogue as its platform's Admin API would serve it (decision 0122): the store
-- writes its products and collections here, the demo platform adapter searches them for the
-- admin's product and collection pickers (C-20, D-05). Shopify's own catalogue lives behind its
-- Admin GraphQL API; this table is the same contract for the local store (as demo_discounts is).
create table demo_products (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  title text not null,
  handle text not null,
  vendor text not null,
  product_type text not null default '',
  collection_ids text[] not null default '{}',
  variant_ids text[] not null default '{}',
  price integer not null,
  currency text not null,
  primary key (shop_id, id)
);
create index demo_products_title on demo_products (shop_id, lower(title));

create table demo_collections (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  title text not null,
  handle text not null,
  primary key (shop_id, id)
);
