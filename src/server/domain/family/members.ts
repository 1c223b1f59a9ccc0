// The members of a family: the owner removes a member, a member leaves, a member's share follows
// the owner's subscription (follow.ts), and erasure ends the shares of the reader's family. Each
// ends or undoes the end of the member's share through the subscription engine, records why
// (store.ts) and tells the other side.
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { outboxSender } from '../../messaging/outbox';
import { applyCommandInTx } from '../subscriptions/lifecycle';

import { memberNotice, minsideOrigin, ownerNotice, senderOf } from './messages';
import {
  currentMembership,
  lockOwner,
  memberById,
  memberForWrite,
  ownMemberFamily,
  sharesOfOwner,
} from './reads';
import {
  type EndedShare,
  type FamilyDeps,
  type FollowAction,
  memberNotFound,
  type Reader,
} from './rules';
import { eraseFamilyRows, markMembership } from './store';

/** The owner removes a member (removeFamilyMember): the share ends today. */
export async function removeMember(
  deps: FamilyDeps,
  reader: Reader,
  memberId: string,
): Promise<EndedShare> {
  const now = deps.clock.now();
  if (!reader.ariaAccountNo) throw memberNotFound();
  return deps.db.transaction(async (tx) => {
    const found = await ownMemberFamily(tx, memberId, reader.ariaAccountNo!);
    if (!found) throw memberNotFound();
    await lockOwner(tx, found.owner_subscription_no);
    const member = await memberForWrite(tx, memberId);
    if (!member) throw memberNotFound();
    await applyCommandInTx(
      tx,
      member.member_subscription_no,
      { kind: 'endShare', on: osloDateOf(now) },
      { clock: deps.clock, actor: 'user', context: { family: 'removed', memberId } },
    );
    await markMembership(tx, member.id, { at: now, reason: 'removed' });
    if (member.email) {
      const email = memberNotice('removed', {
        titleCode: member.title_code,
        ownerName: member.owner_name || reader.name,
        origin: minsideOrigin(member.title_code, deps.requestOrigin),
      });
      await senderOf(deps, tx, now).sendEmail(member.email, email.subject, email.body);
    }
    return { memberId: member.id, displayName: member.display_name, endedOn: osloDateOf(now) };
  });
}

/** A member leaves the family of a title (leaveFamilySharing): the share ends today. */
export async function leaveFamily(
  deps: FamilyDeps,
  reader: Reader,
  titleCode: string,
): Promise<EndedShare> {
  const now = deps.clock.now();
  if (!reader.ariaAccountNo) throw memberNotFound();
  return deps.db.transaction(async (tx) => {
    const found = await currentMembership(tx, reader.ariaAccountNo!, titleCode);
    if (!found) throw memberNotFound();
    await lockOwner(tx, found.owner_subscription_no);
    const member = await memberForWrite(tx, found.id);
    if (!member) throw memberNotFound();
    await applyCommandInTx(
      tx,
      member.member_subscription_no,
      { kind: 'endShare', on: osloDateOf(now) },
      { clock: deps.clock, actor: 'user', context: { family: 'left', memberId: member.id } },
    );
    await markMembership(tx, member.id, { at: now, reason: 'left' });
    if (member.owner_email) {
      const email = ownerNotice('left', {
        titleCode: member.title_code,
        who: member.display_name,
        origin: minsideOrigin(member.title_code, deps.requestOrigin),
      });
      await senderOf(deps, tx, now).sendEmail(member.owner_email, email.subject, email.body);
    }
    return { memberId: member.id, displayName: member.display_name, endedOn: osloDateOf(now) };
  });
}

/**
 * Applies one follow action to a member's share in the caller's transaction (which holds the
 * share's row): the engine command, the membership's end, and the member's message.
 */
export async function followOwner(
  tx: Queryable,
  clock: Clock,
  memberId: string,
  action: FollowAction,
): Promise<void> {
  const now = clock.now();
  const member = await memberById(tx, memberId);
  if (!member) return;
  const command =
    action.kind === 'continue'
      ? ({ kind: 'undoShareEnd' } as const)
      : ({ kind: 'endShare', on: action.kind === 'endOn' ? action.on : osloDateOf(now) } as const);
  await applyCommandInTx(tx, member.member_subscription_no, command, {
    clock,
    actor: 'job',
    context: { family: action.kind === 'end' ? action.reason : action.kind },
  });
  await markMembership(
    tx,
    member.id,
    action.kind === 'continue'
      ? null
      : { at: now, reason: action.kind === 'end' ? action.reason : 'owner-cancelled' },
  );
  if (!member.email) return;
  const facts = {
    titleCode: member.title_code,
    ownerName: member.owner_name,
    origin: minsideOrigin(member.title_code),
  };
  const email =
    action.kind === 'continue'
      ? memberNotice('continues', facts)
      : action.kind === 'endOn'
        ? memberNotice('ending', { ...facts, lastDay: action.on })
        : memberNotice('ended', facts);
  await outboxSender(tx, now).sendEmail(member.email, email.subject, email.body);
}

/**
 * Erasure (privacy/deletion.ts), before the reader's subscriptions close: the shares of the
 * reader's family end today and each member is told; the reader's invitations and memberships go.
 */
export async function eraseFamily(
  tx: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  spidId: string,
): Promise<void> {
  const members = await sharesOfOwner(tx, ariaAccountNo);
  for (const member of members)
    await followOwner(tx, clock, member.id, { kind: 'end', reason: 'owner-ended' });
  await eraseFamilyRows(tx, ariaAccountNo, spidId);
}
