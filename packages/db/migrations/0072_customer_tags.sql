-- The shopper's tags as the platform last told them (customers/create, customers/update: a REST
-- Customer's comma-separated `tags`). Referral eligibility by customer tags (E-02, E-05) reads
-- them; without them a merchant who named tags shut everybody out. Not indexed: read per shopper.
alter table customers add column tags text[] not null default '{}';
