-- Process-wide secrets generated on first start (e.g. the admin token key when SESSION_SECRET is
-- not set), kept in the database so every api process of one deployment agrees on them.
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
