-- Customers area (issue 9, J-02, J-03, J-05): the fields the list and the profile show, and the
-- indexes that keep the list and its search fast at 1,000,000 customers per shop (decision 0060).

alter table customers add column phone text;
-- The phone's digits, for the phone search (kept by PostgreSQL; ANALYZE gives it statistics).
alter table customers add column phone_digits text
  generated always as (nullif(regexp_replace(phone, '[^0-9]', '', 'g'), '')) stored;
-- Birthday without a year (imports give MM/DD, J-09); both or neither.
alter table customers add column birth_month smallint check (birth_month between 1 and 12);
alter table customers add column birth_day smallint check (birth_day between 1 and 31);
alter table customers add constraint customers_birthday_whole
  check ((birth_month is null) = (birth_day is null));
-- A company (B2B) customer: the B2B tab.
alter table customers add column is_b2b boolean not null default false;
-- Why a customer is `left`: `excluded` by the merchant (the "Left segment", revertible, J-05),
-- or `deleted` from the store. Null for members and guests.
alter table customers add column left_reason text check (left_reason in ('excluded', 'deleted'));
-- Who last changed the customer's details: admin, user, pos or system (J-02 "last update with source").
alter table customers add column updated_source text;

-- Keyset pagination of every sort, tab by tab (shop_id first, DESIGN §1). Sorting by name and the
-- prefix search use byte order (collate "C"), so one index serves both ORDER BY and LIKE 'x%'.
create index customers_list_created on customers (shop_id, created_at, id);
create index customers_list_type_created on customers (shop_id, type, created_at, id);
create index customers_list_name on customers (
  shop_id,
  (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) collate "C"),
  id
);
create index customers_list_points on customers (shop_id, available_points, id);
create index customers_list_b2b on customers (shop_id, created_at, id) where is_b2b;
create index customers_list_excluded on customers (shop_id, created_at, id) where left_reason = 'excluded';

-- Prefix search on e-mail, last name and phone digits (full name is the list_name index).
create index customers_search_email on customers (shop_id, (lower(email) collate "C"));
create index customers_search_last_name on customers (shop_id, (lower(last_name) collate "C"));
create index customers_search_phone on customers (shop_id, (phone_digits collate "C"));
