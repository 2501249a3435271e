-- K-12 (decision 0161): the weekly report's settings per shop, and the last week it went out, so
-- the hourly job sends each week once whatever the retries.
create table analytics_report_settings (
  shop_id text primary key references shops (id) on delete cascade,
  weekly_enabled boolean not null default false,
  -- Lower-cased e-mail addresses; empty = the shop's own address.
  weekly_recipients jsonb not null default '[]'::jsonb,
  -- Monday (store day) of the last week reported.
  weekly_last_week date,
  updated_at timestamptz not null default now()
);
