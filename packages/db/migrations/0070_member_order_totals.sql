-- Each customer's running order totals (decision 0071): what VIP tiers by amount spent or number of
-- orders measure, and the last order demotion looks at. Tier progress used to sum a member's whole
-- order history at every batch that named them, a cost that grew with each order (a member's
-- thousandth order summed a thousand rows). PostgreSQL keeps these totals itself, per statement,
-- from the rows every writer changes (the order pipeline, reconciliation, seeds, imports), so no
-- writer can forget them and a statement that changes nothing adds nothing.
--
-- What counts (the same rule the tier engine had): an order not cancelled that is paid or was
-- earned on ('rewarded', 'logged'); it adds its total less refunds to the spend, and it counts as
-- an order, and as the last order, while it is not refunded in full.
--
-- A narrow table of its own, not columns on `customers`: a customers row has 13 indexes and its
-- balance is one of them, so every update of it writes 13 index entries; this row has one index
-- and no indexed column changes, so with room left on its page (fillfactor) an update is HOT.

create table customer_order_totals (
  shop_id text not null,
  customer_id text not null,
  spent_minor bigint not null default 0,
  orders_counted integer not null default 0,
  last_order_at timestamptz,
  primary key (shop_id, customer_id),
  -- Not a foreign key to customers: an order naming a customer Laurel has not stored must never
  -- fail its statement because of a total.
  foreign key (shop_id) references shops (id) on delete cascade
) with (fillfactor = 70);

-- Tier standings change with nearly every order of a member (the stored measure): the same room
-- for HOT updates (their indexed columns, the tier, change far less often).
alter table customer_tiers set (fillfactor = 70);

create function order_counts(customer_id text, status text, paid_at timestamptz) returns boolean
language sql immutable as $$
  select customer_id is not null and status <> 'cancelled' and (paid_at is not null or status in ('rewarded', 'logged'))
$$;

-- One function for the three statement triggers below (transition tables: `new_rows` on insert and
-- update, `old_rows` on update and delete). Per statement: the signed order versions (a new version
-- adds, an old one takes away), summed per customer, added to their row in one upsert.
create function orders_keep_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_order_totals as t (shop_id, customer_id, spent_minor, orders_counted, last_order_at)
    select shop_id, customer_id, sum(total_minor - refunded_minor), sum((refunded_minor < total_minor)::int),
      max(ordered_at) filter (where refunded_minor < total_minor)
    from new_rows n where order_counts(n.customer_id, n.status, n.paid_at)
    group by shop_id, customer_id
    on conflict (shop_id, customer_id) do update set
      spent_minor = t.spent_minor + excluded.spent_minor,
      orders_counted = t.orders_counted + excluded.orders_counted,
      last_order_at = greatest(t.last_order_at, excluded.last_order_at);
  elsif tg_op = 'UPDATE' then
    insert into customer_order_totals as t (shop_id, customer_id, spent_minor, orders_counted, last_order_at)
    select shop_id, customer_id, sum(sign * spent), sum(sign * counted),
      max(ordered_at) filter (where sign = 1 and counted = 1)
    from (
      select shop_id, customer_id, 1 as sign, total_minor - refunded_minor as spent,
        (refunded_minor < total_minor)::int as counted, ordered_at
      from new_rows n where order_counts(n.customer_id, n.status, n.paid_at)
      union all
      select shop_id, customer_id, -1, total_minor - refunded_minor, (refunded_minor < total_minor)::int, ordered_at
      from old_rows o where order_counts(o.customer_id, o.status, o.paid_at)
    ) versions
    group by shop_id, customer_id
    on conflict (shop_id, customer_id) do update set
      spent_minor = t.spent_minor + excluded.spent_minor,
      orders_counted = t.orders_counted + excluded.orders_counted,
      last_order_at = greatest(t.last_order_at, excluded.last_order_at)
    -- A statement that changes no total leaves the row alone (no new row version).
    where excluded.spent_minor <> 0 or excluded.orders_counted <> 0
      or excluded.last_order_at > coalesce(t.last_order_at, '-infinity');
    -- An order that counted and no longer does, for the same customer at the same time or later,
    -- may have been the customer's last: look it up again (a backward scan of orders_customer).
    update customer_order_totals t set last_order_at = (
      select max(x.ordered_at) from orders x
      where x.shop_id = t.shop_id and x.customer_id = t.customer_id
        and order_counts(x.customer_id, x.status, x.paid_at) and x.refunded_minor < x.total_minor)
    where (t.shop_id, t.customer_id) in (
      select o.shop_id, o.customer_id from old_rows o
      where order_counts(o.customer_id, o.status, o.paid_at) and o.refunded_minor < o.total_minor
        and not exists (
          select 1 from new_rows n
          where n.shop_id = o.shop_id and n.order_id = o.order_id and n.customer_id = o.customer_id
            and order_counts(n.customer_id, n.status, n.paid_at) and n.refunded_minor < n.total_minor
            and n.ordered_at >= o.ordered_at));
  else
    -- Deletes are rare (a shop's data erased): the customers they touch are summed afresh.
    update customer_order_totals t set
      spent_minor = coalesce(a.spent, 0), orders_counted = coalesce(a.counted, 0), last_order_at = a.newest
    from (select distinct shop_id, customer_id from old_rows where customer_id is not null) d
    left join lateral (
      select sum(x.total_minor - x.refunded_minor) as spent, sum((x.refunded_minor < x.total_minor)::int) as counted,
        max(x.ordered_at) filter (where x.refunded_minor < x.total_minor) as newest
      from orders x
      where x.shop_id = d.shop_id and x.customer_id = d.customer_id
        and order_counts(x.customer_id, x.status, x.paid_at)
    ) a on true
    where t.shop_id = d.shop_id and t.customer_id = d.customer_id;
  end if;
  return null;
end
$$;

create trigger orders_totals_insert after insert on orders
  referencing new table as new_rows for each statement execute function orders_keep_totals();
create trigger orders_totals_update after update on orders
  referencing old table as old_rows new table as new_rows for each statement execute function orders_keep_totals();
create trigger orders_totals_delete after delete on orders
  referencing old table as old_rows for each statement execute function orders_keep_totals();

-- The totals of the orders stored so far.
insert into customer_order_totals (shop_id, customer_id, spent_minor, orders_counted, last_order_at)
select shop_id, customer_id, sum(total_minor - refunded_minor), sum((refunded_minor < total_minor)::int),
  max(ordered_at) filter (where refunded_minor < total_minor)
from orders o where order_counts(o.customer_id, o.status, o.paid_at)
group by shop_id, customer_id;
