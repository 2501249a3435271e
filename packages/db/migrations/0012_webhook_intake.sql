-- Durable intake and batch processing of webhooks (decision 0018). A verified delivery is recorded
-- (raw body included) before Shopify gets its 200; a processor applies recorded deliveries in
-- batches, each order's deliveries in arrival order (`seq`), retried with back-off, then parked.

alter table webhook_deliveries
  -- Arrival order across every shop: the processor's queue order and, per order, the apply order.
  add column seq bigserial,
  -- The body exactly as received (UTF-8 JSON text); the processor parses it, not the request.
  add column body text,
  -- The platform order the delivery is about (orders/*, refunds/create), null for other topics:
  -- deliveries of one order are applied one after another, in `seq` order.
  add column order_key text,
  -- Rows from before this migration were applied synchronously: they are 'processed'.
  add column status text not null default 'processed'
    check (status in ('received', 'processed', 'failed')),
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz,
  -- A processor's claim on the delivery; a crashed processor's claim simply runs out.
  add column lease_until timestamptz,
  add column last_error text,
  add column processed_at timestamptz,
  -- Redeliveries of the same webhook id, counted when they arrive (acknowledged, not applied).
  add column duplicates integer not null default 0;

alter table webhook_deliveries alter column status set default 'received';

-- The processor's queue: only undecided deliveries, in arrival order.
create index webhook_deliveries_queue on webhook_deliveries (seq) where status = 'received';
-- "Is an earlier delivery of this order still waiting?" (per-order ordering).
create index webhook_deliveries_order on webhook_deliveries (shop_id, order_key, seq)
  where status = 'received' and order_key is not null;
-- The internal zone's delivery log, newest first per shop.
create index webhook_deliveries_recent on webhook_deliveries (shop_id, seq desc);
