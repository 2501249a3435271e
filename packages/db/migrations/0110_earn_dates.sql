-- Issue 15 (G-06): when the shopper last set their birthday; a birthday rewards only when it was
-- set at least 30 days before it. Null for birthdays the shopper never set (imported, seeded, admin).
alter table customers add column birthday_updated_at timestamptz;

-- The daily birthday and anniversary pass reads one shop's members by id, those with a birthday
-- month near today or joined in a month near today (decision 0095).
create index customers_date_rewards on customers (shop_id, id)
  where type = 'member' and (birth_month is not null or joined_at is not null);
