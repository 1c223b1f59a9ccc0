-- Subscription engine: cancellation details and trial end on the subscription, and the audit
-- trail of every change to a subscription (by the user, the system or a scheduled job).

-- Why and when a subscription was cancelled (kept after expiry, cleared on undo/reactivation),
-- and the last day of a trial (an Oslo calendar date; the first paid day is the day after).
alter table subscriptions add column cancellation_reason text
  check (cancellation_reason in ('price', 'content', 'time', 'technical', 'moving', 'other'));
alter table subscriptions add column cancellation_comment text;
alter table subscriptions add column cancelled_at timestamptz;
alter table subscriptions add column trial_ends date;

-- The jobs look subscriptions up by the date that falls due.
create index subscriptions_renewal_due on subscriptions (renewal_date) where renewal_date is not null;
create index subscriptions_expiry_due on subscriptions (expiry_date) where expiry_date is not null;
create index subscriptions_pending_due on subscriptions (pending_effective_date)
  where pending_effective_date is not null;

-- One row per applied command. `detail` holds the command, the state before and after and the
-- effects (charges, invoices) it produced. A job's event carries a dedupe_key such as
-- renew:<subscription_no>:<date>, so the same job for the same subscription and date is written
-- (and its change applied) once, however many times or instances run it.
create table subscription_events (
  id               bigserial   primary key,
  subscription_no  text        not null references subscriptions (subscription_no),
  aria_account_no  text        not null references accounts (aria_account_no),
  kind             text        not null,
  from_status      integer     not null,
  to_status        integer     not null,
  detail           jsonb       not null default '{}'::jsonb,
  actor            text        not null check (actor in ('user', 'system', 'job')),
  occurred_at      timestamptz not null default now(),
  dedupe_key       text        unique
);
create index subscription_events_subscription on subscription_events (subscription_no, id);
