-- M-02 (decision 0176): "Tag past orders" adds the General settings' order and customer tags to the
-- orders that earned before the tags were set, as a job with progress. This row is the run: the
-- tags as they were when it started, the orders to tag and those handed to the tagging job so far,
-- and the last order id handed over (the job resumes after it).
create table past_order_taggings (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  order_tags text[] not null default '{}',
  customer_tags text[] not null default '{}',
  total_rows integer not null default 0,
  done_rows integer not null default 0,
  cursor text,
  actor_email text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (shop_id, id)
);
create index past_order_taggings_recent on past_order_taggings (shop_id, created_at desc);
-- One run at a time per shop: starting again while one runs answers that run.
create unique index past_order_taggings_active on past_order_taggings (shop_id)
  where status in ('queued', 'running');
