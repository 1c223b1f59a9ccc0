-- Paper delivery changes, after review: the stop credit a renewal took off, and moves
-- that were not carried out.

-- The credit for stopped paper issues a renewal's billing effect took off (domain/delivery/
-- stopCredits.ts): `amount_ore` is what is billed, `amount_ore + stop_credit_ore` the price of
-- the period, from which the stopped issues of that period are credited in turn.
alter table billing_effects add column stop_credit_ore bigint not null default 0;
alter table billing_effects add constraint billing_effects_stop_credit_check
  check (stop_credit_ore >= 0);

-- A move whose first day came when its subscription was no longer a paper subscription with
-- access (made digital, cancelled or ended) is not applied to the account's delivery address:
-- `skipped_at` when it was left alone, `skip_reason` why (NOT_PAPER or NOT_ACTIVE, paper.ts). A
-- suspended subscription's move waits until it is resumed. `credited_through` of a stop is the
-- last day a renewal dealt with (credited, or found outside a billed and paid period).
alter table delivery_changes add column skipped_at timestamptz;
alter table delivery_changes add column skip_reason text;
alter table delivery_changes add constraint delivery_changes_skip_check
  check ((skipped_at is null) = (skip_reason is null)
         and (skip_reason is null or skip_reason in ('NOT_PAPER', 'NOT_ACTIVE'))
         and (skipped_at is null or applied_at is null));
