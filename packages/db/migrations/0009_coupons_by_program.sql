-- Redemption counts per program (D-13 usage limits, program deletion) read coupons by program.
create index coupons_program on coupons (shop_id, program_id, status);
