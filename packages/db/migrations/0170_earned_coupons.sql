-- Issue 15: coupons earned without spending points (a birthday or milestone discount reward,
-- decision 0155). They have no hold and cost 0 points; `earned_by` names what earned them
-- (`birthday:{customer}:{period}`, `milestone:{program}:{customer}:{value}`) and is unique per shop,
-- so a reward is turned into a coupon once whatever runs the pass.
alter table coupons alter column hold_id drop not null;
alter table coupons drop constraint coupons_points_check;
alter table coupons add column earned_by text;
alter table coupons add constraint coupons_points_check
  check ((hold_id is not null and points > 0) or (hold_id is null and earned_by is not null and points = 0));
create unique index coupons_earned_by on coupons (shop_id, earned_by) where earned_by is not null;
