-- M-07, H-06 (decision 0170): the merchant API's keys. Only a SHA-256 of the key is kept; the key
-- itself is shown once. `lookup` (the key's first characters after `lrl_live_`) finds the row, then
-- the hashes are compared in constant time. One live key per shop; revoked keys stay as history.
create table api_keys (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  lookup text not null,
  prefix text not null,
  secret_hash text not null,
  created_by text,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  primary key (shop_id, id)
);
-- A key names no shop, so the lookup is global (the one index not led by shop_id; decision 0170).
create unique index api_keys_lookup on api_keys (lookup);
create unique index api_keys_one_live on api_keys (shop_id) where revoked_at is null;
