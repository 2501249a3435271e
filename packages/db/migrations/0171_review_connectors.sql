-- Issue 15, decision 0158: a shop's connected review apps. Each vendor signs its own webhooks with
-- a secret the merchant copies from the vendor (Judge.me: the OAuth app secret or the private API
-- token); Laurel verifies the vendor's signature with it. One row per shop and vendor.
create table review_connectors (
  shop_id text not null references shops (id) on delete cascade,
  vendor text not null,
  secret text not null,
  connected_at timestamptz not null default now(),
  last_event_at timestamptz,
  primary key (shop_id, vendor)
);
