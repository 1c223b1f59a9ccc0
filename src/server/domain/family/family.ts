// Family sharing (/familiedeling, /verifiser-familiemedlem, /deling-akseptert): an owner whose
// own subscription's plan includes `family-share` invites up to the plan's maximum of people
// (plans.ts familyMembersLimit) by e-mail or SMS; an invitee signed in with any account accepts
// with the link's token and gets a share of the owner's plan (lifecycle insertSharedSubscription:
// ACTIVE_NON_BILLABLE, digital only), or declines; the owner resends, withdraws and removes; a
// member leaves.
//
// Rules:
// - Tokens are 256-bit random, single use, valid INVITATION_TTL_DAYS; only their SHA-256 is
//   kept, and a resend replaces it (the earlier link is then unknown: 404).
// - Seats: members whose share gives access plus valid (unexpired) invitations never exceed the
//   maximum when inviting, and members never exceed it when accepting. Every write of a family locks the owner's subscription row first, so invitations
//   and accepts of one family run one after the other, on every instance; an accept also locks
//   the invitee's account row, so one reader cannot join two families of a title at once.
// - Inviting never looks anyone up: the answer is the same whether or not the e-mail or phone
//   has an account. Only the owner's own addresses are refused (FAMILY_INVITE_SELF).
// - Every id of a request is the session's own: another owner's invitation or member is simply
//   not found (404).
// - Rate limits: INVITE_LIMIT invitations per owner account a day, RESEND_LIMIT sends of one
//   invitation an hour (kept on the invitation, so the owner's page can say when), TOKEN_LIMIT
//   previews, accepts and declines per reader an hour.
// - The family follows the owner's subscription (follow.ts, run by the background work).
// Owns `family_invitations` and `family_members`.
import { randomUUID } from 'node:crypto';

import { normalisePhoneNumber } from '../../../shared/profile/phone';
import { getPublication } from '../../../shared/publications/registry';
import { type Feature, sharedFeatures } from '../../../shared/subscription/features';
import { familyMembersLimit } from '../../../shared/subscription/plans';
import {
  accessStatusCodes,
  hasAccess,
  holdsSubscription,
  SubscriptionStatus as S,
} from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError, RateLimitedError } from '../../errors';
import { randomToken, sha256 } from '../../identity/login';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { ensureAccount } from '../accounts/accounts';
import { consume } from '../rate-limits';
import { applyCommandInTx, insertSharedSubscription } from '../subscriptions/lifecycle';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

import {
  invitationEmail,
  invitationLink,
  invitationSms,
  memberNotice,
  minsideOrigin,
  ownerNotice,
} from './messages';

export const INVITATION_TTL_DAYS = 7;
export const INVITE_LIMIT = { limit: 10, windowSeconds: 24 * 3600 } as const;
export const RESEND_LIMIT = { limit: 3, windowSeconds: 3600 } as const;
export const TOKEN_LIMIT = { limit: 30, windowSeconds: 3600 } as const;
/** The most invitations the owner's page lists (newest first). */
export const INVITATIONS_LISTED = 50;

export type InvitationState = 'valid' | 'used' | 'withdrawn' | 'expired' | 'declined';
export type Channel = 'EMAIL' | 'SMS';

export interface FamilyInvitation {
  readonly invitationId: string;
  readonly recipient: string;
  readonly channel: Channel;
  readonly state: InvitationState;
  readonly sentAt: string;
  readonly expiresAt: string;
  readonly resendAvailableAt: string | null;
}

export interface FamilyMember {
  readonly memberId: string;
  readonly displayName: string;
  readonly joinedAt: string;
}

export interface FamilySharePlan {
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly productType: 'DIGITAL' | 'COMBO';
}

export interface FamilySharing {
  readonly titleCode: string;
  readonly role: 'OWNER' | 'MEMBER' | 'NONE';
  readonly reason: 'NOT_INCLUDED' | 'NO_ACCESS' | null;
  readonly maxMembers: number | null;
  readonly usedCount: number | null;
  readonly remainingCount: number | null;
  readonly members: readonly FamilyMember[];
  readonly invitations: readonly FamilyInvitation[];
  readonly membership: {
    readonly ownerName: string;
    readonly planName: string;
    readonly since: string;
    readonly endsOn: string | null;
  } | null;
  readonly familySharePlans: readonly FamilySharePlan[];
}

export interface InvitationPreview {
  readonly state: InvitationState;
  readonly inviterName: string;
  readonly titleCode: string;
  readonly titleName: string;
  readonly planName: string;
  readonly features: readonly Feature[];
  readonly expiresAt: string;
  readonly hasOwnActiveSubscription: boolean;
}

/** Who is asking: the session's identity and account, as the handlers read them. */
export interface Reader {
  readonly spidId: string;
  readonly ariaAccountNo: string | null;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber: string;
}

export interface FamilyDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** The origin of the request, for the links of the messages (messages.ts minsideOrigin). */
  readonly requestOrigin?: string;
  /** Where messages go (the outbox, in the transaction, unless given). */
  readonly sender?: (tx: Queryable, at: Date) => MessageSender;
}

const senderOf = (deps: FamilyDeps, tx: Queryable, at: Date) =>
  (deps.sender ?? outboxSender)(tx, at);

// ---------------------------------------------------------------- errors

const fail = (kind: DomainError['kind'], code: string, message: string, field?: string) =>
  new DomainError(kind, code, message, field);
const invitationNotFound = () =>
  fail('not-found', 'FAMILY_INVITATION_NOT_FOUND', 'No such invitation');
const memberNotFound = () => fail('not-found', 'FAMILY_MEMBER_NOT_FOUND', 'No such family member');
const notIncluded = () =>
  fail(
    'forbidden',
    'FAMILY_SHARING_NOT_INCLUDED',
    'No subscription of yours to this title includes family sharing',
  );
const full = () => fail('conflict', 'FAMILY_FULL', 'Every seat of the family is taken');

/** The refusal of an invitation that can no longer be answered or sent, by its state. */
function stateRefusal(state: Exclude<InvitationState, 'valid'>): DomainError {
  const code = {
    used: 'FAMILY_INVITATION_USED',
    withdrawn: 'FAMILY_INVITATION_WITHDRAWN',
    expired: 'FAMILY_INVITATION_EXPIRED',
    declined: 'FAMILY_INVITATION_DECLINED',
  }[state];
  return fail('conflict', code, `The invitation is ${state}`);
}

// ---------------------------------------------------------------- reads

const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The subscription a family hangs on: an owner's own, with what it takes to share it. */
interface OwnerRow extends Record<string, unknown> {
  subscription_no: string;
  aria_account_no: string;
  title_code: string;
  status_code: number;
  expiry_date: string | null;
  share_kind: string | null;
  aria_plan_id: string;
  plan_name: string;
  features: Feature[];
}

const ownerColumns = `s.subscription_no, s.aria_account_no, s.title_code, s.status_code,
  s.expiry_date::text as expiry_date, s.share_kind, p.aria_plan_id, p.plan_name, p.features`;

/** Whether a subscription can be shared now: the reader's own, with access, and family-share. */
function canShare(owner: OwnerRow): boolean {
  return (
    owner.share_kind === null &&
    hasAccess(owner.status_code) &&
    owner.features.includes('family-share') &&
    familyMembersLimit(owner.title_code, owner.aria_plan_id) !== null
  );
}

const maxMembersOf = (owner: OwnerRow) =>
  familyMembersLimit(owner.title_code, owner.aria_plan_id) ?? 0;

/** The subscription of an account to a title that gives access (the newest), with its plan. */
async function accessSubscription(
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
async function lockOwner(tx: Queryable, subscriptionNo: string): Promise<OwnerRow> {
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

/** Seats in use: members whose share gives access, and valid invitations (but `except`). */
async function seatsUsed(
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

interface InvitationRow extends Record<string, unknown> {
  id: string;
  owner_subscription_no: string;
  owner_account_no: string;
  title_code: string;
  channel: Channel;
  recipient: string;
  recipient_key: string;
  state: 'valid' | 'used' | 'withdrawn' | 'declined';
  sent_at: Date | string;
  expires_at: Date | string;
  resent_at: (Date | string)[] | string;
  inviter_name: string;
  inviter_email: string | null;
}

const invitationColumns = `id, owner_subscription_no, owner_account_no, title_code, channel,
  recipient, recipient_key, state, sent_at, expires_at, resent_at, inviter_name, inviter_email`;

function effectiveState(row: InvitationRow, now: Date): InvitationState {
  if (row.state === 'valid' && new Date(row.expires_at).getTime() <= now.getTime())
    return 'expired';
  return row.state;
}

/** The resends of an invitation (PGlite may hand an array column over as its text form). */
function resends(row: InvitationRow): Date[] {
  const raw = row.resent_at;
  const list = Array.isArray(raw)
    ? raw
    : String(raw)
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map((s) => s.replace(/^"|"$/g, ''))
        .filter((s) => s.length > 0);
  return list.map((value) => new Date(value));
}

/** The resends within the last hour, and when the next one is allowed (now when it is). */
function resendWindow(row: InvitationRow, now: Date): { recent: Date[]; nextAt: Date } {
  const windowMs = RESEND_LIMIT.windowSeconds * 1000;
  const recent = resends(row)
    .filter((at) => now.getTime() - at.getTime() < windowMs)
    .sort((a, b) => a.getTime() - b.getTime());
  if (recent.length < RESEND_LIMIT.limit) return { recent, nextAt: now };
  return {
    recent,
    nextAt: new Date(recent[recent.length - RESEND_LIMIT.limit]!.getTime() + windowMs),
  };
}

function toInvitation(row: InvitationRow, now: Date): FamilyInvitation {
  const state = effectiveState(row, now);
  const open = state === 'valid' || state === 'expired';
  return {
    invitationId: row.id,
    recipient: row.recipient,
    channel: row.channel,
    state,
    sentAt: iso(row.sent_at),
    expiresAt: iso(row.expires_at),
    resendAvailableAt: open ? resendWindow(row, now).nextAt.toISOString() : null,
  };
}

/** The title's plans that include family sharing (the offer to a reader whose plan does not). */
async function familySharePlans(db: Queryable, titleCode: string): Promise<FamilySharePlan[]> {
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

const none = (
  titleCode: string,
  reason: 'NOT_INCLUDED' | 'NO_ACCESS',
  plans: readonly FamilySharePlan[] = [],
): FamilySharing => ({
  titleCode,
  role: 'NONE',
  reason,
  maxMembers: null,
  usedCount: null,
  remainingCount: null,
  members: [],
  invitations: [],
  membership: null,
  familySharePlans: plans,
});

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
      [current.subscription_no],
    );
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
  const members = await db.query<{ id: string; display_name: string; joined_at: Date | string }>(
    `select m.id, m.display_name, m.joined_at from family_members m
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
      where m.owner_subscription_no = $1 and ms.status_code = any($2::int[])
      order by m.joined_at, m.id`,
    [current.subscription_no, accessStatusCodes],
  );
  const invitations = await db.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations
      where owner_subscription_no = $1 and state <> 'used'
      order by created_at desc, id
      limit ${INVITATIONS_LISTED}`,
    [current.subscription_no],
  );
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

// ---------------------------------------------------------------- the owner's writes

/** The recipient as a key: an e-mail in lower case, a phone in E.164 (else PHONE_INVALID). */
function recipientOf(input: { readonly email?: string; readonly phone?: string }): {
  channel: Channel;
  recipient: string;
  key: string;
} {
  if (input.email !== undefined && input.phone === undefined) {
    const recipient = input.email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient))
      throw fail('invalid', 'VALIDATION_FAILED', 'Not a valid e-mail address', 'email');
    return { channel: 'EMAIL', recipient, key: recipient.toLowerCase() };
  }
  if (input.phone !== undefined && input.email === undefined) {
    const key = normalisePhoneNumber(input.phone);
    if (!key) throw fail('invalid', 'PHONE_INVALID', 'The phone number is not valid', 'phone');
    return { channel: 'SMS', recipient: input.phone.trim(), key };
  }
  throw fail('invalid', 'VALIDATION_FAILED', 'Give an e-mail or a phone number', 'email');
}

/** The reader's own addresses as recipient keys (their login and contact e-mail and phone). */
async function ownKeys(db: Queryable, reader: Reader): Promise<Set<string>> {
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

/** The owner's subscription for a write: theirs, sharable, locked. Else 403 NOT_INCLUDED. */
async function ownerForWrite(tx: Queryable, reader: Reader, titleCode: string): Promise<OwnerRow> {
  if (!reader.ariaAccountNo) throw notIncluded();
  const current = await accessSubscription(tx, reader.ariaAccountNo, titleCode);
  if (!current || !canShare(current)) throw notIncluded();
  const owner = await lockOwner(tx, current.subscription_no);
  if (owner.aria_account_no !== reader.ariaAccountNo || !canShare(owner)) throw notIncluded();
  return owner;
}

async function sendInvitation(
  deps: FamilyDeps,
  tx: Queryable,
  row: { channel: Channel; recipient: string; key: string; titleCode: string },
  facts: { inviterName: string; planName: string; token: string; expiresAt: Date; now: Date },
): Promise<void> {
  const link = invitationLink(minsideOrigin(row.titleCode, deps.requestOrigin), facts.token);
  const content = {
    titleCode: row.titleCode,
    inviterName: facts.inviterName,
    planName: facts.planName,
    link,
    expiresAt: facts.expiresAt,
  };
  const sender = senderOf(deps, tx, facts.now);
  if (row.channel === 'EMAIL') {
    const email = invitationEmail(content);
    await sender.sendEmail(row.key, email.subject, email.body);
  } else {
    await sender.sendSms(row.key, invitationSms(content));
  }
}

const newToken = () => `fi_${randomToken()}`;

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
  const wait = await consume(
    deps.db,
    `family-invite:${reader.ariaAccountNo}`,
    INVITE_LIMIT.limit,
    INVITE_LIMIT.windowSeconds,
    now,
  );
  if (wait > 0) throw new RateLimitedError(wait);
  if ((await ownKeys(deps.db, reader)).has(to.key))
    throw fail(
      'conflict',
      'FAMILY_INVITE_SELF',
      'You cannot invite yourself',
      to.channel === 'EMAIL' ? 'email' : 'phone',
    );

  return deps.db.transaction(async (tx) => {
    const owner = await ownerForWrite(tx, reader, titleCode);
    const [already] = await tx.query(
      `select 1 from family_invitations
        where owner_subscription_no = $1 and recipient_key = $2 and state = 'valid'
          and expires_at > $3`,
      [owner.subscription_no, to.key, now.toISOString()],
    );
    if (already)
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
        reader.name || reader.email,
        reader.email || null,
        sha256(token),
        now.toISOString(),
        expiresAt.toISOString(),
      ],
    );
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
    return toInvitation(row!, now);
  });
}

/**
 * The session owner's invitation, with its family's owner row locked (another owner's: 404).
 * The owner's subscription is locked before the invitation, as everywhere.
 */
async function ownInvitationForWrite(
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
      const [other] = await tx.query(
        `select 1 from family_invitations
          where owner_subscription_no = $1 and recipient_key = $2 and state = 'valid'
            and expires_at > $3 and id <> $4`,
        [owner.subscription_no, row.recipient_key, now.toISOString(), row.id],
      );
      if (other)
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
    const [updated] = await tx.query<InvitationRow>(
      `update family_invitations
          set token_hash = $2, sent_at = $3, expires_at = $4,
              resent_at = array_append(resent_at, $3::timestamptz)
        where id = $1
        returning ${invitationColumns}`,
      [row.id, sha256(token), now.toISOString(), expiresAt.toISOString()],
    );
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
    return toInvitation(updated!, now);
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
    const [updated] = await tx.query<InvitationRow>(
      `update family_invitations set state = 'withdrawn', answered_at = $2
        where id = $1 returning ${invitationColumns}`,
      [row.id, now.toISOString()],
    );
    return toInvitation(updated!, now);
  });
}

interface MemberRow extends Record<string, unknown> {
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

const memberSelect = `
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

/** Records why a membership ended or is ending (null: it goes on). */
async function markMembership(
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

export type EndReason = 'removed' | 'left' | 'owner-ended' | 'owner-cancelled' | 'not-included';

/** The owner removes a member (removeFamilyMember): the share ends today. */
/** A share that ended: who, and the day (Europe/Oslo). */
export interface EndedShare {
  readonly memberId: string;
  readonly displayName: string;
  readonly endedOn: string;
}

export async function removeMember(
  deps: FamilyDeps,
  reader: Reader,
  memberId: string,
): Promise<EndedShare> {
  const now = deps.clock.now();
  if (!reader.ariaAccountNo) throw memberNotFound();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.query<{ owner_subscription_no: string }>(
      `select m.owner_subscription_no from family_members m
         join subscriptions os on os.subscription_no = m.owner_subscription_no
        where m.id = $1 and os.aria_account_no = $2`,
      [memberId, reader.ariaAccountNo],
    );
    if (!found) throw memberNotFound();
    await lockOwner(tx, found.owner_subscription_no);
    const [member] = await tx.query<MemberRow>(
      `${memberSelect} where m.id = $1 and ms.status_code = any($2::int[]) for update of ms`,
      [memberId, accessStatusCodes],
    );
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
    const [found] = await tx.query<{ id: string; owner_subscription_no: string }>(
      `select m.id, m.owner_subscription_no from family_members m
         join subscriptions ms on ms.subscription_no = m.member_subscription_no
        where m.member_account_no = $1 and ms.title_code = $2 and ms.status_code = any($3::int[])
        order by m.joined_at desc limit 1`,
      [reader.ariaAccountNo, titleCode, accessStatusCodes],
    );
    if (!found) throw memberNotFound();
    await lockOwner(tx, found.owner_subscription_no);
    const [member] = await tx.query<MemberRow>(
      `${memberSelect} where m.id = $1 and ms.status_code = any($2::int[]) for update of ms`,
      [found.id, accessStatusCodes],
    );
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

// ---------------------------------------------------------------- the invitee's answers

async function countTokenTry(deps: FamilyDeps, reader: Reader, now: Date): Promise<void> {
  const wait = await consume(
    deps.db,
    `family-token:${reader.spidId}`,
    TOKEN_LIMIT.limit,
    TOKEN_LIMIT.windowSeconds,
    now,
  );
  if (wait > 0) throw new RateLimitedError(wait);
}

async function invitationByToken(db: Queryable, token: string): Promise<InvitationRow> {
  const [row] = await db.query<InvitationRow>(
    `select ${invitationColumns} from family_invitations where token_hash = $1`,
    [sha256(token)],
  );
  if (!row) throw invitationNotFound();
  return row;
}

/** Whether an account holds a subscription to the title (own, suspended or a share). */
async function holdsTitle(db: Queryable, ariaAccountNo: string, titleCode: string) {
  const rows = await db.query<{ status_code: number }>(
    'select status_code from subscriptions where aria_account_no = $1 and title_code = $2',
    [ariaAccountNo, titleCode],
  );
  return rows.some((r) => holdsSubscription(r.status_code));
}

async function previewOf(
  db: Queryable,
  row: InvitationRow,
  reader: Reader,
  now: Date,
): Promise<InvitationPreview> {
  const [plan] = await db.query<{ plan_name: string; features: Feature[] }>(
    `select p.plan_name, p.features from subscriptions s join plans p on p.id = s.plan_id
      where s.subscription_no = $1`,
    [row.owner_subscription_no],
  );
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

/**
 * The invitation of a token for an answer, with its owner locked first: the invitation's
 * current row (a concurrent answer may have changed it), or the refusal of its state.
 */
async function invitationForAnswer(
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

async function ownerSpid(tx: Queryable, ariaAccountNo: string): Promise<string | undefined> {
  const [row] = await tx.query<{ spid_id: string }>(
    'select spid_id from accounts where aria_account_no = $1',
    [ariaAccountNo],
  );
  return row?.spid_id;
}

const ownerEmailOf = async (tx: Queryable, owner: OwnerRow, row: InvitationRow) => {
  const [profile] = await tx.query<{ email: string | null }>(
    'select email from account_profiles where aria_account_no = $1',
    [owner.aria_account_no],
  );
  return profile?.email ?? row.inviter_email;
};

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
    await tx.query('select 1 from accounts where aria_account_no = $1 for update', [
      account.aria_account_no,
    ]);
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
    const memberId = randomUUID();
    await tx.query(
      `insert into family_members (id, owner_subscription_no, member_subscription_no,
         member_account_no, invitation_id, display_name, email, joined_at, ended_at, end_reason)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        memberId,
        owner.subscription_no,
        subscriptionNo,
        account.aria_account_no,
        row.id,
        reader.name || reader.email,
        reader.email || null,
        now.toISOString(),
        ending ? now.toISOString() : null,
        ending ? 'owner-cancelled' : null,
      ],
    );
    await tx.query(
      `update family_invitations set state = 'used', answered_at = $2, answered_by_spid_id = $3
        where id = $1`,
      [row.id, now.toISOString(), reader.spidId],
    );
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
    const [updated] = await tx.query<InvitationRow>(
      `update family_invitations set state = 'declined', answered_at = $2, answered_by_spid_id = $3
        where id = $1 returning ${invitationColumns}`,
      [row.id, now.toISOString(), reader.spidId],
    );
    const ownerEmail = await ownerEmailOf(tx, owner, row);
    if (ownerEmail) {
      const email = ownerNotice('declined', {
        titleCode: row.title_code,
        who: row.recipient,
        origin: minsideOrigin(row.title_code, deps.requestOrigin),
      });
      await senderOf(deps, tx, now).sendEmail(ownerEmail, email.subject, email.body);
    }
    return previewOf(tx, updated!, reader, now);
  });
}

// ---------------------------------------------------------------- following the owner

/** What a member's share must do to follow the owner's subscription (follow.ts). */
export type FollowAction =
  | { readonly kind: 'end'; readonly reason: 'owner-ended' | 'not-included' }
  | { readonly kind: 'endOn'; readonly on: string }
  | { readonly kind: 'continue' };

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
  const [member] = await tx.query<MemberRow>(`${memberSelect} where m.id = $1`, [memberId]);
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
 * Erasure (privacy/deletion.ts), before the reader's subscriptions close: the shares of the
 * reader's family end today and each member is told; the reader's invitations and memberships go.
 */
export async function eraseFamily(
  tx: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  spidId: string,
): Promise<void> {
  const members = await tx.query<{ id: string }>(
    `select m.id from family_members m
       join subscriptions os on os.subscription_no = m.owner_subscription_no
       join subscriptions ms on ms.subscription_no = m.member_subscription_no
      where os.aria_account_no = $1 and ms.status_code = any($2::int[])
      order by m.joined_at, m.id
        for update of ms`,
    [ariaAccountNo, [S.ACTIVE_NON_BILLABLE, S.PENDING_TERMINATION]],
  );
  for (const member of members)
    await followOwner(tx, clock, member.id, { kind: 'end', reason: 'owner-ended' });
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
