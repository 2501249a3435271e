-- Referrals, the rest (issue 18, E-12, E-13, decisions 0125-0126).

-- E-13: the referral pages' design (the referrer's invite card, the friend's popup), as JSON
-- validated by contracts (`referralBrandingSchema`); a shop without a row has the defaults.
create table referral_branding (
  shop_id text primary key references shops (id) on delete cascade,
  branding jsonb not null,
  updated_at timestamptz not null default now()
);

-- E-12: a referral export built by a job and e-mailed as a signed download link. The CSV is kept
-- until it expires (7 days), then the sweep in the job drops it; the row stays as a record.
create table referral_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  status text not null check (status in ('queued', 'ready', 'failed')),
  filter jsonb not null,
  recipient text not null,
  row_count integer,
  csv text,
  requested_by text,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  primary key (shop_id, id)
);
create index referral_exports_expiring on referral_exports (shop_id, expires_at) where csv is not null;
