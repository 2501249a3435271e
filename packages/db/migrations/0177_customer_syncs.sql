-- Customer sync with the platform (J-21, decision 0164): a bulk re-sync reads the store's customers
-- page by page and updates Laurel's copy, as a job; this row is its progress, polled by the admin.
-- It waits (status `waiting`) while a VIP tier launch or relaunch runs (I-10) and resumes after.

create table customer_syncs (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  status text not null default 'queued'
    check (status in ('queued', 'waiting', 'running', 'done', 'failed')),
  -- The store's customer count when the run started (progress); customers read so far; of them,
  -- those whose copy in Laurel changed (a re-run over an unchanged store changes none).
  total_rows integer not null default 0,
  done_rows integer not null default 0,
  changed_rows integer not null default 0,
  -- The platform's cursor after the last applied page; null before the first.
  cursor text,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index customer_syncs_recent on customer_syncs (shop_id, created_at desc);
-- One run at a time per shop: starting again while one runs answers that run.
create unique index customer_syncs_active on customer_syncs (shop_id)
  where status in ('queued', 'waiting', 'running');
