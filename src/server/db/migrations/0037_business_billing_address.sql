-- Where a company's invoices and receipts are addressed: the PDFs of a business subscription
-- (its admin's subscription, or a seat's) name the company, its organisation number and this
-- address instead of the reader. Owned by domain/business/agreements.ts; null for an agreement
-- brought over without one (the documents then name the company without an address).
alter table business_agreements add column billing_street text
  check (char_length(billing_street) between 1 and 200);
alter table business_agreements add column billing_postal_code text
  check (billing_postal_code ~ '^[0-9]{4}$');
alter table business_agreements add column billing_place text
  check (char_length(billing_place) between 1 and 100);
