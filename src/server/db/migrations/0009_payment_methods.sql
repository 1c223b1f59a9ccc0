-- Changing how a subscription pays: a pending change per attempt (the id the SPA keeps across the
-- provider's page), the agreement or card registration it waits for, and the sandbox provider's
-- own agreements (Vipps recurring agreements and card registrations).
create table payment_method_changes (
  payment_method_id  text        primary key,
  subscription_no    text        not null references subscriptions (subscription_no),
  aria_account_no    text        not null references accounts (aria_account_no),
  provider           text        not null check (provider in ('VIPPS', 'SWEDBANK-PPG')),
  agreement_id       text        not null,
  status             text        not null default 'PENDING'
    check (status in ('PENDING', 'APPROVED', 'DECLINED')),
  created_at         timestamptz not null,
  decided_at         timestamptz
);

alter table subscriptions add column payment_agreement_id text;

create table sandbox_agreements (
  agreement_id    text        primary key,
  idempotency_key text        not null unique,
  reference       text        not null,
  method          text        not null check (method in ('VIPPS', 'SWEDBANK-PPG')),
  merchant        text        not null,
  description     text        not null,
  return_url      text        not null,
  status          text        not null default 'PENDING'
    check (status in ('PENDING', 'ACTIVE', 'DECLINED', 'STOPPED')),
  masked_card     text,
  card_expiry     text,
  created_at      timestamptz not null,
  updated_at      timestamptz not null
);
