-- Stuck tier coupons (issue 10, decision 0173): a tier-up or pre-tier coupon the platform keeps
-- refusing stayed `to_issue` without a trace. Each grant now records how many times the job asked
-- the platform for it, the last refusal and when, so the merchant sees it and can retry.
alter table tier_entry_grants
  add column coupon_attempts integer not null default 0,
  add column coupon_error text,
  add column coupon_failed_at timestamptz;
