-- A reader's request to have their data deleted (/schibstedDeleteGateway). Owned by
-- domain/privacy/deletion.ts. Asked for on requested_at, erased by the background job from
-- erase_at (30 days later) unless cancelled first; the subscriptions the request stopped from
-- renewing are named in stopped_subscriptions, so a cancelled request lets them renew again.
-- Erasing keeps the bookkeeping (orders, invoices, payments, refunds: Bokføringsloven § 13) without
-- anything that names the reader, until keep_bookkeeping_until; the second job purges it then.
-- `spid_id` is blanked when the data is erased: the row is the record that it was done.
create table deletion_requests (
  id                      uuid        primary key,
  spid_id                 text,
  title_code              text        not null,
  aria_account_no         text,
  requested_at            timestamptz not null,
  erase_at                timestamptz not null,
  stopped_subscriptions   text[]      not null default '{}',
  cancelled_at            timestamptz,
  erased_at               timestamptz,
  keep_bookkeeping_until  date,
  bookkeeping_purged_at   timestamptz,
  check (erase_at > requested_at),
  check (cancelled_at is null or erased_at is null),
  check ((erased_at is null) = (keep_bookkeeping_until is null)),
  check (erased_at is not null or spid_id is not null)
);
-- One request waiting per reader: two asked at once make one.
create unique index deletion_requests_one_waiting on deletion_requests (spid_id)
  where cancelled_at is null and erased_at is null;
create index deletion_requests_due on deletion_requests (erase_at)
  where cancelled_at is null and erased_at is null;
