-- Paying an invoice is an order of kind 'invoice' that names the billing effect it settles.
alter table orders drop constraint orders_kind_check;
alter table orders add constraint orders_kind_check
  check (kind in ('new', 'reactivation', 'upgrade', 'invoice'));
alter table orders add column billing_effect_id bigint references billing_effects (id);
