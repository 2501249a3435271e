-- Children info on the customer profile (issue 9, J-02, J-04, decision 0150): a shopper's
-- children (name, gender, birth date) as the merchant records them, in the order entered.
-- Personal data: erased with the customer (customers/redact) and kept only while the customer is.

create table customer_children (
  shop_id text not null,
  customer_id text not null,
  -- The order the merchant entered them in (0-based); the list is replaced whole on save.
  position smallint not null check (position >= 0 and position < 10),
  name text not null check (length(name) between 1 and 100),
  gender text check (gender in ('girl', 'boy', 'other')),
  birth_date date,
  primary key (shop_id, customer_id, position),
  foreign key (shop_id, customer_id) references customers (shop_id, id) on delete cascade
);
