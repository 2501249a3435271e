-- B-39, M-04 (decision 0166): `isAllowFreeChangePrimaryColor`. Brand colours are an Essential
-- feature; a shop with this flag may change its primary colour on any plan. Set by staff.
alter table shops add column is_allow_free_change_primary_color boolean not null default false;
