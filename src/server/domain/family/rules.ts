// The rules of family sharing (/familiedeling, /verifiser-familiemedlem, /deling-akseptert),
// without SQL: the limits, the shapes the handlers answer, the refusals, whether a subscription
// can be shared and how many seats it has, an invitation's state and when it may be sent again,
// and the recipient of an invitation.
//
// An owner whose own subscription's plan includes `family-share` invites up to the plan's
// maximum of people (plans.ts familyMembersLimit) by e-mail or SMS; an invitee signed in with any
// account accepts with the link's token and gets a share of the owner's plan (lifecycle
// insertSharedSubscription: ACTIVE_NON_BILLABLE, digital only), or declines; the owner resends,
// withdraws and removes; a member leaves (invitations.ts, members.ts).
//
// Rules:
// - Tokens are 256-bit random, single use, valid INVITATION_TTL_DAYS; only their SHA-256 is
//   kept, and a resend replaces it (the earlier link is then unknown: 404).
// - Seats: members whose share gives access plus valid (unexpired) invitations never exceed the
//   maximum when inviting, and members never exceed it when accepting. Every write of a family
//   locks the owner's subscription row first, so invitations and accepts of one family run one
//   after the other, on every instance; an accept also locks the invitee's account row, so one
//   reader cannot join two families of a title at once.
// - Inviting never looks anyone up: the answer is the same whether or not the e-mail or phone
//   has an account. Only the owner's own addresses are refused (FAMILY_INVITE_SELF).
// - Every id of a request is the session's own: another owner's invitation or member is simply
//   not found (404).
// - Rate limits: INVITE_LIMIT invitations per owner account a day, RESEND_LIMIT sends of one
//   invitation an hour (kept on the invitation, so the owner's page can say when), TOKEN_LIMIT
//   previews, accepts and declines per reader an hour.
// - The family follows the owner's subscription (follow.ts, run by the background work).
import { normalisePhoneNumber } from '../../../shared/profile/phone';
import type { Feature } from '../../../shared/subscription/features';
import { familyMembersLimit } from '../../../shared/subscription/plans';
import { hasAccess } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import { randomToken } from '../../crypto';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { MessageSender } from '../../messaging/outbox';

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

// ---------------------------------------------------------------- errors

export const fail = (kind: DomainError['kind'], code: string, message: string, field?: string) =>
  new DomainError(kind, code, message, field);
export const invitationNotFound = () =>
  fail('not-found', 'FAMILY_INVITATION_NOT_FOUND', 'No such invitation');
export const memberNotFound = () =>
  fail('not-found', 'FAMILY_MEMBER_NOT_FOUND', 'No such family member');
export const notIncluded = () =>
  fail(
    'forbidden',
    'FAMILY_SHARING_NOT_INCLUDED',
    'No subscription of yours to this title includes family sharing',
  );
export const full = () => fail('conflict', 'FAMILY_FULL', 'Every seat of the family is taken');

/** The refusal of an invitation that can no longer be answered or sent, by its state. */
export function stateRefusal(state: Exclude<InvitationState, 'valid'>): DomainError {
  const code = {
    used: 'FAMILY_INVITATION_USED',
    withdrawn: 'FAMILY_INVITATION_WITHDRAWN',
    expired: 'FAMILY_INVITATION_EXPIRED',
    declined: 'FAMILY_INVITATION_DECLINED',
  }[state];
  return fail('conflict', code, `The invitation is ${state}`);
}

// ---------------------------------------------------------------- subscriptions and seats

export const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
export const iso = (value: Date | string) => new Date(value).toISOString();

/** The subscription a family hangs on: an owner's own, with what it takes to share it. */
export interface OwnerRow extends Record<string, unknown> {
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

/** Whether a subscription can be shared now: the reader's own, with access, and family-share. */
export function canShare(owner: OwnerRow): boolean {
  return (
    owner.share_kind === null &&
    hasAccess(owner.status_code) &&
    owner.features.includes('family-share') &&
    familyMembersLimit(owner.title_code, owner.aria_plan_id) !== null
  );
}

export const maxMembersOf = (owner: OwnerRow) =>
  familyMembersLimit(owner.title_code, owner.aria_plan_id) ?? 0;

// ---------------------------------------------------------------- invitations

export interface InvitationRow extends Record<string, unknown> {
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

export function effectiveState(row: InvitationRow, now: Date): InvitationState {
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
export function resendWindow(row: InvitationRow, now: Date): { recent: Date[]; nextAt: Date } {
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

export function toInvitation(row: InvitationRow, now: Date): FamilyInvitation {
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

export const none = (
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

/** The recipient as a key: an e-mail in lower case, a phone in E.164 (else PHONE_INVALID). */
export function recipientOf(input: { readonly email?: string; readonly phone?: string }): {
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

export const newToken = () => `fi_${randomToken()}`;

// ---------------------------------------------------------------- members

export type EndReason = 'removed' | 'left' | 'owner-ended' | 'owner-cancelled' | 'not-included';

/** A share that ended: who, and the day (Europe/Oslo). */
export interface EndedShare {
  readonly memberId: string;
  readonly displayName: string;
  readonly endedOn: string;
}

/** What a member's share must do to follow the owner's subscription (follow.ts). */
export type FollowAction =
  | { readonly kind: 'end'; readonly reason: 'owner-ended' | 'not-included' }
  | { readonly kind: 'endOn'; readonly on: string }
  | { readonly kind: 'continue' };
