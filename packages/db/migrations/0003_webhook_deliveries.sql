-- Every webhook delivery accepted, by Shopify's X-Shopify-Webhook-Id (unique per shop): a redelivery
-- finds its row and changes nothing (DESIGN §1 "Inbound events").
create table webhook_deliveries (
  shop_id text not null references shops (id) on delete cascade,
  webhook_id text not null,
  topic text not null,
  received_at timestamptz not null default now(),
  primary key (shop_id, webhook_id)
);

-- The platform subscription as last reported by app_subscriptions/update (X-66 fields we receive).
alter table shops add column subscription jsonb;
