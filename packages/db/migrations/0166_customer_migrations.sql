-- Migration from another loyalty app (issue 9, J-13, J-14, decision 0151): an import of kind
-- `migration` reads a competitor's export through the merchant's column mapping; its dry run is the
-- staged check, and applying sets each customer's balance to the migrated points ("migrate point").

alter table customer_imports drop constraint customer_imports_kind_check;
alter table customer_imports
  add constraint customer_imports_kind_check check (kind in ('points', 'birthday', 'migration'));
-- The app the file comes from (smile, loyaltylion, yotpo, rivo, other): migrations only.
alter table customer_imports add column source text
  check (source in ('smile', 'loyaltylion', 'yotpo', 'rivo', 'other'));
-- The merchant's mapping, Laurel's column → the file's header: {"email": "email", "points": "points_balance"}.
alter table customer_imports add column columns jsonb;
