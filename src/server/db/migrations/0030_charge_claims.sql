-- Open card and Vipps charges are claimed before the billing job takes them through the provider
-- (jobs/billing.ts): `claimed_until` is the claim's lease, so two instances never charge one at
-- the same time and one that died mid-charge lets another take it (with the same idempotency
-- key at the provider) once the lease is out. Owned by domain/invoices/settlement.ts.
alter table billing_effects add column claimed_until timestamptz;
