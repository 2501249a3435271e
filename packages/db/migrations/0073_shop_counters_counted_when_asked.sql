-- The dashboard's counters (B-01, B-29) are counted when GET /shops asks (shops.repository
-- countShopCounters): stored on the shop row they were never kept, and keeping them would make
-- every order batch of a shop wait on that row's lock.
alter table shops
  drop column count_customer,
  drop column last_30_day_orders_count,
  drop column monthly_order_count;
