-- The payment port names what renewals charge (payments/port.ts `Mandate`): a Vipps Recurring
-- agreement or a card stored at Swedbank Pay. The embedded sandbox keeps its mandates as its
-- agreements: made by a purchase that asked for one (`recurring`) once it is approved, or by an
-- agreement the reader approved alone. Owned by payments/sandbox.ts.
alter table sandbox_agreements drop constraint sandbox_agreements_status_check;
alter table sandbox_agreements add constraint sandbox_agreements_status_check
  check (status in ('PENDING', 'ACTIVE', 'DECLINED', 'STOPPED', 'EXPIRED'));
-- What the tester set on the agreement's page for the charges after it (null: they go through).
alter table sandbox_agreements add column fails_with text
  check (fails_with in ('USER_ACTION_REQUIRED', 'TECHNICAL'));
-- What the agreement is for (product, amount, interval), as a provider shows it.
alter table sandbox_agreements add column terms jsonb;

-- A hosted payment that also sets up a mandate (its terms), and the mandate once approved.
alter table sandbox_payments add column recurring jsonb;
alter table sandbox_payments add column mandate_id text references sandbox_agreements (agreement_id);
-- A recurring charge: its mandate (above), the day it is due, the days it may be tried after,
-- and why it was declined.
alter table sandbox_payments add column due date;
alter table sandbox_payments add column retry_days integer;
alter table sandbox_payments add column failure text;
