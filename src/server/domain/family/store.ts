// The writes of family sharing: every insert, update and delete of `family_invitations` and
// `family_members`, which this module owns (db/owners.ts). The operations (invitations.ts,
// members.ts) decide and lock first (reads.ts); the demo data and erasure write here too.
import { randomUUID } from 'node:crypto';

import { accessStatusCodes } from '../../../shared/subscription/status';
import { sha256 } from '../../crypto';
import type { Queryable } from '../../db/db';
import { insertSharedSubscription } from '../subscriptions/lifecycle';

import { invitationColumns } from './reads';
import {
  type Channel,
  daysAfter,
  type EndReason,
  INVITATION_TTL_DAYS,
  type InvitationRow,
  newToken,
  type OwnerRow,
} from './rules';

// ---------------------------------------------------------------- invitations

/** A new valid invitation of the owner's family; only the token's hash is kept. */
export async function insertInvitation(
  tx: Queryable,
  owner: OwnerRow,
  to: { readonly channel: Channel; readonly recipient: string; readonly key: string },
  invitation: {
    readonly inviterName: string;
    readonly inviterEmail: string | null;
    readonly token: string;
    readonly now: Date;
    readonly expiresAt: Date;
  },
): Promise<InvitationRow> {
  const { now, expiresAt, token } = invitation;
  const [row] = await tx.query<InvitationRow>(
    `insert into family_invitations (id, owner_subscription_no, owner_account_no, title_code,
       channel, recipient, recipient_key, inviter_name, inviter_email, token_hash, state,
       sent_at, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'valid', $11, $12, $11)
     returning ${invitationColumns}`,
    [
      randomUUID(),
      owner.subscription_no,
      owner.aria_account_no,
      owner.title_code,
      to.channel,
      to.recipient,
      to.key,
      invitation.inviterName,
      invitation.inviterEmail,
      sha256(token),
      now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return row!;
}

/** An invitation sent again: the new token replaces the old, and the send is kept. */
export async function renewInvitation(
  tx: Queryable,
  invitationId: string,
  token: string,
  now: Date,
  expiresAt: Date,
): Promise<InvitationRow> {
  const [updated] = await tx.query<InvitationRow>(
    `update family_invitations
        set token_hash = $2, sent_at = $3, expires_at = $4,
            resent_at = array_append(resent_at, $3::timestamptz)
      where id = $1
      returning ${invitationColumns}`,
    [invitationId, sha256(token), now.toISOString(), expiresAt.toISOString()],
  );
  return updated!;
}

export async function markWithdrawn(
  tx: Queryable,
  invitationId: string,
  now: Date,
): Promise<InvitationRow> {
  const [updated] = await tx.query<InvitationRow>(
    `update family_invitations set state = 'withdrawn', answered_at = $2
      where id = $1 returning ${invitationColumns}`,
    [invitationId, now.toISOString()],
  );
  return updated!;
}

/** The invitee accepted: the invitation is used, by whom and when. */
export async function markUsed(
  tx: Queryable,
  invitationId: string,
  now: Date,
  spidId: string,
): Promise<void> {
  await tx.query(
    `update family_invitations set state = 'used', answered_at = $2, answered_by_spid_id = $3
      where id = $1`,
    [invitationId, now.toISOString(), spidId],
  );
}

/** The invitee declined: by whom and when. */
export async function markDeclined(
  tx: Queryable,
  invitationId: string,
  now: Date,
  spidId: string,
): Promise<InvitationRow> {
  const [updated] = await tx.query<InvitationRow>(
    `update family_invitations set state = 'declined', answered_at = $2, answered_by_spid_id = $3
      where id = $1 returning ${invitationColumns}`,
    [invitationId, now.toISOString(), spidId],
  );
  return updated!;
}

/**
 * Withdraws the valid invitations of families whose owner's subscription no longer shares (no
 * access, or a plan without family sharing): their links stop working. Answers how many.
 */
export async function withdrawInvitationsOfEndedFamilies(
  db: Queryable,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update family_invitations i set state = 'withdrawn', answered_at = $1
       from subscriptions os join plans op on op.id = os.plan_id
      where os.subscription_no = i.owner_subscription_no and i.state = 'valid'
        and (not (os.status_code = any($2::int[])) or not ('family-share' = any(op.features)))
      returning i.id`,
    [now.toISOString(), accessStatusCodes],
  );
  return rows.length;
}

// ---------------------------------------------------------------- members

/** A new member of the owner's family, with the share it holds (ended already, or not). */
export async function insertMember(
  tx: Queryable,
  member: {
    readonly ownerSubscriptionNo: string;
    readonly memberSubscriptionNo: string;
    readonly memberAccountNo: string;
    readonly invitationId: string;
    readonly displayName: string;
    readonly email: string | null;
    readonly joinedAt: Date;
    readonly end: { readonly at: Date; readonly reason: EndReason } | null;
  },
): Promise<string> {
  const memberId = randomUUID();
  const { end } = member;
  await tx.query(
    `insert into family_members (id, owner_subscription_no, member_subscription_no,
       member_account_no, invitation_id, display_name, email, joined_at, ended_at, end_reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      memberId,
      member.ownerSubscriptionNo,
      member.memberSubscriptionNo,
      member.memberAccountNo,
      member.invitationId,
      member.displayName,
      member.email,
      member.joinedAt.toISOString(),
      end ? end.at.toISOString() : null,
      end ? end.reason : null,
    ],
  );
  return memberId;
}

/** Records why a membership ended or is ending (null: it goes on). */
export async function markMembership(
  tx: Queryable,
  memberId: string,
  end: { readonly at: Date; readonly reason: EndReason } | null,
): Promise<void> {
  await tx.query('update family_members set ended_at = $2, end_reason = $3 where id = $1', [
    memberId,
    end ? end.at.toISOString() : null,
    end ? end.reason : null,
  ]);
}

// ---------------------------------------------------------------- demo data

/**
 * A family as it already stands (the demo data): a member's share of the owner's subscription,
 * joined `joinedAt`, with the invitation it came from.
 */
export async function importFamilyMember(
  tx: Queryable,
  input: {
    readonly ownerSubscriptionNo: string;
    readonly ownerName: string;
    readonly ownerEmail: string;
    readonly memberAccountNo: string;
    readonly memberName: string;
    readonly memberEmail: string;
    readonly joinedAt: Date;
  },
): Promise<string> {
  const [owner] = await tx.query<{ aria_account_no: string; title_code: string }>(
    'select aria_account_no, title_code from subscriptions where subscription_no = $1',
    [input.ownerSubscriptionNo],
  );
  if (!owner) throw new Error(`No subscription ${input.ownerSubscriptionNo} to share`);
  const invitationId = randomUUID();
  const sentAt = new Date(input.joinedAt.getTime() - 2 * 86_400_000);
  await tx.query(
    `insert into family_invitations (id, owner_subscription_no, owner_account_no, title_code,
       channel, recipient, recipient_key, inviter_name, inviter_email, token_hash, state,
       sent_at, expires_at, answered_at, created_at)
     values ($1, $2, $3, $4, 'EMAIL', $5, $6, $7, $8, $9, 'used', $10, $11, $12, $10)`,
    [
      invitationId,
      input.ownerSubscriptionNo,
      owner.aria_account_no,
      owner.title_code,
      input.memberEmail,
      input.memberEmail.toLowerCase(),
      input.ownerName,
      input.ownerEmail,
      sha256(newToken()),
      sentAt.toISOString(),
      daysAfter(sentAt, INVITATION_TTL_DAYS).toISOString(),
      input.joinedAt.toISOString(),
    ],
  );
  const subscriptionNo = await insertSharedSubscription(tx, {
    kind: 'family',
    ariaAccountNo: input.memberAccountNo,
    ownerSubscriptionNo: input.ownerSubscriptionNo,
    now: input.joinedAt,
    // Demo data: marked as imported like the seed's other history.
    detail: { invitationId, imported: true },
  });
  await tx.query(
    `insert into family_members (id, owner_subscription_no, member_subscription_no,
       member_account_no, invitation_id, display_name, email, joined_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      input.ownerSubscriptionNo,
      subscriptionNo,
      input.memberAccountNo,
      invitationId,
      input.memberName,
      input.memberEmail,
      input.joinedAt.toISOString(),
    ],
  );
  return subscriptionNo;
}

/**
 * A pending invitation as it already stands (the demo data), sent `sentAt`. Its link went out
 * before Min Side's records begin (the token is not kept): sending it again mails a working one.
 */
export async function importInvitation(
  tx: Queryable,
  input: {
    readonly ownerSubscriptionNo: string;
    readonly ownerName: string;
    readonly ownerEmail: string;
    readonly recipientEmail: string;
    readonly sentAt: Date;
  },
): Promise<void> {
  const [owner] = await tx.query<{ aria_account_no: string; title_code: string }>(
    'select aria_account_no, title_code from subscriptions where subscription_no = $1',
    [input.ownerSubscriptionNo],
  );
  if (!owner) throw new Error(`No subscription ${input.ownerSubscriptionNo} to share`);
  await tx.query(
    `insert into family_invitations (id, owner_subscription_no, owner_account_no, title_code,
       channel, recipient, recipient_key, inviter_name, inviter_email, token_hash, state,
       sent_at, expires_at, created_at)
     values ($1, $2, $3, $4, 'EMAIL', $5, $6, $7, $8, $9, 'valid', $10, $11, $10)`,
    [
      randomUUID(),
      input.ownerSubscriptionNo,
      owner.aria_account_no,
      owner.title_code,
      input.recipientEmail,
      input.recipientEmail.toLowerCase(),
      input.ownerName,
      input.ownerEmail,
      sha256(newToken()),
      input.sentAt.toISOString(),
      daysAfter(input.sentAt, INVITATION_TTL_DAYS).toISOString(),
    ],
  );
}

/**
 * Erasure (members.ts eraseFamily), after the shares of the reader's family have ended: the
 * reader's invitations and memberships go, and the reader's answers are forgotten.
 */
export async function eraseFamilyRows(
  tx: Queryable,
  ariaAccountNo: string,
  spidId: string,
): Promise<void> {
  await tx.query(
    `update family_members set invitation_id = null where invitation_id in
       (select id from family_invitations where owner_account_no = $1)`,
    [ariaAccountNo],
  );
  await tx.query('delete from family_invitations where owner_account_no = $1', [ariaAccountNo]);
  await tx.query(
    'update family_invitations set answered_by_spid_id = null where answered_by_spid_id = $1',
    [spidId],
  );
  await tx.query('delete from family_members where member_account_no = $1', [ariaAccountNo]);
}
