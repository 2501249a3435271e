-- The storefront's "which one-time programs (sign up, newsletter) have rewarded this shopper?"
-- asked on every `GET /proxy/customer` (decision 0017): a seek per program instead of a walk over
-- the customer's whole history, which grows with every order (found by the P5 profile, 0055).
create index ledger_entries_customer_awards on ledger_entries (shop_id, customer_id, program_id)
  where available_delta > 0 and program_id is not null;
