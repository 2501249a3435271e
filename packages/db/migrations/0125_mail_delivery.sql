-- How a shop's e-mails leave (issue 11, L-06 … L-09, decision 0110): its own SMTP server, its own
-- sending domain (DKIM-signed), its own sender. At most one of each per shop. Secrets (the SMTP
-- password, the domain's DKIM private key) are stored encrypted (AES-256-GCM, key from the
-- environment); the browser never receives them.

-- L-06: custom SMTP. `verified_at` is set only by a real connection that accepted a test message,
-- and cleared by any change of host, port, security or credentials.
create table mail_smtp_settings (
  shop_id text not null references shops (id) on delete cascade,
  host text not null,
  port int not null,
  secure boolean not null default false,
  auth boolean not null default true,
  username text,
  password_enc text,
  verified_at timestamptz,
  last_error text,
  updated_at timestamptz not null default now(),
  primary key (shop_id)
);

-- L-07: custom sending domain `<subdomain>.<root_domain>`; the DNS records Laurel asks for, and
-- which of them were found at the last check (status unverified → partially_verified → verified).
create table mail_domains (
  shop_id text not null references shops (id) on delete cascade,
  root_domain text not null,
  subdomain text not null,
  status text not null default 'unverified',
  dkim_selector text not null,
  dkim_public_key text not null,
  dkim_private_key_enc text not null,
  records jsonb not null default '[]',
  checked_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (shop_id)
);

-- L-08: the sender shoppers see. Verified when the merchant follows the signed link e-mailed to it.
create table mail_senders (
  shop_id text not null references shops (id) on delete cascade,
  email text not null,
  name text not null,
  verified_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (shop_id)
);

-- The log is filtered by status and event and paged by (created_at, id).
create index notifications_by_status on notifications (shop_id, status, created_at desc, id);
