-- The demo platform's discount codes: the local store's side of a reward (the demo storefront's
-- checkout validates codes here and marks them used).
create table demo_discounts (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  code text not null,
  request jsonb not null,
  active boolean not null default true,
  used_count integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (shop_id, id)
);
create unique index demo_discounts_code on demo_discounts (shop_id, upper(code));
