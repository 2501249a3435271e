-- The member exclusive deal on the storefront (issue 10, I-22, N-23; decision 0136): each eligible
-- member gets their own code for the deal, made on the platform the first time they ask for it.
-- `deal_version` is the deal's last save: a deal the merchant changes gives new codes.
create table exclusive_deal_codes (
  shop_id text not null,
  customer_id text not null,
  deal_version text not null,
  code text not null,
  platform_discount_id text,
  created_at timestamptz not null default now(),
  primary key (shop_id, customer_id, deal_version),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
