-- Connecting an existing subscription to the logged-in identity (/koble-bruker), the outbox the
-- embedded SMS/e-mail sender writes to, and rate-limit counters shared by every instance.

-- Messages "sent" by the embedded MessageSender; development reads them at /dev/outbox.
create table outbox (
  id          bigserial   primary key,
  channel     text        not null check (channel in ('sms', 'email')),
  recipient   text        not null,
  body        text        not null,
  created_at  timestamptz not null default now()
);

-- One row per search (matched or not). target_account_no is null when nothing matched: such a
-- verification can never be verified and answers exactly like a wrong code. The code and the
-- connect token are kept only as hashes.
create table verifications (
  id                        uuid        primary key,
  spid_id                   text        not null,
  title_code                text        not null,
  target_account_no         text        references accounts (aria_account_no),
  phone                     text,
  code_hash                 text        not null,
  attempts                  integer     not null default 0,
  expires_at                timestamptz not null,
  used_at                   timestamptz,
  connect_token_hash        text        unique,
  connect_token_expires_at  timestamptz,
  connected_at              timestamptz,
  created_at                timestamptz not null default now()
);
create index verifications_spid on verifications (spid_id, created_at);

-- Fixed-window counters (key such as sms:<phone> or search:<spid>).
create table rate_limits (
  key           text        not null,
  window_start  timestamptz not null,
  count         integer     not null default 0,
  primary key (key, window_start)
);
