// Family sharing under requests at once (Promise.all): one token is used once, a family never
// has more members than its plan allows, the last seat goes to one invitation, a reader joins
// one family of a title, and a member is removed once.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import { sha256 } from '../../src/server/crypto';

import {
  accept,
  familyOf,
  freshEmail,
  invite,
  invited,
  leave,
  newInvitee,
  newOwner,
  type Owner,
  removeMember,
} from './family-support';
import { buildTestApp } from './support';

const t = buildTestApp();

/**
 * Valid invitations stored beyond the seats the family has (as if the plan's maximum had been
 * lowered after they were sent): the accept is what must keep the maximum. Answers the tokens.
 */
async function extraInvitations(owner: Owner, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const token = `fi_test_${randomUUID()}`;
    const email = freshEmail();
    await t.db.query(
      `insert into family_invitations (id, owner_subscription_no, owner_account_no, title_code,
         channel, recipient, recipient_key, inviter_name, inviter_email, token_hash, state,
         sent_at, expires_at, created_at)
       values ($1, $2, $3, 'FVN', 'EMAIL', $4, $4, 'Eier', null, $5, 'valid', $6, $7, $6)`,
      [
        randomUUID(),
        owner.subscriptionNo,
        owner.ariaAccountNo,
        email,
        sha256(token),
        '2026-03-10T08:00:00Z',
        '2026-03-17T08:00:00Z',
      ],
    );
    tokens.push(token);
  }
  return tokens;
}

describe('at once', () => {
  it('two readers accepting one token: one gets the share, the other 409 FAMILY_INVITATION_USED', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const [a, b] = await Promise.all([newInvitee(t), newInvitee(t)]);
    const answers = await Promise.all([accept(a, token), accept(b, token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('FAMILY_INVITATION_USED');
    expect((await familyOf(owner.session)).json()).toMatchObject({ usedCount: 1 });
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from subscriptions where shared_from_subscription_no = $1`,
      [owner.subscriptionNo],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('six accepts for four seats: exactly four members, never more (409 FAMILY_FULL)', async () => {
    const owner = await newOwner(t);
    const tokens = await extraInvitations(owner, 6);
    const readers = await Promise.all(tokens.map(() => newInvitee(t)));
    const answers = await Promise.all(tokens.map((token, i) => accept(readers[i]!, token)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual([
      'FAMILY_FULL',
      'FAMILY_FULL',
    ]);
    const family = (await familyOf(owner.session)).json() as {
      members: unknown[];
      maxMembers: number;
      usedCount: number;
    };
    expect(family.members).toHaveLength(4);
    expect(family.maxMembers).toBe(4);
  });

  it('two invitations for the last seat: one is sent, the other 409 FAMILY_FULL', async () => {
    const owner = await newOwner(t);
    for (let i = 0; i < 3; i += 1) await invited(t, owner);
    const answers = await Promise.all([
      invite(owner.session, { email: freshEmail() }),
      invite(owner.session, { email: freshEmail() }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('FAMILY_FULL');
    expect((await familyOf(owner.session)).json()).toMatchObject({
      usedCount: 4,
      remainingCount: 0,
    });
  });

  it('one reader accepting two families’ invitations to a title: one share, then 409 FAMILY_ACTIVE_SUBSCRIPTION', async () => {
    const [alice, bob] = await Promise.all([newOwner(t), newOwner(t)]);
    const fromAlice = await invited(t, alice);
    const fromBob = await invited(t, bob);
    const reader = await newInvitee(t);
    const answers = await Promise.all([
      accept(reader, fromAlice.token),
      accept(reader, fromBob.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe(
      'FAMILY_ACTIVE_SUBSCRIPTION',
    );
    const shares = await t.db.query(
      `select 1 from subscriptions s join accounts a on a.aria_account_no = s.aria_account_no
        where a.spid_id = $1 and s.share_kind = 'family'`,
      [reader.spidId],
    );
    expect(shares).toHaveLength(1);
  });

  it('the owner removing a member while the member leaves: the share ends once', async () => {
    const owner = await newOwner(t);
    const { token } = await invited(t, owner);
    const member = await newInvitee(t);
    await accept(member, token);
    const [{ memberId }] = (
      (await familyOf(owner.session)).json() as { members: { memberId: string }[] }
    ).members as [{ memberId: string }];
    const answers = await Promise.all([removeMember(owner.session, memberId), leave(member)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const events = await t.db.query(
      `select e.kind from subscription_events e
         join subscriptions s on s.subscription_no = e.subscription_no
        where s.shared_from_subscription_no = $1 and e.kind = 'endShare'`,
      [owner.subscriptionNo],
    );
    expect(events).toHaveLength(1);
  });
});
