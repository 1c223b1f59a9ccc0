-- Paper delivery changes (/endre-avislevering). Owned by domain/delivery/changeStore.ts.

-- One row per change of a paper subscription's delivery: STOP (no paper for a period or until
-- further notice), TRANSFER (a temporary address for a period) or PERMANENT (a move from a
-- date). Dates are Europe/Oslo delivery days of the title; `to_date` null is an open end (a
-- STOP until further notice, or a move). A withdrawn change stays as history. `credited_through`
-- is the last stopped day credited on an invoice (titles that credit stopped issues);
-- `applied_at` when a move's address became the account's delivery address (on its first day).
create table delivery_changes (
  id                bigserial   primary key,
  subscription_no   text        not null references subscriptions (subscription_no),
  aria_account_no   text        not null references accounts (aria_account_no),
  title_code        text        not null,
  kind              text        not null check (kind in ('STOP', 'TRANSFER', 'PERMANENT')),
  from_date         date        not null,
  to_date           date,
  co_name           text,
  street            text,
  street_number     text,
  flat_number       text,
  floor             text,
  postal_code       text,
  place             text,
  withdrawn_at      timestamptz,
  applied_at        timestamptz,
  credited_through  date,
  credited_ore      bigint      not null default 0 check (credited_ore >= 0),
  created_at        timestamptz not null,
  updated_at        timestamptz not null,
  check (to_date is null or to_date >= from_date),
  check (kind <> 'PERMANENT' or to_date is null),
  check (kind <> 'TRANSFER' or to_date is not null),
  check ((kind = 'STOP') = (co_name is null)),
  check (kind = 'STOP' or (street is not null and street_number is not null
                           and postal_code is not null and place is not null))
);
create index delivery_changes_subscription on delivery_changes (subscription_no, from_date);
create index delivery_changes_due_moves on delivery_changes (from_date)
  where kind = 'PERMANENT' and withdrawn_at is null and applied_at is null;
