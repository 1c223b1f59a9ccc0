// The paper rule both paper screens share (/endre-avislevering and /tilbakemelding; requirements §5:
// only paper subscribers can file a delivery complaint, and only they have a delivery to change),
// from the server's own records only (never from the request):
// - The subscription is the reader's own: one of another account is simply not found (404
//   SUBSCRIPTION_NOT_FOUND), whatever its kind.
// - PAPER: a paper subscription (planProductType COMBO) that gives access; NOT_PAPER: a digital
//   one (no paper is delivered: 403 PAPER_SUBSCRIPTION_REQUIRED on a write); NOT_ACTIVE: a paper
//   subscription that has ended or is suspended (409 SUBSCRIPTION_STATE_CONFLICT on a write).
// - A write locks the subscription row first, so two requests for it at once are one after the
//   other, and the second sees what the first wrote.
// - The paper was due from the subscription's first day (its creation, an Oslo calendar date).
import { hasAccess } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

export type PaperEligibility = 'PAPER' | 'NOT_PAPER' | 'NOT_ACTIVE';

export function eligibilityOf(
  subscription: Pick<Subscription, 'planProductType' | 'instStatusCode'>,
): PaperEligibility {
  if (subscription.planProductType !== 'COMBO') return 'NOT_PAPER';
  return hasAccess(subscription.instStatusCode) ? 'PAPER' : 'NOT_ACTIVE';
}

export const subscriptionNotFound = () =>
  new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');

/** The reader's own subscription, else 404 (one of another account is simply not found). */
export async function ownSubscription(
  db: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<Subscription> {
  const subscription = await getSubscription(db, subscriptionNo, ariaAccountNo);
  if (!subscription) throw subscriptionNotFound();
  return subscription;
}

/**
 * The reader's own paper subscription with access, locked for a write in the caller's
 * transaction. `purpose` completes the 403's detail for a digital one: "Only a paper subscription
 * {purpose}; this one is digital".
 */
export async function lockPaperSubscription(
  tx: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
  purpose: string,
): Promise<Subscription> {
  const locked = await tx.query(
    `select 1 from subscriptions where subscription_no = $1 and aria_account_no = $2 for update`,
    [subscriptionNo, ariaAccountNo],
  );
  if (locked.length === 0) throw subscriptionNotFound();
  const subscription = await ownSubscription(tx, ariaAccountNo, subscriptionNo);
  const eligibility = eligibilityOf(subscription);
  if (eligibility === 'NOT_PAPER')
    throw new DomainError(
      'forbidden',
      'PAPER_SUBSCRIPTION_REQUIRED',
      `Only a paper subscription ${purpose}; this one is digital`,
    );
  if (eligibility === 'NOT_ACTIVE')
    throw new DomainError(
      'conflict',
      'SUBSCRIPTION_STATE_CONFLICT',
      'The subscription has no access now: no paper is delivered',
    );
  return subscription;
}

/**
 * The subscription's first day (the Oslo calendar date it was created): no paper of it was due
 * on an earlier day.
 */
export async function subscriptionStartDate(
  db: Queryable,
  subscriptionNo: string,
): Promise<string> {
  const [row] = await db.query<{ created_at: Date | string }>(
    'select created_at from subscriptions where subscription_no = $1',
    [subscriptionNo],
  );
  if (!row) throw subscriptionNotFound();
  return osloDateOf(new Date(row.created_at));
}
