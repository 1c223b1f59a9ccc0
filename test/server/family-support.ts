// Helpers of the family sharing tests: owners of their own (a fresh account with a subscription
// of the plan wanted, so each test's family starts empty and its rate limits unused), invitees
// who have never been here, the calls of the family contract, and the token of an invitation
// read from the message the outbox holds, as the invitee would read it.
import { createAccount } from '../../src/server/domain/accounts/accounts';
import { importSubscription } from '../../src/server/domain/subscriptions/lifecycle';
import { PREMIUM_PLAN_ID, type Period } from '../../src/shared/subscription/plans';
import { SubscriptionStatus, type StatusCode } from '../../src/shared/subscription/status';

import { newIdentitySession, type TestSession } from './session-support';
import type { TestApp } from './support';

let counter = 0;
/** A spid id no demo user has (each call a new one). */
export const freshSpid = (prefix = '77') => `${prefix}${String(++counter).padStart(6, '0')}`;

export interface Owner {
  readonly session: TestSession;
  /** A new session of the owner at the clock's time (a session dies after 30 idle minutes). */
  signIn(): Promise<TestSession>;
  readonly ariaAccountNo: string;
  readonly subscriptionNo: string;
  readonly email: string;
}

/** An owner with a subscription of their own to the title (FVN premium, monthly by default). */
export async function newOwner(
  t: TestApp,
  options: {
    readonly titleCode?: string;
    readonly planId?: string;
    readonly period?: Period;
    readonly status?: StatusCode;
    readonly expiryDate?: string | null;
    readonly renewalDate?: string | null;
    readonly identity?: {
      given_name?: string;
      family_name?: string;
      phone_number?: string;
      birth_date?: string | null;
    };
  } = {},
): Promise<Owner> {
  const titleCode = options.titleCode ?? 'FVN';
  const spid = freshSpid('88');
  const { ariaAccountNo } = await createAccount(t.db, {
    spidId: spid,
    firstTitleCode: titleCode,
    accountBalance: 0,
  });
  const [plan] = await t.db.query<{ id: number }>(
    'select id from plans where title_code = $1 and aria_plan_id = $2 and period = $3',
    [titleCode, options.planId ?? PREMIUM_PLAN_ID, options.period ?? 'Månedlig'],
  );
  if (!plan) throw new Error('no such plan');
  const subscriptionNo = await importSubscription(t.db, {
    ariaAccountNo,
    titleCode,
    planId: plan.id,
    status: options.status ?? SubscriptionStatus.ACTIVE,
    paymentProvider: 'SWEDBANK-PPG',
    card: { maskedNumber: '•••• 4242', expiry: '12/29' },
    eligibleForSharing: true,
    subscriptionInfo1: null,
    renewalDate: options.renewalDate === undefined ? '2026-04-01' : options.renewalDate,
    expiryDate: options.expiryDate ?? null,
    pendingPlanId: null,
    createdAt: new Date('2025-01-01T10:00:00Z'),
  });
  const identity = { given_name: 'Eier', family_name: `Nummer${counter}`, ...options.identity };
  const session = await newIdentitySession(t, spid, titleCode, identity);
  return {
    session,
    signIn: () => newIdentitySession(t, spid, titleCode, identity),
    ariaAccountNo,
    subscriptionNo,
    email: `${spid}@demo.minside.no`,
  };
}

/** Someone who has never been to Min Side (no account yet): signs in to answer an invitation. */
export function newInvitee(t: TestApp, titleCode = 'FVN'): Promise<TestSession> {
  return newIdentitySession(t, freshSpid('66'), titleCode, {
    given_name: 'Invitert',
    family_name: `Person${counter}`,
  });
}

export const familyOf = (s: TestSession, titleCode = 'FVN') =>
  s.request({ method: 'GET', url: `/api/family-sharing/${titleCode}` });

export const invite = (s: TestSession, to: { email?: string; phone?: string }, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: `/api/family-sharing/${titleCode}/invitations`, payload: to });

export const resend = (s: TestSession, invitationId: string) =>
  s.request({ method: 'POST', url: `/api/family-sharing/invitations/${invitationId}/resend` });

export const withdraw = (s: TestSession, invitationId: string) =>
  s.request({ method: 'DELETE', url: `/api/family-sharing/invitations/${invitationId}` });

export const removeMember = (s: TestSession, memberId: string) =>
  s.request({ method: 'DELETE', url: `/api/family-sharing/members/${memberId}` });

export const leave = (s: TestSession, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: `/api/family-sharing/${titleCode}/leave` });

export const preview = (s: TestSession, token: string) =>
  s.request({ method: 'POST', url: '/api/family-invitations/preview', payload: { token } });

export const accept = (s: TestSession, token: string) =>
  s.request({ method: 'POST', url: '/api/family-invitations/accept', payload: { token } });

export const decline = (s: TestSession, token: string) =>
  s.request({ method: 'POST', url: '/api/family-invitations/decline', payload: { token } });

export interface OutboxRow {
  readonly channel: 'sms' | 'email';
  readonly recipient: string;
  readonly body: string;
}

/** The messages the outbox holds for a recipient, newest first. */
export function messagesTo(t: TestApp, recipient: string): Promise<OutboxRow[]> {
  return t.db.query<OutboxRow & Record<string, unknown>>(
    'select channel, recipient, body from outbox where recipient = $1 order by id desc',
    [recipient],
  );
}

/** The invitation link of the newest message to a recipient. */
export async function linkTo(t: TestApp, recipient: string): Promise<URL> {
  const [message] = await messagesTo(t, recipient);
  const match = message?.body.match(/https?:\/\/\S+\/verifiser-familiemedlem\?token=\S+/);
  if (!match) throw new Error(`No invitation link to ${recipient}`);
  return new URL(match[0]);
}

/** The token of the newest invitation sent to a recipient. */
export async function tokenTo(t: TestApp, recipient: string): Promise<string> {
  return (await linkTo(t, recipient)).searchParams.get('token')!;
}

let mailbox = 0;
/** An e-mail address nobody has used (an invitee may have an account or not). */
export const freshEmail = () => `mottaker${++mailbox}@example.no`;

/** Invites a fresh address and answers its invitation id and the token sent to it. */
export async function invited(
  t: TestApp,
  owner: Owner,
  titleCode = 'FVN',
): Promise<{ invitationId: string; token: string; email: string }> {
  const email = freshEmail();
  const response = await invite(owner.session, { email }, titleCode);
  if (response.statusCode !== 201)
    throw new Error(`invite answered ${response.statusCode} ${response.body}`);
  return {
    invitationId: (response.json() as { invitationId: string }).invitationId,
    token: await tokenTo(t, email),
    email,
  };
}
