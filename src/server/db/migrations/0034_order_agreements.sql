-- An order of 0 kr that starts a subscription paid by card or Vipps has nothing to pay, but its
-- renewals need something to charge: the reader approves a mandate alone (a Vipps agreement, a
-- card verification) and the order keeps its agreement here until the provider says it is
-- active. Owned by domain/orders/orders.ts.
alter table orders add column agreement_id text;
