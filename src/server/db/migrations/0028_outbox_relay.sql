-- The outbox relay: each message the business transactions write to `outbox` is sent
-- once by a relay job over the configured mail relay (SMTP) or SMS gateway. Owned by
-- messaging/outbox.ts. A relay claims due rows `for update skip locked` and leases them
-- (status 'sending', lease_until), so two instances never take the same row; a lease that runs out
-- (the instance died mid-send) makes the row due again. Without a relay for its channel a row
-- stays 'pending' (development reads it at /dev/outbox).
alter table outbox
  add column status          text        not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed')),
  add column attempts        integer     not null default 0 check (attempts >= 0),
  add column next_attempt_at timestamptz,
  add column lease_until     timestamptz,
  add column sent_at         timestamptz,
  add column provider_id     text,
  add column last_error      text;

-- The relay's question: which rows are due (pending, or sending with a lapsed lease), oldest first.
create index outbox_due on outbox (id) where status in ('pending', 'sending');
