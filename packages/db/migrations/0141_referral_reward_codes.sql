-- E-11 (issue 18): an order using a referral discount code is logged as "redeem referral coupon"
-- (referred friend or referrer); the order pipeline looks the codes up by these expressions.
create index referrals_friend_code on referrals (shop_id, (friend_reward ->> 'code'))
  where friend_reward ->> 'code' is not null;
create index referrals_referrer_code on referrals (shop_id, (referrer_reward ->> 'code'))
  where referrer_reward ->> 'code' is not null;
