-- Issue 11 (decision 0130): the demo store keeps its customers' e-mail marketing consent, as
-- Shopify does, so an unsubscribe from a Laurel e-mail is visible on the store's side without a
-- Shopify store.
create table demo_customer_marketing_consents (
  shop_id text not null references shops (id) on delete cascade,
  -- The store's customer id (Laurel's `platform_customer_id`).
  customer_id text not null,
  -- Shopify's states: subscribed, not_subscribed, unsubscribed, pending, …
  state text not null,
  updated_at timestamptz not null,
  primary key (shop_id, customer_id)
);
