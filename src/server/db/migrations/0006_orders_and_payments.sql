-- Orders and payments: discount codes, orders (idempotent per account and key), the payment
-- provider's callbacks (each processed once), the money the lifecycle asks for (billing
-- effects), a discount that runs over several periods, and the embedded sandbox provider's own
-- payments (a real provider keeps these on its side).

create table discount_codes (
  code           text    primary key,
  -- null: every title
  title_code     text,
  campaign_id    text    not null,
  description    text    not null,
  amount_off     bigint  check (amount_off >= 0),
  percent_off    integer check (percent_off between 1 and 100),
  periods        integer not null default 1 check (periods >= 1),
  valid_until    date,
  -- null: every plan the title sells
  aria_plan_ids  text[],
  active         boolean not null default true,
  check ((amount_off is null) <> (percent_off is null))
);

create table orders (
  order_id          text        primary key,
  aria_account_no   text        not null references accounts (aria_account_no),
  idempotency_key   text        not null,
  -- SHA-256 of the canonical request body: the same key with another body is refused
  request_hash      text        not null,
  kind              text        not null check (kind in ('new', 'reactivation', 'upgrade')),
  title_code        text        not null,
  plan_id           bigint      not null references plans (id),
  subscription_no   text        references subscriptions (subscription_no),
  amount_ore        bigint      not null check (amount_ore >= 0),
  currency          text        not null default 'NOK',
  offer             text        check (offer in ('FIRST_MONTH_1KR', 'REACTIVATION_3_FOR_1')),
  discount_code     text        references discount_codes (code),
  quote             jsonb       not null,
  payment_provider  text        not null check (payment_provider in ('VIPPS', 'SWEDBANK-PPG')),
  payment_id        text        unique,
  redirect_url      text,
  status            text        not null default 'PENDING'
    check (status in ('PENDING', 'COMPLETED', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  failure_reason    text
    check (failure_reason in ('DECLINED', 'CANCELLED', 'EXPIRED', 'VERIFICATION_FAILED')),
  birth_date        date,
  delivery_address  jsonb,
  created_at        timestamptz not null,
  completed_at      timestamptz,
  unique (aria_account_no, idempotency_key)
);
create index orders_pending on orders (created_at) where status = 'PENDING';

-- A provider callback's event id, so a replayed callback changes nothing.
create table payment_callbacks (
  event_id     text        primary key,
  payment_id   text        not null,
  status       text        not null,
  received_at  timestamptz not null default now()
);

-- What the lifecycle asked to collect (renewals, trial conversions, orders): a charge against a
-- stored card/agreement or an invoice. One row per audit event.
create table billing_effects (
  id               bigserial   primary key,
  event_id         bigint      not null unique references subscription_events (id),
  subscription_no  text        not null references subscriptions (subscription_no),
  kind             text        not null check (kind in ('charge', 'invoice')),
  reason           text        not null,
  amount_ore       bigint      not null check (amount_ore >= 0),
  currency         text        not null default 'NOK',
  period_start     date        not null,
  period_end       date        not null,
  provider         text,
  status           text        not null default 'open' check (status in ('open', 'paid', 'failed')),
  payment_id       text,
  order_id         text        references orders (order_id),
  created_at       timestamptz not null default now(),
  settled_at       timestamptz
);
create index billing_effects_open on billing_effects (id) where status = 'open';

-- A discount that applies to more periods than the first (renewals take it off too).
alter table subscriptions add column discount_code text references discount_codes (code);
alter table subscriptions add column discount_amount_off bigint;
alter table subscriptions add column discount_percent_off integer;
alter table subscriptions add column discount_periods_left integer not null default 0;

-- The embedded sandbox provider's payments (hosted page under /sandbox/pay/{paymentId}).
create table sandbox_payments (
  payment_id      text        primary key,
  idempotency_key text        not null unique,
  reference       text        not null,
  method          text        not null check (method in ('VIPPS', 'SWEDBANK-PPG')),
  kind            text        not null check (kind in ('hosted', 'recurring')),
  amount_ore      bigint      not null check (amount_ore > 0),
  currency        text        not null,
  description     text        not null,
  merchant        text        not null,
  return_url      text,
  cancel_url      text,
  status          text        not null default 'CREATED'
    check (status in ('CREATED', 'CAPTURED', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  refunded_ore    bigint      not null default 0,
  masked_card     text,
  card_expiry     text,
  created_at      timestamptz not null,
  updated_at      timestamptz not null
);
