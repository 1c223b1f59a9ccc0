// Family sharing through the API (/familiedeling, /verifiser-familiemedlem, /deling-akseptert):
// the views of an owner, a member and everyone else; invitations by e-mail and SMS that go out
// through the outbox with a working link; every state of an invitation (valid, used, withdrawn,
// expired, declined) and every refusal (with the injected clock for expiry); token replay and
// the wrong recipients; rate limits; ids of other families (IDOR); the same answer whether or
// not an address has an account; removing and leaving.
import { describe, expect, it } from '@jest/globals';

import { sha256 } from '../../src/server/crypto';
import { COMBO_PLAN_ID } from '../../src/shared/subscription/plans';

import {
  accept,
  decline,
  familyOf,
  freshEmail,
  invite,
  invited,
  leave,
  linkTo,
  messagesTo,
  newInvitee,
  newOwner,
  preview,
  removeMember,
  resend,
  tokenTo,
  withdraw,
} from './family-support';
import { sessionFor, spaHeaders } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();

const at = (iso: string) => t.clock.set(iso);
const resetClock = () => at(TEST_NOW);

interface Sharing {
  role: string;
  reason: string | null;
  maxMembers: number | null;
  usedCount: number | null;
  remainingCount: number | null;
  members: { memberId: string; displayName: string; joinedAt: string }[];
  invitations: {
    invitationId: string;
    recipient: string;
    channel: string;
    state: string;
    sentAt: string;
    expiresAt: string;
    resendAvailableAt: string | null;
  }[];
  membership: { ownerName: string; planName: string; since: string; endsOn: string | null } | null;
  familySharePlans: { ariaPlanID: string; planName: string; productType: string }[];
}

describe('the family sharing of a title, as each reader sees it', () => {
  it('the demo owner sees a member, a pending invitation and 2 of 4 seats used', async () => {
    const owner = await sessionFor(t, 'digital@demo.minside.no');
    const response = await familyOf(owner);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Sharing;
    expect(body).toMatchObject({
      titleCode: 'FVN',
      role: 'OWNER',
      reason: null,
      maxMembers: 4,
      usedCount: 2,
      remainingCount: 2,
      membership: null,
      familySharePlans: [],
    });
    expect(body.members).toEqual([
      { memberId: expect.any(String), displayName: 'Frida Familie', joinedAt: expect.any(String) },
    ]);
    expect(body.invitations).toEqual([
      expect.objectContaining({
        recipient: 'morten.familie@example.no',
        channel: 'EMAIL',
        state: 'valid',
      }),
    ]);
  });

  it('the demo member sees whose subscription she shares, from when, and no end', async () => {
    const member = await sessionFor(t, 'familie@demo.minside.no');
    expect((await familyOf(member)).json()).toMatchObject({
      role: 'MEMBER',
      reason: null,
      maxMembers: null,
      members: [],
      invitations: [],
      membership: { ownerName: 'Dag Digital', planName: 'Premium digital', endsOn: null },
    });
  });

  it('a subscriber whose plan lacks family sharing is NOT_INCLUDED and offered the plans that have it', async () => {
    const youth = await sessionFor(t, 'ung@demo.minside.no');
    const body = (await familyOf(youth)).json() as Sharing;
    expect(body).toMatchObject({ role: 'NONE', reason: 'NOT_INCLUDED', membership: null });
    expect(body.familySharePlans.map((p) => p.ariaPlanID)).toEqual([
      'C-DIGITAL-PREMIUM',
      'C-COMBO-HELG',
      'C-COMBO-PAPIR',
    ]);
    expect(body.familySharePlans[0]).toEqual({
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      productType: 'DIGITAL',
    });
  });

  it('a reader without access (no account, or a cancelled subscription) is NO_ACCESS', async () => {
    for (const email of ['ingen@demo.minside.no', 'avsluttet@demo.minside.no']) {
      const reader = await sessionFor(t, email);
      expect([email, (await familyOf(reader)).json()]).toEqual([
        email,
        expect.objectContaining({ role: 'NONE', reason: 'NO_ACCESS', familySharePlans: [] }),
      ]);
    }
  });

  it('needs a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/family-sharing/FVN' });
    expect(response.statusCode).toBe(401);
  });
});

describe('inviting', () => {
  it('sends an e-mail whose link opens /verifiser-familiemedlem on this server; only the token’s hash is kept', async () => {
    const owner = await newOwner(t);
    const email = freshEmail();
    const response = await invite(owner.session, { email });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      invitationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      recipient: email,
      channel: 'EMAIL',
      state: 'valid',
      sentAt: '2026-03-10T08:00:00.000Z',
      expiresAt: '2026-03-17T08:00:00.000Z',
      resendAvailableAt: '2026-03-10T08:00:00.000Z',
    });
    const link = await linkTo(t, email);
    expect(`${link.origin}${link.pathname}`).toBe('http://fvn.localhost/verifiser-familiemedlem');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^fi_[A-Za-z0-9_-]{43}$/);
    const [message] = await messagesTo(t, email);
    expect(message!.body).toContain('Eier Nummer');
    expect(message!.body).toContain('Premium digital');
    expect(message!.body).toContain('Du får digital tilgang uten å betale noe selv.');
    const stored = await t.db.query<{ token_hash: string }>(
      'select token_hash from family_invitations where recipient = $1',
      [email],
    );
    expect(stored).toEqual([{ token_hash: sha256(token) }]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('sends an SMS to the number in E.164 and accepts the number as typed', async () => {
    const owner = await newOwner(t);
    const response = await invite(owner.session, { phone: '912 34 567' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ recipient: '912 34 567', channel: 'SMS' });
    const [sms] = await messagesTo(t, '+4791234567');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toMatch(
      /^Eier Nummer\d+ vil dele abonnementet på Fædrelandsvennen med deg\./,
    );
    expect(sms!.body).toMatch(/verifiser-familiemedlem\?token=fi_/);
  });

  it('writes in nynorsk for a nynorsk title', async () => {
    const owner = await newOwner(t, { titleCode: 'FIR', planId: 'C-DIGITAL-DIGITAL' });
    const email = freshEmail();
    expect((await invite(owner.session, { email }, 'FIR')).statusCode).toBe(201);
    const [message] = await messagesTo(t, email);
    expect(message!.body).toContain('Du får digital tilgang utan å betale noko sjølv.');
    expect(message!.body).toContain('Helsing');
    expect((await linkTo(t, email)).host).toBe('fir.localhost');
  });

  it('answers the same whether or not the address has an account, and sends to both', async () => {
    const owner = await newOwner(t);
    const withAccount = await invite(owner.session, { email: 'papir@demo.minside.no' });
    const without = await invite(owner.session, { email: 'ingen.konto@example.no' });
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      invitationId: 'id',
      recipient: 'address',
    });
    expect(withAccount.statusCode).toBe(without.statusCode);
    expect(shape(withAccount.json())).toEqual(shape(without.json()));
    expect(Object.keys(withAccount.headers).sort()).toEqual(Object.keys(without.headers).sort());
    expect(await messagesTo(t, 'papir@demo.minside.no')).toHaveLength(1);
    expect(await messagesTo(t, 'ingen.konto@example.no')).toHaveLength(1);
  });

  it.each([
    ['an invalid phone', { phone: '12' }, 'PHONE_INVALID', 'phone'],
    ['an invalid e-mail', { email: 'ikke-en-adresse' }, 'VALIDATION_FAILED', 'email'],
    ['both', { email: 'a@example.no', phone: '91234567' }, 'VALIDATION_FAILED', undefined],
    ['neither', {}, 'VALIDATION_FAILED', undefined],
  ])('refuses %s (400)', async (_what, payload, code, field) => {
    const owner = await newOwner(t);
    const response = await invite(owner.session, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
    if (field) expect(response.json().errors[0].field).toBe(field);
  });

  it('refuses the owner’s own e-mail or phone (409 FAMILY_INVITE_SELF)', async () => {
    const owner = await newOwner(t, { identity: { phone_number: '+47 400 99 001' } });
    for (const to of [{ email: owner.email.toUpperCase() }, { phone: '40099001' }]) {
      const response = await invite(owner.session, to);
      expect([to, response.statusCode, response.json().code]).toEqual([
        to,
        409,
        'FAMILY_INVITE_SELF',
      ]);
    }
  });

  it('refuses a second valid invitation to the same address (409), not one after it expired', async () => {
    const owner = await newOwner(t);
    const email = freshEmail();
    expect((await invite(owner.session, { email })).statusCode).toBe(201);
    const again = await invite(owner.session, { email: email.toUpperCase() });
    expect([again.statusCode, again.json().code]).toEqual([409, 'FAMILY_ALREADY_INVITED']);
    at('2026-03-17T09:00:01+01:00');
    try {
      expect((await invite(await owner.signIn(), { email })).statusCode).toBe(201);
    } finally {
      resetClock();
    }
  });

  it('fills up at the plan’s maximum: members plus valid invitations (409 FAMILY_FULL)', async () => {
    const owner = await newOwner(t);
    for (let i = 0; i < 4; i += 1) await invited(t, owner);
    const full = await invite(owner.session, { email: freshEmail() });
    expect([full.statusCode, full.json().code]).toEqual([409, 'FAMILY_FULL']);
    expect((await familyOf(owner.session)).json()).toMatchObject({
      maxMembers: 4,
      usedCount: 4,
      remainingCount: 0,
    });
  });

  it('frees the seat of a withdrawn or expired invitation', async () => {
    const owner = await newOwner(t);
    const first = await invited(t, owner);
    for (let i = 0; i < 3; i += 1) await invited(t, owner);
    expect((await withdraw(owner.session, first.invitationId)).statusCode).toBe(200);
    expect((await invite(owner.session, { email: freshEmail() })).statusCode).toBe(201);
    at('2026-03-17T09:00:01+01:00');
    try {
      const later = await owner.signIn();
      expect((await familyOf(later)).json()).toMatchObject({ usedCount: 0 });
      expect((await invite(later, { email: freshEmail() })).statusCode).toBe(201);
    } finally {
      resetClock();
    }
  });

  it('is the owner’s only: a plan without family sharing, a member and a reader without an account are refused (403)', async () => {
    for (const email of [
      'ung@demo.minside.no',
      'familie@demo.minside.no',
      'ingen@demo.minside.no',
      'avsluttet@demo.minside.no',
    ]) {
      const reader = await sessionFor(t, email);
      const response = await invite(reader, { email: freshEmail() });
      expect([email, response.statusCode, response.json().code]).toEqual([
        email,
        403,
        'FAMILY_SHARING_NOT_INCLUDED',
      ]);
    }
  });

  it('takes 10 invitations a day from one owner, then 429 with Retry-After', async () => {
    const owner = await newOwner(t);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await invite(owner.session, { email: freshEmail() });
      // Four seats: withdraw as we go, so only the daily limit stops the 11th.
      expect(response.statusCode).toBe(201);
      ids.push(response.json().invitationId);
      await withdraw(owner.session, response.json().invitationId);
    }
    const eleventh = await invite(owner.session, { email: freshEmail() });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('RATE_LIMITED');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the invitation link', () => {
  it('previews who invited whom to what, with the digital features only', async () => {
    const owner = await newOwner(t, { planId: COMBO_PLAN_ID, period: 'Årlig' });
    const { token } = await invited(t, owner);
    const invitee = await newInvitee(t);
    const response = await preview(invitee, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      state: 'valid',
      inviterName: expect.stringMatching(/^Eier Nummer/),
      titleCode: 'FVN',
      titleName: 'Fædrelandsvennen',
      planName: 'Papir + digital',
      features: ['content', 'e-paper', 'partner-content'],
      expiresAt: '2026-03-17T08:00:00.000Z',
      hasOwnActiveSubscription: false,
    });
    const subscriber = await sessionFor(t, 'papir@demo.minside.no');
    expect((await preview(subscriber, token)).json()).toMatchObject({
      hasOwnActiveSubscription: true,
    });
  });

  it('is not found for an unknown token (404), and needs a session (401)', async () => {
    const invitee = await newInvitee(t);
    for (const call of [preview, accept, decline]) {
      const response = await call(invitee, 'fi_unknown');
      expect([response.statusCode, response.json().code]).toEqual([
        404,
        'FAMILY_INVITATION_NOT_FOUND',
      ]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/family-invitations/preview',
      headers: spaHeaders(),
      payload: { token: 'fi_x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepting gives a reader without an account a digital share of the owner’s plan', async () => {
    const owner = await newOwner(t, { planId: COMBO_PLAN_ID, period: 'Årlig' });
    const { token, email } = await invited(t, owner);
    const invitee = await newInvitee(t);
    const response = await accept(invitee, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      titleCode: 'FVN',
      ariaPlanID: COMBO_PLAN_ID,
      planProductType: 'DIGITAL',
      instStatusCode: 61,
      status: 'ACTIVE_NON_BILLABLE',
      eligibleForSharing: false,
      paymentMethod: null,
      renewalDate: null,
      expiryDate: null,
      price: 0,
      isPaying: false,
      hasSubscription: true,
      features: ['content', 'e-paper', 'partner-content'],
    });
    // The owner sees the member; the seat the invitation held is the member's now.
    const family = (await familyOf(owner.session)).json() as Sharing;
    expect(family).toMatchObject({ usedCount: 1, remainingCount: 3 });
    expect(family.members).toEqual([
      expect.objectContaining({ displayName: expect.stringMatching(/^Invitert Person/) }),
    ]);
    expect(family.invitations).toEqual([]);
    // The owner is told; the invitee's page says MEMBER.
    const [told] = await messagesTo(t, owner.email);
    expect(told!.body).toMatch(/har godtatt invitasjonen og deler nå abonnementet ditt/);
    expect((await familyOf(invitee)).json()).toMatchObject({ role: 'MEMBER' });
    expect((await preview(invitee, token)).json()).toMatchObject({
      state: 'used',
      hasOwnActiveSubscription: true,
    });
    expect(email).toContain('@');
  });

  it('a share is never a paper subscription: the paper screens refuse it', async () => {
    const owner = await newOwner(t, { planId: COMBO_PLAN_ID, period: 'Årlig' });
    const { token } = await invited(t, owner);
    const invitee = await newInvitee(t);
    const share = (await accept(invitee, token)).json() as { subscriptionNo: string };
    const complaints = await invitee.request({
      method: 'GET',
      url: `/api/subscription/${share.subscriptionNo}/complaints`,
    });
    expect(complaints.json()).toMatchObject({ eligibility: 'NOT_PAPER' });
  });

  it('is single use: a replay, by the same reader or another, is 409 FAMILY_INVITATION_USED', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const first = await newInvitee(t);
    expect((await accept(first, token)).statusCode).toBe(200);
    for (const reader of [first, await newInvitee(t)]) {
      for (const call of [accept, decline]) {
        const replay = await call(reader, token);
        expect([replay.statusCode, replay.json().code]).toEqual([409, 'FAMILY_INVITATION_USED']);
      }
    }
    expect((await familyOf(owner.session)).json()).toMatchObject({ usedCount: 1 });
  });

  it('expires after 7 days by the clock: previewed as expired, refused with 409 FAMILY_INVITATION_EXPIRED', async () => {
    const owner = await newOwner(t);
    const { token, invitationId } = await invited(t, owner);
    at('2026-03-17T08:59:59+01:00');
    try {
      const invitee = await newInvitee(t);
      expect((await preview(invitee, token)).json()).toMatchObject({ state: 'valid' });
      at('2026-03-17T09:00:00+01:00');
      expect((await preview(invitee, token)).json()).toMatchObject({ state: 'expired' });
      for (const call of [accept, decline]) {
        const refused = await call(invitee, token);
        expect([refused.statusCode, refused.json().code]).toEqual([
          409,
          'FAMILY_INVITATION_EXPIRED',
        ]);
      }
      const family = (await familyOf(await owner.signIn())).json() as Sharing;
      expect(family.invitations).toEqual([
        expect.objectContaining({ invitationId, state: 'expired' }),
      ]);
    } finally {
      resetClock();
    }
  });

  it('a withdrawn invitation is 409 FAMILY_INVITATION_WITHDRAWN', async () => {
    const owner = await newOwner(t);
    const { token, invitationId } = await invited(t, owner);
    const withdrawn = await withdraw(owner.session, invitationId);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn', resendAvailableAt: null });
    const invitee = await newInvitee(t);
    expect((await preview(invitee, token)).json()).toMatchObject({ state: 'withdrawn' });
    const refused = await accept(invitee, token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'FAMILY_INVITATION_WITHDRAWN']);
  });

  it('declining frees the seat, tells the owner, and spends the token', async () => {
    const owner = await newOwner(t);
    const { token, email } = await invited(t, owner);
    const invitee = await sessionFor(t, 'papir@demo.minside.no');
    const declined = await decline(invitee, token);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ state: 'declined', hasOwnActiveSubscription: true });
    expect((await familyOf(owner.session)).json()).toMatchObject({ usedCount: 0 });
    const [told] = await messagesTo(t, owner.email);
    expect(told!.body).toContain(`Invitasjonen til ${email} ble avslått`);
    for (const call of [accept, decline]) {
      const again = await call(invitee, token);
      expect([again.statusCode, again.json().code]).toEqual([409, 'FAMILY_INVITATION_DECLINED']);
    }
  });

  it('refuses the wrong recipients: the owner, a reader with an own subscription, a member of another family (409)', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const self = await accept(owner.session, token);
    expect([self.statusCode, self.json().code]).toEqual([409, 'FAMILY_INVITE_SELF']);
    const selfDecline = await decline(owner.session, token);
    expect([selfDecline.statusCode, selfDecline.json().code]).toEqual([409, 'FAMILY_INVITE_SELF']);
    for (const email of ['papir@demo.minside.no', 'familie@demo.minside.no']) {
      const reader = await sessionFor(t, email);
      const refused = await accept(reader, token);
      expect([email, refused.statusCode, refused.json().code]).toEqual([
        email,
        409,
        'FAMILY_ACTIVE_SUBSCRIPTION',
      ]);
    }
    // Still valid for the one it is meant for.
    expect((await accept(await newInvitee(t), token)).statusCode).toBe(200);
  });

  it('is refused once the owner’s subscription no longer shares (409 FAMILY_SHARING_ENDED)', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    await t.db.query('update subscriptions set status_code = -2 where subscription_no = $1', [
      owner.subscriptionNo,
    ]);
    const refused = await accept(await newInvitee(t), token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'FAMILY_SHARING_ENDED']);
  });

  it('takes 30 previews, accepts and declines an hour from one reader, then 429', async () => {
    const invitee = await newInvitee(t);
    for (let i = 0; i < 30; i += 1) await preview(invitee, `fi_guess${i}`);
    const limited = await preview(invitee, 'fi_guess');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the owner’s invitations', () => {
  it('sending again makes a new token: the old link stops working, the new one works', async () => {
    const owner = await newOwner(t);
    const { token, invitationId, email } = await invited(t, owner);
    at('2026-03-10T09:30:00+01:00');
    try {
      const sent = await resend(await owner.signIn(), invitationId);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({
        invitationId,
        state: 'valid',
        sentAt: '2026-03-10T08:30:00.000Z',
        expiresAt: '2026-03-17T08:30:00.000Z',
      });
      const fresh = await tokenTo(t, email);
      expect(fresh).not.toBe(token);
      const invitee = await newInvitee(t);
      expect((await preview(invitee, token)).statusCode).toBe(404);
      expect((await accept(invitee, fresh)).statusCode).toBe(200);
    } finally {
      resetClock();
    }
  });

  it('sends one invitation again 3 times an hour, then 429 and says from when', async () => {
    const owner = await newOwner(t);
    const { invitationId } = await invited(t, owner);
    const times = ['09:01', '09:02', '09:03'];
    try {
      for (const time of times) {
        at(`2026-03-10T${time}:00+01:00`);
        expect((await resend(owner.session, invitationId)).statusCode).toBe(200);
      }
      at('2026-03-10T09:10:00+01:00');
      const limited = await resend(owner.session, invitationId);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe(String(51 * 60));
      const family = (await familyOf(owner.session)).json() as Sharing;
      expect(family.invitations[0]!.resendAvailableAt).toBe('2026-03-10T09:01:00.000Z');
      at('2026-03-10T10:01:00+01:00');
      expect((await resend(await owner.signIn(), invitationId)).statusCode).toBe(200);
    } finally {
      resetClock();
    }
  });

  it('sends an expired invitation again when a seat is free', async () => {
    const owner = await newOwner(t);
    const { invitationId, email } = await invited(t, owner);
    at('2026-03-20T09:00:00+01:00');
    try {
      const sent = await resend(await owner.signIn(), invitationId);
      expect(sent.json()).toMatchObject({ state: 'valid', expiresAt: '2026-03-27T08:00:00.000Z' });
      expect((await accept(await newInvitee(t), await tokenTo(t, email))).statusCode).toBe(200);
    } finally {
      resetClock();
    }
  });

  it('cannot send again or withdraw an answered invitation (409); withdrawing twice answers the same', async () => {
    const owner = await newOwner(t);
    const used = await invited(t, owner);
    await accept(await newInvitee(t), used.token);
    for (const call of [resend, withdraw]) {
      const refused = await call(owner.session, used.invitationId);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'FAMILY_INVITATION_USED']);
    }
    const declined = await invited(t, owner);
    await decline(await newInvitee(t), declined.token);
    const refused = await resend(owner.session, declined.invitationId);
    expect(refused.json().code).toBe('FAMILY_INVITATION_DECLINED');
    const pending = await invited(t, owner);
    const once = await withdraw(owner.session, pending.invitationId);
    const twice = await withdraw(owner.session, pending.invitationId);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(once.json());
    const resent = await resend(owner.session, pending.invitationId);
    expect(resent.json().code).toBe('FAMILY_INVITATION_WITHDRAWN');
  });
});

describe('members', () => {
  it('the owner removes a member: the share ends today, the member is told and offered their own', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const invitee = await newInvitee(t);
    const share = (await accept(invitee, token)).json() as { subscriptionNo: string };
    const [member] = ((await familyOf(owner.session)).json() as Sharing).members;
    const removed = await removeMember(owner.session, member!.memberId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      memberId: member!.memberId,
      displayName: member!.displayName,
      endedOn: '2026-03-10',
    });
    const [row] = await t.db.query<{ status_code: number; expiry_date: string }>(
      'select status_code, expiry_date::text from subscriptions where subscription_no = $1',
      [share.subscriptionNo],
    );
    expect(row).toEqual({ status_code: -3, expiry_date: '2026-03-10' });
    const [told] = await messagesTo(t, `${invitee.spidId}@demo.minside.no`);
    expect(told!.body).toContain('har fjernet deg fra familiedelingen på Fædrelandsvennen');
    expect(told!.body).toContain('/bestill-abonnement');
    expect((await familyOf(invitee)).json()).toMatchObject({ role: 'NONE', reason: 'NO_ACCESS' });
    expect((await familyOf(owner.session)).json()).toMatchObject({ usedCount: 0, members: [] });
    const again = await removeMember(owner.session, member!.memberId);
    expect([again.statusCode, again.json().code]).toEqual([404, 'FAMILY_MEMBER_NOT_FOUND']);
  });

  it('a member leaves: the share ends today and the owner is told; leaving twice is 404', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const invitee = await newInvitee(t);
    await accept(invitee, token);
    const left = await leave(invitee);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ memberId: expect.any(String), endedOn: '2026-03-10' });
    const [told] = await messagesTo(t, owner.email);
    expect(told!.body).toMatch(/deler ikke lenger abonnementet ditt på Fædrelandsvennen/);
    expect((await familyOf(owner.session)).json()).toMatchObject({ members: [], usedCount: 0 });
    const again = await leave(invitee);
    expect([again.statusCode, again.json().code]).toEqual([404, 'FAMILY_MEMBER_NOT_FOUND']);
    const notMember = await leave(owner.session);
    expect(notMember.statusCode).toBe(404);
  });

  it('a member who left can be invited again and join again', async () => {
    const owner = await newOwner(t);
    const first = await invited(t, owner);
    const invitee = await newInvitee(t);
    await accept(invitee, first.token);
    await leave(invitee);
    const second = await invited(t, owner);
    expect((await accept(invitee, second.token)).statusCode).toBe(200);
    expect((await familyOf(invitee)).json()).toMatchObject({ role: 'MEMBER' });
  });
});

describe('ids of another family are not found (IDOR)', () => {
  it('another owner’s invitation or member cannot be read, sent again, withdrawn or removed', async () => {
    const alice = await newOwner(t);
    const bob = await newOwner(t);
    const aliceInvitation = await invited(t, alice);
    const joined = await invited(t, alice);
    await accept(await newInvitee(t), joined.token);
    const [aliceMember] = ((await familyOf(alice.session)).json() as Sharing).members;

    for (const call of [
      () => resend(bob.session, aliceInvitation.invitationId),
      () => withdraw(bob.session, aliceInvitation.invitationId),
    ]) {
      const response = await call();
      expect([response.statusCode, response.json().code]).toEqual([
        404,
        'FAMILY_INVITATION_NOT_FOUND',
      ]);
    }
    const removal = await removeMember(bob.session, aliceMember!.memberId);
    expect([removal.statusCode, removal.json().code]).toEqual([404, 'FAMILY_MEMBER_NOT_FOUND']);
    // A member cannot act as the owner of the family either.
    const member = await sessionFor(t, 'familie@demo.minside.no');
    expect((await removeMember(member, aliceMember!.memberId)).statusCode).toBe(404);
    // Bob's page holds nothing of Alice's; Alice's is untouched.
    expect((await familyOf(bob.session)).json()).toMatchObject({ members: [], invitations: [] });
    expect((await familyOf(alice.session)).json()).toMatchObject({ usedCount: 2 });
  });

  it('an unknown id is 404 and a malformed one 400', async () => {
    const owner = await newOwner(t);
    const unknown = await withdraw(owner.session, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await withdraw(owner.session, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });
});
