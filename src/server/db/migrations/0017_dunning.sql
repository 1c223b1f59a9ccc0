-- Dunning: an unpaid giro invoice gets one reminder some days after its due date, and
-- its subscription is suspended (the engine's `suspend` command) when it is still unpaid on the
-- day the reminder named; paying it resumes the subscription.

-- One row per message of the dunning job (owned by domain/dunning/dunning.ts), kept for good. The
-- unique pair (invoice, kind) makes each message go out once however often, or on however many
-- instances, the job runs: the row and its outbox e-mail are written in one transaction.
-- `suspends_on` is the day the reminder promised (the suspension is never earlier); a suspension
-- row has the audit event of its `suspend` command.
create table dunning_notices (
  id                bigserial   primary key,
  billing_effect_id bigint      not null references billing_effects (id),
  subscription_no   text        not null references subscriptions (subscription_no),
  kind              text        not null check (kind in ('reminder', 'suspension')),
  suspends_on       date        not null,
  -- where the message was e-mailed (null: no address known, or sent before the invoice came here;
  -- the home page says it all the same)
  email             text,
  event_id          bigint      unique references subscription_events (id),
  sent_at           timestamptz not null,
  unique (billing_effect_id, kind),
  check ((kind = 'suspension') = (event_id is not null))
);
create index dunning_notices_subscription on dunning_notices (subscription_no, id);

-- The job looks for unpaid giro invoices.
create index billing_effects_unpaid_invoices on billing_effects (created_at)
  where kind = 'invoice' and status <> 'paid';
