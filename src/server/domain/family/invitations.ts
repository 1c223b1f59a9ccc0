// The invitations of family sharing: the owner invites by e-mail or SMS, sends an invitation
// again with a new token and withdraws it; the invitee previews the link's offer, accepts (and
// gets a share of the owner's plan) or declines. The rules are in rules.ts; every write locks the
// owner's subscription first (reads.ts) and writes through store.ts.
import { getPublication } from '../../../shared/publications/registry';
import { sharedFeatures } from '../../../shared/subscription/features';
import { SubscriptionStatus as S } from '../../../shared/subscription/status';
import type { Queryable } from '../../db/db';
import { RateLimitedError } from '../../errors';
import { ensureAccount } from '../accounts/accounts';
import { enforceLimit } from '../rate-limits';
import { applyCommandInTx, insertSharedSubscription } from '../subscriptions/lifecycle';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

import { minsideOrigin, ownerNotice, senderOf, sendInvitation } from './messages';
import {
  accessSubscription,
  holdsTitle,
  invitationByToken,
  invitationForAnswer,
  lockAccount,
  ownerEmailOf,
  ownerForWrite,
  ownerSpid,
  ownInvitationForWrite,
  ownKeys,
  planOf,
  seatsUsed,
  validInvitationExists,
} from './reads';
import {
  canShare,
  daysAfter,
  effectiveState,
  fail,
  type FamilyDeps,
  type FamilyInvitation,
  full,
  INVITATION_TTL_DAYS,
  INVITE_LIMIT,
  type InvitationPreview,
  type InvitationRow,
  iso,
  maxMembersOf,
  newToken,
  notIncluded,
  type Reader,
  recipientOf,
  RESEND_LIMIT,
  resendWindow,
  stateRefusal,
  TOKEN_LIMIT,
  toInvitation,
} from './rules';
import {
  insertInvitation,
  insertMember,
  markDeclined,
  markUsed,
  markWithdrawn,
  renewInvitation,
} from './store';

// ---------------------------------------------------------------- the owner's invitations

/** The owner invites someone by e-mail or phone (inviteFamilyMember). */
export async function inviteMember(
  deps: FamilyDeps,
  reader: Reader,
  titleCode: string,
  input: { readonly email?: string; readonly phone?: string },
): Promise<FamilyInvitation> {
  const now = deps.clock.now();
  const to = recipientOf(input);
  // Only an owner's attempts count (anyone else is refused before): 10 a day per account.
  const current = reader.ariaAccountNo
    ? await accessSubscription(deps.db, reader.ariaAccountNo, titleCode)
    : undefined;
  if (!current || !canShare(current)) throw notIncluded();
  await enforceLimit(deps.db, `family-invite:${reader.ariaAccountNo}`, INVITE_LIMIT, now);
  if ((await ownKeys(deps.db, reader)).has(to.key))
    throw fail(
      'conflict',
      'FAMILY_INVITE_SELF',
      'You cannot invite yourself',
      to.channel === 'EMAIL' ? 'email' : 'phone',
    );

  return deps.db.transaction(async (tx) => {
    const owner = await ownerForWrite(tx, reader, titleCode);
    if (await validInvitationExists(tx, owner.subscription_no, to.key, now))
      throw fail(
        'conflict',
        'FAMILY_ALREADY_INVITED',
        'A valid invitation to this address exists: send it again instead',
        to.channel === 'EMAIL' ? 'email' : 'phone',
      );
    const used = await seatsUsed(tx, owner.subscription_no, now);
    if (used.members + used.invitations >= maxMembersOf(owner)) throw full();

    const token = newToken();
    const expiresAt = daysAfter(now, INVITATION_TTL_DAYS);
    const row = await insertInvitation(tx, owner, to, {
      inviterName: reader.name || reader.email,
      inviterEmail: reader.email || null,
      token,
      now,
      expiresAt,
    });
    await sendInvitation(
      deps,
      tx,
      { ...to, titleCode: owner.title_code },
      {
        inviterName: reader.name || reader.email,
        planName: owner.plan_name,
        token,
        expiresAt,
        now,
      },
    );
    return toInvitation(row, now);
  });
}

/** The owner sends an invitation again with a new token (resendFamilyInvitation). */
export async function resendInvitation(
  deps: FamilyDeps,
  reader: Reader,
  invitationId: string,
): Promise<FamilyInvitation> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { owner, row } = await ownInvitationForWrite(tx, reader, invitationId);
    const state = effectiveState(row, now);
    if (state === 'used' || state === 'withdrawn' || state === 'declined')
      throw stateRefusal(state);
    if (!canShare(owner)) throw notIncluded();
    const { recent, nextAt } = resendWindow(row, now);
    if (recent.length >= RESEND_LIMIT.limit)
      throw new RateLimitedError(Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)));
    if (state === 'expired') {
      // An expired invitation holds no seat: sending it again takes one, if one is free.
      if (await validInvitationExists(tx, owner.subscription_no, row.recipient_key, now, row.id))
        throw fail(
          'conflict',
          'FAMILY_ALREADY_INVITED',
          'Another valid invitation to this address exists',
        );
      const used = await seatsUsed(tx, owner.subscription_no, now, row.id);
      if (used.members + used.invitations >= maxMembersOf(owner)) throw full();
    }
    const token = newToken();
    const expiresAt = daysAfter(now, INVITATION_TTL_DAYS);
    const updated = await renewInvitation(tx, row.id, token, now, expiresAt);
    await sendInvitation(
      deps,
      tx,
      {
        channel: row.channel,
        recipient: row.recipient,
        key: row.recipient_key,
        titleCode: row.title_code,
      },
      { inviterName: row.inviter_name, planName: owner.plan_name, token, expiresAt, now },
    );
    return toInvitation(updated, now);
  });
}

/** The owner withdraws an invitation (withdrawFamilyInvitation); twice answers the same. */
export async function withdrawInvitation(
  deps: FamilyDeps,
  reader: Reader,
  invitationId: string,
): Promise<FamilyInvitation> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row } = await ownInvitationForWrite(tx, reader, invitationId);
    const state = effectiveState(row, now);
    if (state === 'used' || state === 'declined') throw stateRefusal(state);
    if (state === 'withdrawn') return toInvitation(row, now);
    return toInvitation(await markWithdrawn(tx, row.id, now), now);
  });
}

// ---------------------------------------------------------------- the invitee's answers

async function countTokenTry(deps: FamilyDeps, reader: Reader, now: Date): Promise<void> {
  await enforceLimit(deps.db, `family-token:${reader.spidId}`, TOKEN_LIMIT, now);
}

async function previewOf(
  db: Queryable,
  row: InvitationRow,
  reader: Reader,
  now: Date,
): Promise<InvitationPreview> {
  const plan = await planOf(db, row.owner_subscription_no);
  return {
    state: effectiveState(row, now),
    inviterName: row.inviter_name,
    titleCode: row.title_code,
    titleName: getPublication(row.title_code).displayName,
    planName: plan?.plan_name ?? '',
    features: sharedFeatures(plan?.features ?? []),
    expiresAt: iso(row.expires_at),
    hasOwnActiveSubscription: reader.ariaAccountNo
      ? await holdsTitle(db, reader.ariaAccountNo, row.title_code)
      : false,
  };
}

/** What an invitation link offers (previewFamilyInvitation). */
export async function previewInvitation(
  deps: FamilyDeps,
  reader: Reader,
  token: string,
): Promise<InvitationPreview> {
  const now = deps.clock.now();
  await countTokenTry(deps, reader, now);
  return previewOf(deps.db, await invitationByToken(deps.db, token), reader, now);
}

/** The invitee accepts (acceptFamilyInvitation): answers their new shared subscription. */
export async function acceptInvitation(
  deps: FamilyDeps,
  reader: Reader,
  token: string,
): Promise<Subscription> {
  const now = deps.clock.now();
  await countTokenTry(deps, reader, now);
  // The invitee's account, made first for a reader who has none (as their first login would;
  // ensureAccount settles two first requests at once).
  const known = await invitationByToken(deps.db, token);
  const account = {
    aria_account_no: (await ensureAccount(deps.db, reader.spidId, known.title_code)).ariaAccountNo,
  };
  return deps.db.transaction(async (tx) => {
    const { owner, row } = await invitationForAnswer(tx, token, now);
    if ((await ownerSpid(tx, owner.aria_account_no)) === reader.spidId)
      throw fail('conflict', 'FAMILY_INVITE_SELF', 'This is your own invitation');
    if (!canShare(owner))
      throw fail('conflict', 'FAMILY_SHARING_ENDED', 'The subscription is no longer shared');

    // The invitee's account locked: one family per title, also for two accepts at once.
    await lockAccount(tx, account.aria_account_no);
    if (await holdsTitle(tx, account.aria_account_no, row.title_code))
      throw fail(
        'conflict',
        'FAMILY_ACTIVE_SUBSCRIPTION',
        'You already have a subscription to this title',
      );
    // The invitation held a seat; the maximum is of members (invitations sent before the
    // maximum was lowered can outnumber the seats: the first to accept get them).
    const used = await seatsUsed(tx, owner.subscription_no, now, row.id);
    if (used.members + 1 > maxMembersOf(owner)) throw full();

    const subscriptionNo = await insertSharedSubscription(tx, {
      kind: 'family',
      ariaAccountNo: account.aria_account_no,
      ownerSubscriptionNo: owner.subscription_no,
      now,
      detail: { invitationId: row.id },
    });
    // An owner who has cancelled shares until their last day only.
    const ending =
      (owner.status_code === S.PENDING_CANCELLATION ||
        owner.status_code === S.PENDING_TERMINATION) &&
      owner.expiry_date;
    if (ending)
      await applyCommandInTx(
        tx,
        subscriptionNo,
        { kind: 'endShare', on: owner.expiry_date! },
        { clock: deps.clock, actor: 'system', context: { family: 'owner-cancelled' } },
      );
    await insertMember(tx, {
      ownerSubscriptionNo: owner.subscription_no,
      memberSubscriptionNo: subscriptionNo,
      memberAccountNo: account.aria_account_no,
      invitationId: row.id,
      displayName: reader.name || reader.email,
      email: reader.email || null,
      joinedAt: now,
      end: ending ? { at: now, reason: 'owner-cancelled' } : null,
    });
    await markUsed(tx, row.id, now, reader.spidId);
    const ownerEmail = await ownerEmailOf(tx, owner, row);
    if (ownerEmail) {
      const email = ownerNotice('accepted', {
        titleCode: row.title_code,
        who: reader.name || reader.email,
        origin: minsideOrigin(row.title_code, deps.requestOrigin),
      });
      await senderOf(deps, tx, now).sendEmail(ownerEmail, email.subject, email.body);
    }
    return (await getSubscription(tx, subscriptionNo))!;
  });
}

/** The invitee says no (declineFamilyInvitation): the seat is free and the owner is told. */
export async function declineInvitation(
  deps: FamilyDeps,
  reader: Reader,
  token: string,
): Promise<InvitationPreview> {
  const now = deps.clock.now();
  await countTokenTry(deps, reader, now);
  return deps.db.transaction(async (tx) => {
    const { owner, row } = await invitationForAnswer(tx, token, now);
    if ((await ownerSpid(tx, owner.aria_account_no)) === reader.spidId)
      throw fail('conflict', 'FAMILY_INVITE_SELF', 'This is your own invitation');
    const updated = await markDeclined(tx, row.id, now, reader.spidId);
    const ownerEmail = await ownerEmailOf(tx, owner, row);
    if (ownerEmail) {
      const email = ownerNotice('declined', {
        titleCode: row.title_code,
        who: row.recipient,
        origin: minsideOrigin(row.title_code, deps.requestOrigin),
      });
      await senderOf(deps, tx, now).sendEmail(ownerEmail, email.subject, email.body);
    }
    return previewOf(tx, updated, reader, now);
  });
}
