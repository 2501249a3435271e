-- K-10 (decision 0163): an analytics report exported by e-mail. The job builds the CSV and keeps it
-- here until the signed download link expires; the e-mail carries the link, never the file.
create table analytics_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  query jsonb not null,
  recipient text not null,
  status text not null default 'queued' check (status in ('queued', 'ready', 'failed')),
  file_name text,
  csv text,
  rows integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (shop_id, id)
);
