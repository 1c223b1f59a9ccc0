-- The right of withdrawal (angrerett). A subscription bought online can be withdrawn
-- within 14 days of the purchase that started the right: it ends at once and every order paid
-- for it since that purchase, each less the days used of its own period, is refunded through the
-- payment it was paid with.

-- One row per withdrawal, kept for good (owned by domain/subscriptions/withdrawal.ts). The right
-- is started by an online purchase (an order of kind `new` or `reactivation`) and used once per
-- purchase: `order_id` is that purchase. The totals are the sums of the refunds below.
create table withdrawals (
  id               bigserial   primary key,
  reference        text        not null unique,
  subscription_no  text        not null references subscriptions (subscription_no),
  aria_account_no  text        not null references accounts (aria_account_no),
  order_id         text        not null unique references orders (order_id),
  event_id         bigint      not null unique references subscription_events (id),
  plan_name        text        not null,
  -- the method the purchase was paid with (each refund below has its own)
  payment_provider text        not null check (payment_provider in ('VIPPS', 'SWEDBANK-PPG')),
  amount_paid_ore  bigint      not null check (amount_paid_ore >= 0),
  refund_ore       bigint      not null check (refund_ore >= 0 and refund_ore <= amount_paid_ore),
  -- where the receipt was e-mailed (null: the account has no e-mail address)
  receipt_email    text,
  withdrawn_at     timestamptz not null
);
create index withdrawals_subscription on withdrawals (subscription_no, withdrawn_at);

-- One refund per paid order of a withdrawal (the purchase and each upgrade paid since), each
-- sent to the provider on its own with the idempotency key `withdrawal:<withdrawal id>:<payment
-- id>`, so sending it again (a retry, a second instance) never refunds twice. PENDING until the
-- provider takes it (then REFUNDED), retried at `next_attempt_at` with growing intervals; FAILED
-- when the provider refuses it or the last attempt fails (customer service takes over). An order
-- is refunded by one withdrawal at most.
create table withdrawal_refunds (
  id               bigserial   primary key,
  withdrawal_id    bigint      not null references withdrawals (id),
  order_id         text        not null unique references orders (order_id),
  payment_id       text        not null,
  payment_provider text        not null check (payment_provider in ('VIPPS', 'SWEDBANK-PPG')),
  amount_paid_ore  bigint      not null check (amount_paid_ore > 0),
  period_days      integer     not null check (period_days > 0),
  days_used        integer     not null check (days_used >= 0),
  value_used_ore   bigint      not null check (value_used_ore >= 0),
  refund_ore       bigint      not null check (refund_ore >= 0 and refund_ore <= amount_paid_ore),
  status           text        not null check (status in ('PENDING', 'REFUNDED', 'FAILED')),
  attempts         integer     not null default 0 check (attempts >= 0),
  next_attempt_at  timestamptz,
  last_error       text,
  refunded_at      timestamptz,
  failed_at        timestamptz,
  check ((status = 'PENDING') = (next_attempt_at is not null))
);
create index withdrawal_refunds_of on withdrawal_refunds (withdrawal_id);
create index withdrawal_refunds_due on withdrawal_refunds (next_attempt_at, id)
  where status = 'PENDING';

-- What was given back of a paid charge (a withdrawal's refund), next to what was paid.
alter table billing_effects add column refunded_ore bigint not null default 0;
alter table billing_effects add constraint billing_effects_refund_check
  check (refunded_ore >= 0 and refunded_ore <= amount_ore);
alter table billing_effects add column refunded_at timestamptz;

-- The sandbox provider's refunds, each made once by its idempotency key (a real provider keeps
-- these on its side: Vipps' Idempotency-Key, Swedbank Pay's payeeReference of a reversal).
create table sandbox_refunds (
  refund_id       text        primary key,
  idempotency_key text        not null unique,
  payment_id      text        not null references sandbox_payments (payment_id),
  amount_ore      bigint      not null check (amount_ore > 0),
  created_at      timestamptz not null
);
