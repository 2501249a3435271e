-- E-mail notifications (issue 11, decision 0075).

-- L-02, L-04: each shop's settings of one e-mail event (absent row = the defaults: on, the shipped
-- subject and colours). `subject` null = the shipped subject in the shopper's language.
create table notification_templates (
  shop_id text not null references shops (id) on delete cascade,
  event text not null,
  enabled boolean not null default true,
  subject text,
  header_color text,
  button_color text,
  logo text,
  reply_to text,
  send_before_days int,
  updated_at timestamptz not null default now(),
  primary key (shop_id, event)
);

-- L-02, L-03: the notification log. One row per e-mail, unique per (event, customer, occasion)
-- through `idempotency_key`: a retry or a second worker finds the row and never sends twice.
create table notifications (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  event text not null,
  customer_id text,
  recipient text not null,
  language text not null,
  idempotency_key text not null,
  status text not null default 'queued',
  subject text,
  data jsonb not null default '{}',
  attempts int not null default 0,
  lease_until timestamptz,
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  primary key (shop_id, id),
  unique (shop_id, idempotency_key)
);
create index notifications_by_date on notifications (shop_id, created_at desc, id);

-- One-click unsubscribe (RFC 8058): a shopper who unsubscribed gets no more e-mail of the shop.
create table notification_unsubscribes (
  shop_id text not null references shops (id) on delete cascade,
  customer_id text not null,
  unsubscribed_at timestamptz not null default now(),
  primary key (shop_id, customer_id)
);

-- The local catch-all mailbox of the embedded mode: every e-mail the default service "sends",
-- as the raw RFC 5322 message nodemailer built, viewable at /dev/mailbox.
create table mailbox_messages (
  shop_id text not null,
  id bigserial not null,
  recipient text not null,
  subject text not null,
  raw text not null,
  received_at timestamptz not null default now(),
  primary key (shop_id, id)
);
