-- Plan conversions: a reader stops qualifying for their plan (the student plan when
-- the student verification lapses, the youth plan on the 34th birthday) and the subscription
-- moves on to another plan from a renewal date at least 30 days after the reader was told.
-- Owned by domain/subscriptions/conversions.ts.
--
-- subscriptions.pending_reason marks a pending change as such a conversion: the reader may
-- steer it to another plan but not withdraw it (the engine refuses), and it is called off only
-- when the reader qualifies again (a new student verification).
alter table subscriptions
  add column pending_reason text
    check (pending_reason in ('student-verification-ends', 'youth-age-limit')),
  add constraint subscriptions_pending_reason_with_plan
    check (pending_reason is null or pending_plan_id is not null);

-- One row per conversion told to a reader: the notice e-mail is sent once per row, the plan is
-- the one the subscription becomes (the default the notice named, or the reader's choice), and
-- a conversion cleared by something else (a cancellation undone) is scheduled again from here.
-- withdrawn_at: the reader qualified again; done_at: effective_date came (the plan changed then,
-- unless the subscription had ended or moved to another plan by itself).
create table plan_conversions (
  id              bigint      generated always as identity primary key,
  subscription_no text        not null references subscriptions (subscription_no),
  reason          text        not null
    check (reason in ('student-verification-ends', 'youth-age-limit')),
  lapse_date      date        not null,
  effective_date  date        not null,
  plan_id         bigint      not null references plans (id),
  default_plan_id bigint      not null references plans (id),
  chosen_by       text        not null default 'default' check (chosen_by in ('default', 'reader')),
  email           text,
  noticed_at      timestamptz not null,
  chosen_at       timestamptz,
  withdrawn_at    timestamptz,
  done_at         timestamptz,
  check (effective_date >= lapse_date),
  unique (subscription_no, reason, effective_date)
);

-- At most one conversion in waiting per subscription (two job runs at once: one wins).
create unique index plan_conversions_open
  on plan_conversions (subscription_no) where withdrawn_at is null and done_at is null;
