-- Retroactive syncs (C-27, X-47, issue 14, decision 0165): one row per run of a sync job, written
-- by the job as it credits. The past-order ("prior order") sync runs once per shop: a run that is
-- queued, running or done holds the lock (a failed run does not, it may be started again); support
-- lifts it by marking the run failed. Sign-up and newsletter syncs may run any time.
create table program_syncs (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  kind text not null check (kind in ('prior_order', 'sign_up', 'newsletter')),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- The past-order sync's first day (the shop's orders placed since then); null for the others.
  since timestamptz,
  processed integer not null default 0,
  total integer not null default 0,
  -- Orders (or members) credited, and the points they earned.
  credited integer not null default 0,
  points bigint not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index program_syncs_recent on program_syncs (shop_id, kind, created_at desc);
-- The once-only lock: at most one past-order sync per shop that has not failed.
create unique index program_syncs_prior_order_once on program_syncs (shop_id)
  where kind = 'prior_order' and status <> 'failed';
