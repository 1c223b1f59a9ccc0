-- Pause instead of leaving (domain/subscriptions/pauses.ts, which owns `subscription_pauses`; the
-- status is the engine's, lifecycle.ts): a reader's own running subscription is paused for 1, 2 or
-- 3 months from today. While paused it has the status PAUSED (4, this product's own code beside
-- the billing system's): no access, nothing renews or is charged; its renewal date has moved on
-- by the pause's length.
alter table subscriptions drop constraint subscriptions_status_code_check;
alter table subscriptions add constraint subscriptions_status_code_check
  check (status_code in (0, 1, -1, 2, -2, 3, -3, 4, 31, 32, 41, 61));

-- One row per pause. `until_date` is its last planned day (it resumes by itself the day after);
-- `shift_days` the days the renewal date moved when it started; `ended_on` the first day with
-- access again when the reader ended it early; `resumed_at` when it ended (early or by itself);
-- `notice_sent_at` when the e-mail 7 days before the end was written to the outbox.
-- `delivery_change_id` is the paper's stop for the pause (a STOP in delivery_changes, recorded
-- without a stop credit). At most one open pause per subscription (the partial unique index).
create table subscription_pauses (
  id                  bigserial   primary key,
  subscription_no     text        not null references subscriptions (subscription_no),
  months              integer     not null check (months in (1, 2, 3)),
  from_date           date        not null,
  until_date          date        not null,
  shift_days          integer     not null check (shift_days > 0),
  ended_on            date,
  resumed_at          timestamptz,
  notice_sent_at      timestamptz,
  delivery_change_id  bigint      references delivery_changes (id),
  created_at          timestamptz not null,
  check (until_date >= from_date)
);
create unique index subscription_pauses_open on subscription_pauses (subscription_no)
  where resumed_at is null;
create index subscription_pauses_subscription on subscription_pauses (subscription_no, from_date);
