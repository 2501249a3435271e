-- Tier import (issue 9, J-11) and the migration wizard's tier step (J-13, J-14), decision 0167.
-- A tier import sets each member's imported measure on the shop's tier basis (points earned, amount
-- spent in minor units, number of orders) as a baseline the tier engine adds to what it measures
-- from Laurel's own history; a migration's tier rule gives each tier name of the other app an entry
-- requirement that becomes the member's baseline the same way.

alter table customer_imports drop constraint customer_imports_kind_check;
alter table customer_imports
  add constraint customer_imports_kind_check check (kind in ('points', 'birthday', 'migration', 'tier'));
-- The tier basis the file was checked against (tier imports; migrations with a tier rule).
alter table customer_imports add column tier_basis text
  check (tier_basis in ('points_earned', 'amount_spent', 'orders'));
-- A migration's tier rule (J-14): [{"name": "Gold", "requirement": 500}, …].
alter table customer_imports add column tier_rule jsonb;
-- A staged row's imported measure on the tier basis (money in minor units).
alter table customer_import_rows add column tier_value bigint;

-- Each member's imported measure per basis: the engine adds it to the measure it computes, in every
-- period that starts at or before `counted_from` (the fact is dated when it was first imported).
create table customer_tier_baselines (
  shop_id text not null,
  customer_id text not null,
  basis text not null check (basis in ('points_earned', 'amount_spent', 'orders')),
  value bigint not null check (value >= 0),
  counted_from timestamptz not null,
  import_id text not null,
  updated_at timestamptz not null default now(),
  primary key (shop_id, customer_id, basis),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);

-- 'VIP tier changes' caused by a tier import or a migration (event `migrate_tier`, C-30).
alter table tier_changes drop constraint tier_changes_reason_check;
alter table tier_changes add constraint tier_changes_reason_check
  check (reason in ('order', 'launch', 'relaunch', 'demotion', 'direct', 'exclusive', 'import', 'migrate_tier'));
