-- Invoices are the billing effects seen by the reader: each effect's plan is kept so the
-- invoice names what was bought even after a later plan change.
alter table billing_effects add column plan_id bigint references plans (id);
create index billing_effects_subscription on billing_effects (subscription_no, id);
