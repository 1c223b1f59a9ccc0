-- Business agreements and their seats (/administrer-bedrift, /bedrift). Owned by
-- domain/business/agreements.ts. A company's agreement on one title has a number of seats, the
-- e-mail domains its employees' addresses must have, and its admins (the subscriptions whose
-- subscriptionInfo1 says admin); each invited address holds a seat until it is removed.

create table business_agreements (
  id                   bigserial   primary key,
  title_code           text        not null,
  company_name         text        not null check (char_length(company_name) between 1 and 200),
  organization_number  text        check (organization_number ~ '^[0-9]{9}$'),
  max_seats            integer     not null check (max_seats between 0 and 100000),
  created_at           timestamptz not null
);

-- The domains an invited address must have, exactly (subdomains only when listed). A domain is
-- one company's on a title: two agreements cannot both invite @bedrift.no to FVN.
create table business_agreement_domains (
  agreement_id  bigint not null references business_agreements (id),
  title_code    text   not null,
  domain        text   not null check (domain = lower(domain) and domain ~ '^[a-z0-9.-]+\.[a-z]{2,}$'),
  primary key (agreement_id, domain),
  unique (title_code, domain)
);

-- The admins of an agreement, by their own subscription to the title (subscriptionInfo1 admin).
-- A subscription administers one agreement at most.
create table business_agreement_admins (
  subscription_no  text   primary key references subscriptions (subscription_no),
  agreement_id     bigint not null references business_agreements (id)
);
create index business_agreement_admins_of on business_agreement_admins (agreement_id);

-- One row per invited address. `emailSent` holds a seat until the employee verifies (`active`,
-- with the seat's own subscription) or the admin removes it (`removed`, kept for the record: the
-- removed rows are not listed and hold no seat). An address is live once per agreement. The
-- invitation link's token is kept as its SHA-256 only: a resend replaces it and removing clears
-- it, so an old link stops working; a used one stays, so a second try is told it is used.
-- `spid_id` and `name` are the verified employee's (the name as the identity provider gave it).
create table business_seats (
  id               bigserial   primary key,
  agreement_id     bigint      not null references business_agreements (id),
  email            text        not null check (email = lower(email) and char_length(email) <= 254),
  status           text        not null check (status in ('emailSent', 'active', 'removed')),
  added_at         timestamptz not null,
  token_hash       text        unique,
  link_expires_at  timestamptz,
  last_sent_at     timestamptz,
  spid_id          text,
  name             text,
  subscription_no  text        references subscriptions (subscription_no),
  activated_at     timestamptz,
  removed_at       timestamptz,
  check (status <> 'active' or (spid_id is not null and subscription_no is not null)),
  check (status <> 'emailSent' or token_hash is not null)
);
create unique index business_seats_live on business_seats (agreement_id, email)
  where status <> 'removed';
create index business_seats_of on business_seats (agreement_id, status, added_at desc);
create index business_seats_subscription on business_seats (subscription_no);

-- Codes e-mailed to an invited address, for an employee signed in with another address. Valid
-- 10 minutes for the user who asked, single use, dead after 5 wrong tries; kept as hashes.
create table business_codes (
  id          uuid        primary key,
  seat_id     bigint      not null references business_seats (id),
  spid_id     text        not null,
  code_hash   text        not null,
  attempts    integer     not null default 0,
  expires_at  timestamptz not null,
  used_at     timestamptz,
  created_at  timestamptz not null
);
create index business_codes_of on business_codes (seat_id, spid_id, created_at desc);

-- The audit of the seats: every applied change of an admin (ADD, UPDATE, REMOVE, with its
-- result, also the ones refused) and every verification that gave a seat (VERIFY).
create table business_seat_events (
  id             bigserial   primary key,
  agreement_id   bigint      not null references business_agreements (id),
  seat_id        bigint      references business_seats (id),
  email          text        not null,
  kind           text        not null check (kind in ('ADD', 'UPDATE', 'REMOVE', 'VERIFY')),
  result         text        not null,
  actor_spid_id  text        not null,
  detail         jsonb       not null default '{}'::jsonb,
  occurred_at    timestamptz not null
);
create index business_seat_events_of on business_seat_events (agreement_id, occurred_at);

-- A business seat's subscription names its agreement (0019 made the column; its type follows the
-- agreement's id here, so it can be a foreign key).
alter table subscriptions alter column business_agreement_id type bigint
  using business_agreement_id::bigint;
alter table subscriptions add constraint subscriptions_business_agreement
  foreign key (business_agreement_id) references business_agreements (id);
create index subscriptions_business_agreement on subscriptions (business_agreement_id)
  where business_agreement_id is not null;
