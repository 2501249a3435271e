-- A subject per storefront language for each e-mail (issue 11, L-04, decision 0179) and the
-- storefront language a shopper last used, so their e-mails are written in it.
alter table notification_templates add column subjects jsonb not null default '{}'::jsonb
  check (jsonb_typeof(subjects) = 'object');
alter table customers add column locale text
  check (locale is null or locale ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
