-- Card and Vipps charges against the subscription's mandate (jobs/billing.ts): a charge the
-- provider has not decided yet is `pending` (its payment id kept, asked again later); a failed one
-- keeps why (`failure`, payments/port.ts ChargeFailure, or NO_MANDATE when there was nothing to
-- charge), how often it was tried, and when it is tried again (`retry_at`; null: not by itself —
-- a new payment method or a payment by hand settles it). Owned by domain/invoices/settlement.ts.
alter table billing_effects drop constraint billing_effects_status_check;
alter table billing_effects add constraint billing_effects_status_check
  check (status in ('open', 'pending', 'paid', 'failed'));
alter table billing_effects add column attempts integer not null default 0;
alter table billing_effects add column failure text;
alter table billing_effects add column retry_at timestamptz;
create index billing_effects_charges_to_take on billing_effects (id)
  where kind = 'charge' and status in ('open', 'pending', 'failed');

-- The subscription's mandate (payments/port.ts Mandate: a Vipps agreement id or a stored card's
-- token) is kept in subscriptions.payment_agreement_id, as the Vipps agreement was before.
