-- Customer imports (issue 9, J-07 … J-12, decision 0105). An upload is parsed as a stream and its
-- rows staged here, checked and matched to customers set-based; a job then applies the good rows
-- in batches, each batch committing its rows' effects and the import's cursor together (resumable).

create table customer_imports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  -- The history's order (newest first) without relying on clock ties.
  seq bigint generated always as identity,
  -- What the file imports: points (J-10) or birthdays (J-09).
  kind text not null check (kind in ('points', 'birthday')),
  -- Points only: `add` ("import add") or `reset` ("import reset").
  mode text check (mode in ('add', 'reset')),
  file_name text not null,
  -- The file's SHA-256: the same file imported again derives the same ledger keys (adds nothing).
  file_sha256 text not null,
  file_bytes integer not null check (file_bytes >= 0),
  -- validating (upload being read) → ready (rows checked) → importing → done | failed.
  status text not null default 'validating'
    check (status in ('validating', 'ready', 'importing', 'done', 'failed')),
  total_rows integer not null default 0,
  error_rows integer not null default 0,
  -- Rows applied so far (progress), and of those the ones that changed something.
  done_rows integer not null default 0,
  changed_rows integer not null default 0,
  -- The last line applied: the job resumes after it.
  cursor integer not null default 0,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index customer_imports_history on customer_imports (shop_id, seq);
-- The internal import file manager lists every shop's imports, newest first.
create index customer_imports_all on customer_imports (seq);

create table customer_import_rows (
  shop_id text not null,
  import_id text not null,
  -- The file's line the row ends on (the header is line 1).
  line integer not null,
  platform_customer_id text,
  email text,
  phone text,
  points integer,
  birth_month smallint,
  birth_day smallint,
  -- The source's date for the points (Create Date), kept on the entry's note.
  source_date text,
  -- The customer the row names (by Customer ID, then Email, then Phone: J-08).
  customer_id text,
  -- Why the row is refused: the column (as the file names it) and the reason.
  error_field text,
  error_message text,
  -- After applying: `changed` or `unchanged` (already imported, same value).
  outcome text check (outcome in ('changed', 'unchanged')),
  primary key (shop_id, import_id, line),
  foreign key (shop_id, import_id) references customer_imports (shop_id, id) on delete cascade
);
create index customer_import_rows_errors on customer_import_rows (shop_id, import_id, line)
  where error_message is not null;
