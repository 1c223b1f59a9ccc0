// What /familiedeling shows a reader about one title: as the owner, the family's members,
// invitations and seats; as a member, whose family it is and until when; else why there is no
// family to show, with the title's plans that include family sharing.
import { SubscriptionStatus as S } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';

import {
  accessSubscription,
  activeMembers,
  familySharePlans,
  listedInvitations,
  membershipOf,
  seatsUsed,
} from './reads';
import { canShare, type FamilySharing, iso, maxMembersOf, none, toInvitation } from './rules';

/** The session user's family sharing of a title (getFamilySharing). */
export async function familySharing(
  db: Queryable,
  clock: Clock,
  ariaAccountNo: string | null,
  titleCode: string,
): Promise<FamilySharing> {
  const now = clock.now();
  const current = ariaAccountNo ? await accessSubscription(db, ariaAccountNo, titleCode) : null;
  if (!current) return none(titleCode, 'NO_ACCESS');

  if (current.share_kind === 'family') {
    const membership = await membershipOf(db, current.subscription_no);
    return {
      ...none(titleCode, 'NO_ACCESS'),
      role: 'MEMBER',
      reason: null,
      membership: {
        ownerName: membership?.owner_name ?? '',
        planName: current.plan_name,
        since: iso(membership?.joined_at ?? now),
        endsOn: membership?.status_code === S.PENDING_TERMINATION ? membership.expiry_date : null,
      },
    };
  }

  if (!canShare(current))
    return none(titleCode, 'NOT_INCLUDED', await familySharePlans(db, titleCode));

  const maxMembers = maxMembersOf(current);
  const members = await activeMembers(db, current.subscription_no);
  const invitations = await listedInvitations(db, current.subscription_no);
  const used = await seatsUsed(db, current.subscription_no, now);
  const usedCount = used.members + used.invitations;
  return {
    titleCode,
    role: 'OWNER',
    reason: null,
    maxMembers,
    usedCount,
    remainingCount: Math.max(0, maxMembers - usedCount),
    members: members.map((m) => ({
      memberId: m.id,
      displayName: m.display_name,
      joinedAt: iso(m.joined_at),
    })),
    invitations: invitations.map((row) => toInvitation(row, now)),
    membership: null,
    familySharePlans: [],
  };
}
