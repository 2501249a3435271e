-- C-27 (decision 0172): Laurel support may allow a shop's past-order sync to run again. The run it
-- unlocks keeps its figures and says who lifted the lock, when and why; the once-only index then
-- ignores it, so the merchant can start one more run (and only one).
alter table program_syncs
  add column unlocked_at timestamptz,
  add column unlocked_by text,
  add column unlock_reason text;
drop index program_syncs_prior_order_once;
create unique index program_syncs_prior_order_once on program_syncs (shop_id)
  where kind = 'prior_order' and status <> 'failed' and unlocked_at is null;
