-- Tier rewards (issue 10, I-04, I-09, I-19; decision 0135): a tier's entry reward may be a coupon as
-- well as points, and a tier may have a pre-tier reward paid when a member comes within reach of it.
-- Both are part of the ladder (copied into `live` at launch like the rest of a tier).

-- The entry coupon: discount type, value, minimum subtotal, days valid (null = none).
alter table tiers add column entry_coupon jsonb;
-- The pre-tier reward: threshold in the basis' unit, points and/or a coupon (null = none).
alter table tiers add column pre_tier jsonb;

-- One grants table for both rewards: once per member, tier, period and kind. A coupon granted is
-- issued on the platform by a job (outbox): `to_issue` until the discount exists, then `issued`.
alter table tier_entry_grants add column kind text not null default 'entry' check (kind in ('entry', 'pre_tier'));
alter table tier_entry_grants drop constraint tier_entry_grants_pkey;
alter table tier_entry_grants add primary key (shop_id, customer_id, tier_id, period_key, kind);
alter table tier_entry_grants add column coupon jsonb;
alter table tier_entry_grants add column coupon_code text;
alter table tier_entry_grants add column coupon_status text check (coupon_status in ('to_issue', 'issued'));
alter table tier_entry_grants add column platform_discount_id text;
create index tier_entry_grants_to_issue on tier_entry_grants (shop_id) where coupon_status = 'to_issue';
