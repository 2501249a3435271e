-- Redemption counts per program (D-13 usage limits, program deletion) read coupons by program.
create index coupons_program on coupons (shop_id, program_id, status);
-- Orders decided in the current cycle (the Starter plan's order limit, X-08).
create index orders_decided on orders (shop_id, rewarded_at);
