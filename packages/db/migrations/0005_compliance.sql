-- Mandatory privacy webhooks (reference §2.5): customers/data_request produces an export the
-- merchant downloads and hands to the customer; customers/redact erases personal data.
create table compliance_exports (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  data_request_id text not null,
  platform_customer_id text not null,
  requested_at timestamptz not null default now(),
  data jsonb not null,
  primary key (shop_id, id),
  unique (shop_id, data_request_id)
);

alter table customers add column redacted_at timestamptz;
