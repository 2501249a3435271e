-- Newsletter points (C-26): the shopper's latest e-mail marketing state as the platform last told
-- it, so a subscriber who joins the program later still earns, and a delivery older than the state
-- we hold never overwrites it (webhooks arrive out of order).
alter table customers add column email_marketing_state text;
alter table customers add column email_marketing_updated_at timestamptz;

-- H-10: turning pending points off converts every pending award of one shop; the existing
-- orders_pending index is by due date across shops.
create index orders_pending_by_shop on orders (shop_id, order_id) where pending_points > 0;

-- H-08: the inactivity cutoff up to which the shop's point expiry last ran to the end. The cutoff
-- only moves at the store's midnight, so the hourly sweep skips a shop until it has moved.
alter table shops add column points_expired_until timestamptz;
