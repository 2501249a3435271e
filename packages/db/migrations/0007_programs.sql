-- Reward programs (C-01): the common fields as columns, the kind-specific settings (validated by the
-- domain package) as JSON.
create table programs (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  type text not null,
  event text not null,
  title text not null,
  translate_title jsonb not null default '{}',
  description text,
  status text not null default 'active',
  priority integer not null default 99,
  starts_at timestamptz,
  ends_at timestamptz,
  config jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, id)
);
create index programs_shop_type on programs (shop_id, type, priority);
