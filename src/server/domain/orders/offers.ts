// Who may have an introductory offer, from the server's own records (never the request's):
// - the first month for 1 kr once per identity and title. The use is kept in `offer_uses` under a
//   salted hash of the identity, so a deletion of the reader's data (after which the account and
//   its subscriptions are gone) does not give it again; the privacy text says so;
// - the reactivation offer (3 months for the price of 1) at most once in 12 months per account
//   and title, read from the audit events of the reactivations that gave it.
// Owns `offer_uses`.
import { createHmac } from 'node:crypto';

import { addMonths, osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { persistedSecret } from '../../db/secrets';

/** Months between two reactivations with the offer. */
export const REACTIVATION_OFFER_INTERVAL_MONTHS = 12;

/** An offer the plan has that this reader is not given, and why (the quote says it). */
export interface UnavailableOffer {
  readonly offer: 'FIRST_MONTH_1KR' | 'REACTIVATION_3_FOR_1';
  readonly reason: 'NOT_FIRST_TIME' | 'USED_RECENTLY';
  /** The day it was last given, and the first day it may be given again (USED_RECENTLY). */
  readonly usedOn: string | null;
  readonly availableFrom: string | null;
}

/** The first month for 1 kr, not given: the reader has (or had) the title, or had the offer. */
export const FIRST_MONTH_NOT_GIVEN: UnavailableOffer = {
  offer: 'FIRST_MONTH_1KR',
  reason: 'NOT_FIRST_TIME',
  usedOn: null,
  availableFrom: null,
};

/** The salted hash of the identity behind the account; null when there is no such account. */
async function identityHashOf(db: Queryable, ariaAccountNo: string): Promise<string | null> {
  const [account] = await db.query<{ spid_id: string }>(
    'select spid_id from accounts where aria_account_no = $1',
    [ariaAccountNo],
  );
  if (!account) return null;
  const salt = await persistedSecret(db, 'offer-identity-salt');
  return createHmac('sha256', salt).update(account.spid_id).digest('hex');
}

/** Whether the identity behind the account has had the first month for 1 kr on the title. */
export async function firstMonthOfferUsed(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
): Promise<boolean> {
  const hash = await identityHashOf(db, ariaAccountNo);
  if (!hash) return false;
  const rows = await db.query(
    `select 1 from offer_uses
      where title_code = $1 and identity_hash = $2 and offer = 'FIRST_MONTH_1KR'`,
    [titleCode, hash],
  );
  return rows.length > 0;
}

/** Records, in the order's transaction, that the account's identity had the 1 kr month. */
export async function recordFirstMonthOffer(
  tx: Queryable,
  ariaAccountNo: string,
  titleCode: string,
  at: Date,
): Promise<void> {
  const hash = await identityHashOf(tx, ariaAccountNo);
  if (!hash) return;
  await tx.query(
    `insert into offer_uses (title_code, identity_hash, offer, used_at)
     values ($1, $2, 'FIRST_MONTH_1KR', $3) on conflict do nothing`,
    [titleCode, hash, at.toISOString()],
  );
}

/**
 * The day the account last had the reactivation offer on the title, when that was less than
 * REACTIVATION_OFFER_INTERVAL_MONTHS ago (null: it may have it).
 */
export async function reactivationOfferUsedOn(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
  today: string,
): Promise<{ usedOn: string; availableFrom: string } | null> {
  const [row] = await db.query<{ occurred_at: Date | string }>(
    `select e.occurred_at from subscription_events e
       join subscriptions s on s.subscription_no = e.subscription_no
      where s.aria_account_no = $1 and s.title_code = $2 and e.kind = 'reactivate'
        and e.detail -> 'effects' @> '[{"reason": "reactivation-offer"}]'::jsonb
      order by e.occurred_at desc limit 1`,
    [ariaAccountNo, titleCode],
  );
  if (!row) return null;
  const usedOn = osloDateOf(new Date(row.occurred_at));
  const availableFrom = addMonths(usedOn, REACTIVATION_OFFER_INTERVAL_MONTHS);
  return availableFrom > today ? { usedOn, availableFrom } : null;
}
