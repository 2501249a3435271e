-- Customer export as a background job (issue 9, J-15, decision 0152): the merchant starts it, a job
-- writes the CSV page by page (each page one chunk, committed with the progress, so a crash resumes),
-- the merchant downloads it from the admin and is told by e-mail (export_ready) when it is ready.

create table customer_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  -- The list's tab and search the export was asked for (J-03).
  tab text not null,
  search text,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- Customers written so far (progress); total is counted when the job starts.
  total_rows integer not null default 0,
  done_rows integer not null default 0,
  -- Keyset position of the last written page (JSON [sort key, id]); null before the first.
  cursor text,
  chunks integer not null default 0,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index customer_exports_recent on customer_exports (shop_id, created_at desc);

create table customer_export_chunks (
  shop_id text not null,
  export_id text not null,
  seq integer not null,
  -- CSV text of one page of customers (already neutralised against formula injection).
  data text not null,
  primary key (shop_id, export_id, seq),
  foreign key (shop_id, export_id) references customer_exports (shop_id, id) on delete cascade
);
