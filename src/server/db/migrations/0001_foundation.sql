-- Foundation schema: titles' product catalogue, accounts, subscriptions, complaint codes and the
-- demo identities of the embedded identity provider. Money is in øre (bigint), calendar dates
-- are Europe/Oslo dates (date), instants are timestamptz.

create sequence account_no_seq start with 100000001;
create sequence subscription_no_seq start with 500000001;
create sequence customer_no_seq start with 7000001;

create table plans (
  id              bigserial primary key,
  title_code      text    not null,
  aria_plan_id    text    not null,
  schedule_id     text    not null,
  plan_name       text    not null,
  product         text    not null,
  product_type    text    not null check (product_type in ('DIGITAL', 'COMBO')),
  period          text    not null check (period in ('Årlig', 'Kvartalsvis', 'Månedlig', 'Månedlig Premium')),
  price_ore       bigint  not null check (price_ore >= 0),
  features        text[]  not null,
  youth           boolean not null default false,
  active          boolean not null default true,
  unique (title_code, aria_plan_id, period)
);

create table accounts (
  aria_account_no  text        primary key default nextval('account_no_seq')::text,
  spid_id          text        not null unique,
  account_balance  bigint      not null default 0,
  first_title_code text        not null,
  currency         text        not null default 'NOK',
  created_at       timestamptz not null default now()
);

create table subscriptions (
  subscription_no       text        primary key default nextval('subscription_no_seq')::text,
  aria_account_no       text        not null references accounts (aria_account_no),
  title_code            text        not null,
  plan_id               bigint      not null references plans (id),
  status_code           integer     not null
    check (status_code in (0, 1, -1, 2, -2, 3, -3, 31, 32, 41, 61)),
  customer_number       text        not null default nextval('customer_no_seq')::text,
  payment_provider      text
    check (payment_provider in ('VIPPS', 'SWEDBANK-PPG', 'BANKGIRO', 'AVTALEGIRO', 'STREX')),
  masked_card_number    text,
  card_expiry           text,
  eligible_for_sharing  boolean     not null default true,
  subscription_info1    text,
  renewal_date          date,
  expiry_date           date,
  pending_plan_id       bigint      references plans (id),
  pending_effective_date date,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now()
);
create index subscriptions_account_title on subscriptions (aria_account_no, title_code);

create table complaint_codes (
  code        text    primary key,
  description text    not null,
  category    text    not null,
  sort_order  integer not null
);

-- Identities of the embedded identity provider (demo users of every user kind).
create table identity_users (
  spid_id       text        primary key,
  email         text        not null unique,
  password_hash text        not null,
  given_name    text        not null,
  family_name   text        not null,
  phone_number  text        not null default '',
  birth_date    date,
  user_kind     text        not null,
  created_at    timestamptz not null default now()
);

-- Per-account profile data kept by Min Side (delivery address and contact details).
create table account_profiles (
  aria_account_no text primary key references accounts (aria_account_no),
  first_name      text,
  last_name       text,
  phone_number    text,
  email           text,
  birth_date      date,
  co_name         text,
  street          text,
  street_number   text,
  flat_number     text,
  floor           text,
  postal_code     text,
  place           text,
  updated_at      timestamptz not null default now()
);
