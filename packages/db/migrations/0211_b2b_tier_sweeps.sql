-- B2B partner tiers' daily demotion sweep (issue 10, I-20, decision 0174): the sweep of decision
-- 0115 runs per tier program, so each program's store day is swept and resumed apart.
alter table tier_sweeps add column program text not null default 'vip' check (program in ('vip', 'b2b'));
alter table tier_sweeps drop constraint tier_sweeps_pkey;
alter table tier_sweeps add primary key (shop_id, program, store_day);
