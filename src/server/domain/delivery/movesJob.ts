// The scheduled moves job (jobs/background.ts): a move's address becomes the account's delivery
// address on its first day, once per move. The address is the account's, so a move moves the
// paper of every paper subscription of the reader (changes.ts refuses a move that would collide
// with a change of another of them).
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Db } from '../../db/db';
import { modifyAccount } from '../accounts/accounts';
import { getSubscription } from '../subscriptions/subscriptions';

import { addressOf, dueMoves, lockDueMove, markMoveApplied, markMoveSkipped } from './changeStore';
import { eligibilityOf } from './paper';

/**
 * Makes the address of every move whose first day has come the account's delivery address, once
 * each (the move is locked and marked in the same transaction; an account update is audited as
 * `delivery-change:<id>`). The address is the account's, so it moves the paper of all the
 * reader's paper subscriptions. A move whose subscription is no longer paper with access on its
 * day (made digital, cancelled or ended) is not applied: it is marked skipped with the reason
 * (paper.ts: NOT_PAPER, NOT_ACTIVE) and the address stays. A suspended subscription's move waits
 * (the reader has moved; paying brings the subscription back, and the move is applied then).
 * Answers how many were applied.
 */
export async function applyDueMoves(db: Db, now: Date, limit = 100): Promise<number> {
  const today = osloDateOf(now);
  const due = await dueMoves(db, today, limit);
  let applied = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const row = await lockDueMove(tx, id);
      const address = row ? addressOf(row) : null;
      if (!row || !address) return false;
      const subscription = await getSubscription(tx, row.subscription_no);
      if (subscription?.instStatusCode === SubscriptionStatus.SUSPENDED) return false; // waits
      const eligibility = subscription ? eligibilityOf(subscription) : 'NOT_ACTIVE';
      if (eligibility !== 'PAPER') {
        await markMoveSkipped(tx, row.id, now, eligibility);
        return false;
      }
      await modifyAccount(
        tx,
        { ariaAccountNo: row.aria_account_no, address },
        `delivery-change:${row.id}`,
      );
      await markMoveApplied(tx, row.id, now);
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}
