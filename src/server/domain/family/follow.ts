// The family follows the owner's subscription (run by the background work after the subscription
// jobs): the owner's cancellation sets each member's end to the owner's last day; undoing it
// lets the shares run on; the owner's subscription ending, being suspended or changing to a plan
// without family sharing ends them today. Members are told each time (members.ts followOwner),
// and the valid invitations of a family that no longer shares are withdrawn.
//
// It compares what each member's share is with what the owner's subscription says it must be,
// so it is idempotent: a second run, or a second instance, finds nothing left to do. Each share
// is claimed in its own transaction `for update skip locked`; a share whose last day has passed
// is left to the expiry job.
import { familyMembersLimit } from '../../../shared/subscription/plans';
import {
  accessStatusCodes,
  hasAccess,
  SubscriptionStatus as S,
} from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';

import { followOwner } from './members';
import type { FollowAction } from './rules';
import { withdrawInvitationsOfEndedFamilies } from './store';

export interface FollowRun {
  readonly ended: number;
  readonly ending: number;
  readonly continued: number;
  readonly invitationsWithdrawn: number;
  readonly failed: readonly { readonly memberId: string; readonly message: string }[];
}

interface Claimed extends Record<string, unknown> {
  id: string;
  owner_status: number;
  owner_expiry: string | null;
  owner_shares: boolean;
  owner_share_kind: string | null;
  title_code: string;
  aria_plan_id: string;
}

const pending = `${S.PENDING_CANCELLATION}, ${S.PENDING_TERMINATION}`;

/** One member's share that does not follow its owner's subscription (see the top). */
const claim = `
  select m.id, os.status_code as owner_status, os.expiry_date::text as owner_expiry,
         ('family-share' = any(op.features)) as owner_shares, os.share_kind as owner_share_kind,
         os.title_code, op.aria_plan_id
    from family_members m
    join subscriptions ms on ms.subscription_no = m.member_subscription_no
    join subscriptions os on os.subscription_no = m.owner_subscription_no
    join plans op on op.id = os.plan_id
   where ms.status_code in (${S.ACTIVE_NON_BILLABLE}, ${S.PENDING_TERMINATION})
     and not (ms.status_code = ${S.PENDING_TERMINATION} and ms.expiry_date < $1::date)
     and not (m.id = any($2::uuid[]))
     and (not (os.status_code = any($3::int[])) or not ('family-share' = any(op.features))
          or os.share_kind is not null
          or (os.status_code in (${pending})
              and (ms.status_code <> ${S.PENDING_TERMINATION}
                   or ms.expiry_date is distinct from os.expiry_date))
          or (os.status_code not in (${pending}) and ms.status_code = ${S.PENDING_TERMINATION}
              and m.end_reason = 'owner-cancelled'))
   order by m.joined_at, m.id
   limit 1
     for update of ms skip locked`;

function actionFor(row: Claimed): FollowAction {
  if (!hasAccess(row.owner_status) || row.owner_share_kind !== null)
    return { kind: 'end', reason: 'owner-ended' };
  if (!row.owner_shares || familyMembersLimit(row.title_code, row.aria_plan_id) === null)
    return { kind: 'end', reason: 'not-included' };
  if (
    (row.owner_status === S.PENDING_CANCELLATION || row.owner_status === S.PENDING_TERMINATION) &&
    row.owner_expiry
  )
    return { kind: 'endOn', on: row.owner_expiry };
  return { kind: 'continue' };
}

class Failed extends Error {
  constructor(
    readonly memberId: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Makes every member's share follow its owner's subscription; safe to run twice or at once. */
export async function followOwners(db: Db, clock: Clock): Promise<FollowRun> {
  const today = osloDateOf(clock.now());
  const tried: string[] = [];
  const failed: { memberId: string; message: string }[] = [];
  const counts = { ended: 0, ending: 0, continued: 0 };
  for (;;) {
    let outcome: FollowAction | null;
    try {
      outcome = await db.transaction(async (tx) => {
        const [row] = await tx.query<Claimed>(claim, [today, tried, accessStatusCodes]);
        if (!row) return null;
        const action = actionFor(row);
        try {
          await followOwner(tx, clock, row.id, action);
        } catch (error) {
          // Thrown on to roll this share's transaction back, then reported.
          throw new Failed(row.id, error instanceof Error ? error.message : String(error));
        }
        return action;
      });
    } catch (error) {
      if (!(error instanceof Failed)) throw error;
      tried.push(error.memberId);
      failed.push({ memberId: error.memberId, message: error.reason });
      continue;
    }
    if (!outcome) break;
    if (outcome.kind === 'end') counts.ended += 1;
    else if (outcome.kind === 'endOn') counts.ending += 1;
    else counts.continued += 1;
  }
  const invitationsWithdrawn = await withdrawInvitationsOfEndedFamilies(db, clock.now());
  return { ...counts, invitationsWithdrawn, failed };
}
