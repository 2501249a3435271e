-- Images a merchant uploads for the storefront (issue 12, N-16; decision 0086): the launcher's
-- custom icon and the popups' icons. Kept by the app (a gif, jpg or png of at most 2 MB, checked
-- by its bytes) and served publicly under an unguessable id, as a CDN would.
create table storefront_uploads (
  shop_id text not null references shops (id) on delete cascade,
  id text not null,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/gif')),
  size integer not null check (size > 0 and size <= 2097152),
  sha256 text not null,
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (shop_id, id)
);
