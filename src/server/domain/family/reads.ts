// What family sharing reads, and the row locks its writes take first: the owner's subscription
// (found, and locked before any write of its family), the seats in use, the invitations and
// members of a family, and what the operations need of the tables other modules own (plans,
// accounts, account profiles). Reads only: the family tables are written by store.ts.
import { normalisePhoneNumber } from '../../../shared/profile/phone';
import type { Feature } from '../../../shared/subscription/features';
import { familyMembersLimit } from '../../../shared/subscription/plans';
import {
  accessStatusCodes,
  holdsSubscription,
  SubscriptionStatus as S,
} from '../../../shared/subscription/status';
import { sha256 } from '../../crypto';
import type { Queryable } from '../../db/db';

import {
  canShare,
  effectiveState,
  fail,
  type FamilySharePlan,
  INVITATIONS_LISTED,
  type InvitationRow,
  invitationNotFound,
  notIncluded,
  type OwnerRow,
  type Reader,
  stateRefusal,
} from './rules';

// ---------------------------------------------------------------- the owner's subscription

const ownerColumns = `s.subscription_no, s.aria_account_no, s.title_code, s.status_code,
  s.expiry_date::text as expiry_date, s.share_kind, p.aria_plan_id, p.plan_name, p.features`;

/** The subscription of an account to a title that gives access (the newest), with its plan. */
export async function accessSubscription(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
): Promise<OwnerRow | undefined> {
  const [row] = await db.query<OwnerRow>(
    `select ${ownerColumns} from subscriptions s join plans p on p.id = s.plan_id
      where s.aria_account_no = $1 and s.title_code = $2 and s.status_code = any($3::int[])
      order by (s.share_kind is null) desc, s.created_at desc, s.subscription_no desc
      limit 1`,
    [ariaAccountNo, titleCode, accessStatusCodes],
  );
  return row;
}

/** Locks an owner's subscription row (every write of a family does this first). */
export async function lockOwner(tx: Queryable, subscriptionNo: string): Promise<OwnerRow> {
  await tx.query('select 1 from subscriptions where subscription_no = $1 for update', [
    subscriptionNo,
  ]);
  const [row] = await tx.query<OwnerRow>(
    `select ${ownerColumns} from subscriptions s join plans p on p.id = s.plan_id
      where s.subscription_no = $1`,
    [subscriptionNo],
  );
  if (!row) throw fail('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  return row;
}

/** The owner's subscription for a write: theirs, sharable, locked. Else 403 NOT_INCLUDED. */
export async function ownerForWrite(
  tx: Queryable,
  reader: Reader,
  titleCode: string,
): Promise<OwnerRow> {
  if (!reader.ariaAccountNo) throw notIncluded();
  const current = await accessSubscription(tx, reader.ariaAccountNo, titleCode);
  if (!current || !canShare(current)) throw notIncluded();
  const owner = await lockOwner(tx, current.subscription_no);
  if (owner.aria_account_no !== reader.ariaAccountNo || !canShare(owner)) throw notIncluded();
  return owner;
}

/** The title's plans that include family sharing (the offer to a reader whose plan does not). */
export async function familySharePlans(
  db: Queryable,
  titleCode: string,
): Promise<FamilySharePlan[]> {
  const rows = await db.query<{
    aria_plan_id: string;
    plan_name: string;
    product_type: 'DIGITAL' | 'COMBO';
  }>(
    `select aria_plan_id, min(plan_name) as plan_name, min(product_type) as product_type
       from plans
      where title_code = $1 and active and 'family-share' = any(features)
      group by aria_plan_id
      order by min(product_type) desc, min(price_ore), aria_plan_id`,
    [titleCode],
  );
  return rows
    .filter((r) => familyMembersLimit(titleCode, r.aria_plan_id) !== null)
    .map((r) => ({
      ariaPlanID: r.aria_plan_id,
      planName: r.plan_name,
      productType: r.product_type,
    }));
}

/** The plan of an owner's subscription: its name and features (what an invitation shares). */
export async function planOf(db: Queryable, subscriptionNo: string) {
  const [plan] = await db.query<{ plan_name: string; features: Feature[] }>(
    `select p.plan_name, p.features from subscriptions s join plans p on p.id = s.plan_id
      where s.subscription_no = $1`,
    [subscriptionNo],
  );
  return plan;
}

/** Seats in use: members whose share gives access, and valid invitations (but `except`). */
export async function seatsUsed(
  db: Queryable,
  ownerSubscriptionNo: string,
  now: Date,
  except: string | null = null,
): Promise<{ members: number; invitations: number }> {
  const [row] = await db.query<{ members: number; invitations: number }>(
    `select
       (select count(*)::int from family_members m
          join subscriptions ms on ms.subscription_no = m.member_subscription_no
         where m.owner_subscription_no = $1 and ms.status_code = any($3::int[])) as members,
       (select count(*)::int from family_invitations i
         where i.owner_subscription_no = $1 and i.state = 'valid' and i.expires_at > $2
           and ($4::uuid is null or i.id <> $4::uuid)) as invitations`,
    [ownerSubscriptionNo, now.toISOString(), accessStatusCodes, except],
  );
  return { members: Number(row?.members ?? 0), invitations: Number(row?.invitations ?? 0) };
}

// ---------------------------------------------------------------- readers and owners

/** The reader's own addresses as recipient keys (their login and contact e-mail and phone). */
export async function ownKeys(db: Queryable, reader: Reader): Promise<Set<string>> {
  const keys = new Set<string>();
  if (reader.email) keys.add(reader.email.trim().toLowerCase());
  const phone = reader.phoneNumber ? normalisePhoneNumber(reader.phoneNumber) : null;
  if (phone) keys.add(phone);
  if (reader.ariaAccountNo) {
    const [profile] = await db.query<{ email: string | null; phone_number: string | null }>(
      'select email, phone_number from account_profiles where aria_account_no = $1',
      [reader.ariaAccountNo],
    );
    if (profile?.email) keys.add(profile.email.trim().toLowerCase());
    const own = profile?.phone_number ? normalisePhoneNumber(profile.phone_number) : null;
    if (own) keys.add(own);
  }
  return keys;
}

/** Whether an account holds a subscription to the title (own, suspended or a share). */
export async function holdsTitle(db: Queryable, ariaAccountNo: string, titleCode: string) {
  const rows = await db.query<{ status_code: number }>(
    'select status_code from subscriptions where aria_account_no = $1 and title_code = $2',
    [ariaAccountNo, titleCode],
  );
  return rows.some((r) => holdsSubscription(r.status_code));
}

/** Locks an invitee's account row: one family per title, also for two accepts at once. */
export async function lockAccount(tx: Queryable, ariaAccountNo: string): Promise<void> {
  await tx.query('select 1 from accounts where aria_account_no = $1 for update', [ariaAccountNo]);
}

export async function ownerSpid(tx: Queryable, ariaAccountNo: string): Promise<string | undefined> {
  const [row] = await tx.query<{ spid_id: string }>(
    'select spid_id from accounts where aria_account_no = $1',
    [ariaAccountNo],
  );
  return row?.spid_id;
}

export const ownerEmailOf = async (tx: Queryable, owner: OwnerRow, row: InvitationRow) => {
  const [profile] = await tx.query<{ email: string | null }>(
    'select email from account_profiles where aria_account_no = $1',
    [owner.aria_account_no],
  );
  return profile?.email ?? row.inviter_email;
};

// ---------------------------------------------------------------- invitations

export const invitationColumns = `id, owner_subscription_no, owner_account_no, title_code, channel,
  recipient, recipient_key, state, sent_at, expires_at, resent_at, inviter_name, inviter_email`;

/** The invitations the owner's page lists: all but the used, newest first. */
export async function listedInvitations(
  db: Queryable,
  ownerSubscriptionNo: string,
): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations
      where owner_subscription_no = $1 and state <> 'used'
      order by created_at desc, id
      limit ${INVITATIONS_LISTED}`,
    [ownerSubscriptionNo],
  );
}

/** Whether a valid invitation of the family to a recipient exists (but `except`, when given). */
export async function validInvitationExists(
  tx: Queryable,
  ownerSubscriptionNo: string,
  recipientKey: string,
  now: Date,
  except?: string,
): Promise<boolean> {
  const [found] =
    except === undefined
      ? await tx.query(
          `select 1 from family_invitations
            where owner_subscription_no = $1 and recipient_key = $2 and state = 'valid'
              and expires_at > $3`,
          [ownerSubscriptionNo, recipientKey, now.toISOString()],
        )
      : await tx.query(
          `select 1 from family_invitations
            where owner_subscription_no = $1 and recipient_key = $2 and state = 'valid'
              and expires_at > $3 and id <> $4`,
          [ownerSubscriptionNo, recipientKey, now.toISOString(), except],
        );
  return found !== undefined;
}

/**
 * The session owner's invitation, with its family's owner row locked (another owner's: 404).
 * The owner's subscription is locked before the invitation, as everywhere.
 */
export async function ownInvitationForWrite(
  tx: Queryable,
  reader: Reader,
  invitationId: string,
): Promise<{ owner: OwnerRow; row: InvitationRow }> {
  if (!reader.ariaAccountNo) throw invitationNotFound();
  const [found] = await tx.query<{ owner_subscription_no: string }>(
    'select owner_subscription_no from family_invitations where id = $1 and owner_account_no = $2',
    [invitationId, reader.ariaAccountNo],
  );
  if (!found) throw invitationNotFound();
  const owner = await lockOwner(tx, found.owner_subscription_no);
  const [row] = await tx.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations where id = $1 for update`,
    [invitationId],
  );
  if (!row || owner.aria_account_no !== reader.ariaAccountNo) throw invitationNotFound();
  return { owner, row };
}

export async function invitationByToken(db: Queryable, token: string): Promise<InvitationRow> {
  const [row] = await db.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations where token_hash = $1`,
    [sha256(token)],
  );
  if (!row) throw invitationNotFound();
  return row;
}

/**
 * The invitation of a token for an answer, with its owner locked first: the invitation's
 * current row (a concurrent answer may have changed it), or the refusal of its state.
 */
export async function invitationForAnswer(
  tx: Queryable,
  token: string,
  now: Date,
): Promise<{ owner: OwnerRow; row: InvitationRow }> {
  const found = await invitationByToken(tx, token);
  const owner = await lockOwner(tx, found.owner_subscription_no);
  const [row] = await tx.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations where id = $1 and token_hash = $2 for update`,
    [found.id, sha256(token)],
  );
  if (!row) throw invitationNotFound();
  const state = effectiveState(row, now);
  if (state !== 'valid') throw stateRefusal(state);
  return { owner, row };
}

// ---------------------------------------------------------------- members

export interface MemberRow extends Record<string, unknown> {
  id: string;
  owner_subscription_no: string;
  member_subscription_no: string;
  member_account_no: string;
  display_name: string;
  email: string | null;
  title_code: string;
  owner_name: string;
  owner_email: string | null;
}

export const memberSelect = `
  select m.id, m.owner_subscription_no, m.member_subscription_no, m.member_account_no,
         m.display_name, coalesce(mp.email, m.email) as email, ms.title_code,
         coalesce(i.inviter_name, '') as owner_name,
         coalesce(op.email, i.inviter_email) as owner_email
    from family_members m
    join subscriptions ms on ms.subscription_no = m.member_subscription_no
    join subscriptions os on os.subscription_no = m.owner_subscription_no
    left join family_invitations i on i.id = m.invitation_id
    left join account_profiles mp on mp.aria_account_no = m.member_account_no
    left join account_profiles op on op.aria_account_no = os.aria_account_no`;

/** A member's family as a member sees it: the owner's name, and the share's dates. */
export async function membershipOf(db: Queryable, memberSubscriptionNo: string) {
  const [membership] = await db.query<{
    owner_name: string;
    joined_at: Date | string;
    status_code: number;
    expiry_date: string | null;
  }>(
    `select coalesce(i.inviter_name, '') as owner_name, m.joined_at, ms.status_code,
            ms.expiry_date::text as expiry_date
       from family_members m
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
       left join family_invitations i on i.id = m.invitation_id
      where m.member_subscription_no = $1`,
    [memberSubscriptionNo],
  );
  return membership;
}

/** The members of a family whose share gives access, in the order they joined. */
export async function activeMembers(db: Queryable, ownerSubscriptionNo: string) {
  return db.query<{ id: string; display_name: string; joined_at: Date | string }>(
    `select m.id, m.display_name, m.joined_at from family_members m
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
      where m.owner_subscription_no = $1 and ms.status_code = any($2::int[])
      order by m.joined_at, m.id`,
    [ownerSubscriptionNo, accessStatusCodes],
  );
}

/** The owner's subscription of a member of the reader's family (another owner's: none). */
export async function ownMemberFamily(tx: Queryable, memberId: string, ariaAccountNo: string) {
  const [found] = await tx.query<{ owner_subscription_no: string }>(
    `select m.owner_subscription_no from family_members m
       join subscriptions os on os.subscription_no = m.owner_subscription_no
      where m.id = $1 and os.aria_account_no = $2`,
    [memberId, ariaAccountNo],
  );
  return found;
}

/** The reader's membership of a family of the title whose share gives access (the newest). */
export async function currentMembership(tx: Queryable, ariaAccountNo: string, titleCode: string) {
  const [found] = await tx.query<{ id: string; owner_subscription_no: string }>(
    `select m.id, m.owner_subscription_no from family_members m
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
      where m.member_account_no = $1 and ms.title_code = $2 and ms.status_code = any($3::int[])
      order by m.joined_at desc limit 1`,
    [ariaAccountNo, titleCode, accessStatusCodes],
  );
  return found;
}

/** A member whose share gives access, with the share's row locked (its owner's is, first). */
export async function memberForWrite(tx: Queryable, memberId: string) {
  const [member] = await tx.query<MemberRow>(
    `${memberSelect} where m.id = $1 and ms.status_code = any($2::int[]) for update of ms`,
    [memberId, accessStatusCodes],
  );
  return member;
}

/** A member, whatever their share (the caller holds the share's row). */
export async function memberById(tx: Queryable, memberId: string) {
  const [member] = await tx.query<MemberRow>(`${memberSelect} where m.id = $1`, [memberId]);
  return member;
}

/** The members of an owner's families whose share is on or ending, their shares locked. */
export async function sharesOfOwner(tx: Queryable, ariaAccountNo: string) {
  return tx.query<{ id: string }>(
    `select m.id from family_members m
       join subscriptions os on os.subscription_no = m.owner_subscription_no
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
      where os.aria_account_no = $1 and ms.status_code = any($2::int[])
      order by m.joined_at, m.id
        for update of ms`,
    [ariaAccountNo, [S.ACTIVE_NON_BILLABLE, S.PENDING_TERMINATION]],
  );
}
