-- Redemption counts per program (D-13 usage limits, program deletion) read coupons by program.
create index coupons_program on coupons (shop_id, program_id, status);
-- Orders decided in the current cycle (the Starter plan's order limit, X-08).
create index orders_decided on orders (shop_id, rewarded_at);
-- A hold's entries (the ledger audit joins them; without it the audit is quadratic in holds).
create index ledger_entries_hold on ledger_entries (shop_id, hold_id) where hold_id is not null;
