-- Referrals (issue 18, E-02 … E-12, decision 0080). Settings per shop as JSON (validated by
-- contracts), one stable code per referrer, and one row per claim: accepted claims are pending,
-- then completed or canceled; refused claims are kept as canceled with their reason.

create table referral_settings (
  shop_id text primary key references shops (id) on delete cascade,
  settings jsonb not null,
  -- R-09: `unlockUnlimitedOrderReferrals`, a growth-hacking unlock set by Laurel staff.
  unlock_unlimited boolean not null default false,
  updated_at timestamptz not null default now()
);

-- E-10: only whitelisted customers see and use referral when the program is whitelist-only.
alter table customers add column referral_whitelisted boolean not null default false;
create index customers_referral_whitelist on customers (shop_id, id) where referral_whitelisted;

create table referral_links (
  shop_id text not null,
  customer_id text not null,
  code text not null,
  -- The first-party device ids and salted IP hashes seen when the referrer opened their own link
  -- (the last few only; decision 0080), compared with a friend's at claim time.
  device_ids jsonb not null default '[]',
  ip_hashes jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (shop_id, customer_id),
  unique (shop_id, code),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);

create table referrals (
  shop_id text not null,
  id text not null,
  code text not null,
  referrer_id text not null,
  friend_id text,
  friend_email text,
  status text not null check (status in ('pending', 'completed', 'canceled')),
  reason text,
  -- Kept while the referral is pending (fraud checks at completion), cleared once it is decided.
  device_id text,
  ip_hash text,
  order_id text,
  friend_reward jsonb,
  referrer_reward jsonb,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  canceled_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (shop_id, id),
  foreign key (shop_id, referrer_id) references customers (shop_id, id) on delete cascade
);
-- One live referral per friend: a second claim is 'already referred'.
create unique index referrals_one_per_friend on referrals (shop_id, friend_id)
  where friend_id is not null and status <> 'canceled';
create index referrals_referrer on referrals (shop_id, referrer_id, status);
create index referrals_by_status on referrals (shop_id, status, created_at);
create index referrals_completed on referrals (shop_id, completed_at) where status = 'completed';
