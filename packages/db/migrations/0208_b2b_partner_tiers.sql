-- B2B partner tiers (issue 10, I-19 … I-21, X-22, decision 0174). B2B tiers are the VIP engine and
-- storage over a second program: every tier table gains the program it belongs to ('vip' | 'b2b'),
-- so a shop has one VIP ladder and one B2B ladder, each with its draft, live snapshot, runs and
-- each member's standing. Existing rows are VIP.

alter table tier_programs add column program text not null default 'vip' check (program in ('vip', 'b2b'));
alter table tier_programs drop constraint tier_programs_pkey;
alter table tier_programs add primary key (shop_id, program);

alter table tiers add column program text not null default 'vip' check (program in ('vip', 'b2b'));
drop index tiers_name;
create unique index tiers_name on tiers (shop_id, program, lower(name));

-- A company member may hold a VIP tier and a B2B tier at once: one standing per program.
alter table customer_tiers add column program text not null default 'vip' check (program in ('vip', 'b2b'));
alter table customer_tiers drop constraint customer_tiers_pkey;
alter table customer_tiers add primary key (shop_id, customer_id, program);

alter table tier_runs add column program text not null default 'vip' check (program in ('vip', 'b2b'));
create index tier_runs_program_recent on tier_runs (shop_id, program, seq desc);

-- I-21: the access scopes the platform granted Laurel (null: not known yet), read at install.
alter table shops add column granted_scopes text[];
