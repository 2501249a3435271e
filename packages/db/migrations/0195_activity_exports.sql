-- Point activity export as a background job (issue 9, K-05, decision 0169): the merchant starts it
-- with the activity list's filters, a job writes the CSV page by page (each page one chunk, committed
-- with the progress and the keyset cursor, so a crash resumes), the merchant downloads it from the
-- admin and is told by e-mail (export_ready) when it is ready.

create table activity_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  -- The list's filters the export was asked for (K-01): action, program, from, to, customer.
  filters jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total_rows integer not null default 0,
  done_rows integer not null default 0,
  -- The id of the last written ledger entry (entries are written newest first); null before the first.
  cursor bigint,
  chunks integer not null default 0,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index activity_exports_recent on activity_exports (shop_id, created_at desc);

create table activity_export_chunks (
  shop_id text not null,
  export_id text not null,
  seq integer not null,
  -- CSV text of one page of entries (already neutralised against formula injection).
  data text not null,
  primary key (shop_id, export_id, seq),
  foreign key (shop_id, export_id) references activity_exports (shop_id, id) on delete cascade
);
