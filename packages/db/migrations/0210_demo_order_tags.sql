-- The demo platform's order tags (M-02, decision 0176): where Shopify keeps an order's tags, so the
-- demo store's orders can carry the tags Laurel adds to orders that earn points.
create table demo_order_tags (
  shop_id text not null references shops (id) on delete cascade,
  order_id text not null,
  tag text not null,
  primary key (shop_id, order_id, tag)
);
