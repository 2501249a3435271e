-- Backtests run as jobs with progress (issue 14, decision 0123): one row per run, written by the
-- job as it reads the shop's orders a page at a time. Reads the ledger's outcome, never writes it.
create table program_backtests (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  days integer not null,
  program_id text,
  -- The request as sent (`POST /lp/programs/backtests`): the program as edited.
  request jsonb not null,
  processed integer not null default 0,
  total integer not null default 0,
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index program_backtests_recent on program_backtests (shop_id, created_at desc);

-- The backtest reads a shop's orders since a day, oldest first, a page at a time after the last
-- (ordered_at, order_id) read: one index range per page instead of a sort of the period's orders.
create index orders_by_ordered_at on orders (shop_id, ordered_at, order_id);
