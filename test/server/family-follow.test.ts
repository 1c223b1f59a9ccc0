// A family follows its owner's subscription (domain/family/follow.ts, run by the background
// work): the owner's cancellation ends the members' access on the owner's last day, undoing it
// lets them go on, the owner's expiry, suspension or a plan without family sharing ends them;
// each time the members are told (and offered their own subscription), the owner's pending
// invitations stop working, and a second run changes nothing.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { followOwners } from '../../src/server/domain/family/follow';
import { applyCommand } from '../../src/server/domain/subscriptions/lifecycle';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { SubscriptionStatus as S } from '../../src/shared/subscription/status';

import {
  accept,
  familyOf,
  invited,
  messagesTo,
  newInvitee,
  newOwner,
  type Owner,
  preview,
} from './family-support';
import type { TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();

beforeEach(() => t.clock.set(TEST_NOW));

interface Family {
  readonly owner: Owner;
  readonly member: TestSession;
  readonly memberEmail: string;
  readonly shareNo: string;
  /** A pending invitation's token. */
  readonly pendingToken: string;
}

/** An owner (renewing 2026-04-01) with one member and one pending invitation. */
async function family(): Promise<Family> {
  const owner = await newOwner(t, { renewalDate: '2026-04-01' });
  const { token } = await invited(t, owner);
  const member = await newInvitee(t);
  const share = (await accept(member, token)).json() as { subscriptionNo: string };
  const pending = await invited(t, owner);
  return {
    owner,
    member,
    memberEmail: `${member.spidId}@demo.minside.no`,
    shareNo: share.subscriptionNo,
    pendingToken: pending.token,
  };
}

async function share(no: string) {
  const [row] = await t.db.query<{ status_code: number; expiry_date: string | null }>(
    'select status_code, expiry_date::text as expiry_date from subscriptions where subscription_no = $1',
    [no],
  );
  return row!;
}

const ownerCommand = (f: Family, command: Parameters<typeof applyCommand>[2]) =>
  applyCommand(t.db, f.owner.subscriptionNo, command, { clock: t.clock, actor: 'user' });

describe('the owner cancels', () => {
  it('the member’s access ends on the owner’s last day; the member is told and offered their own', async () => {
    const f = await family();
    await ownerCommand(f, { kind: 'cancel', reason: 'price' });
    const run = await followOwners(t.db, t.clock);
    expect(run).toMatchObject({ ending: 1, ended: 0, continued: 0, failed: [] });
    expect(await share(f.shareNo)).toEqual({
      status_code: S.PENDING_TERMINATION,
      expiry_date: '2026-03-31',
    });
    expect((await familyOf(f.member)).json()).toMatchObject({
      role: 'MEMBER',
      membership: { endsOn: '2026-03-31' },
    });
    const [told] = await messagesTo(t, f.memberEmail);
    expect(told!.body).toContain('er sagt opp. Du har tilgang til og med 31. mars 2026.');
    expect(told!.body).toContain('Kjøp ditt eget abonnement på Min side');
    expect(told!.body).toContain('/bestill-abonnement');
    // The owner still shares until then: the pending invitation works.
    expect((await preview(f.member, f.pendingToken)).json()).toMatchObject({ state: 'valid' });
  });

  it('a second run (or a second instance at once) changes nothing and tells nobody twice', async () => {
    const f = await family();
    await ownerCommand(f, { kind: 'cancel', reason: 'price' });
    const runs = await Promise.all([followOwners(t.db, t.clock), followOwners(t.db, t.clock)]);
    expect(runs.reduce((n, r) => n + r.ending, 0)).toBe(1);
    expect(await followOwners(t.db, t.clock)).toMatchObject({ ending: 0, ended: 0, continued: 0 });
    expect(await messagesTo(t, f.memberEmail)).toHaveLength(1);
  });

  it('undoing the cancellation lets the member go on, and says so', async () => {
    const f = await family();
    await ownerCommand(f, { kind: 'cancel', reason: 'price' });
    await followOwners(t.db, t.clock);
    await ownerCommand(f, { kind: 'undoCancellation' });
    expect(await followOwners(t.db, t.clock)).toMatchObject({ continued: 1 });
    expect(await share(f.shareNo)).toEqual({
      status_code: S.ACTIVE_NON_BILLABLE,
      expiry_date: null,
    });
    const [told] = await messagesTo(t, f.memberEmail);
    expect(told!.body).toContain('har angret oppsigelsen');
    expect((await familyOf(f.member)).json()).toMatchObject({ membership: { endsOn: null } });
  });

  it('when the owner’s subscription expires, the member’s does too, and the invitations stop working', async () => {
    const f = await family();
    await ownerCommand(f, { kind: 'cancel', reason: 'price' });
    await followOwners(t.db, t.clock);
    t.clock.set('2026-04-01T09:00:00+02:00');
    await runDueJobs(t.db, t.clock);
    const run = await followOwners(t.db, t.clock);
    expect(run.invitationsWithdrawn).toBeGreaterThanOrEqual(1); // other families ended too
    expect(await share(f.shareNo)).toEqual({
      status_code: S.TERMINATED,
      expiry_date: '2026-03-31',
    });
    const reader = await newInvitee(t);
    expect((await preview(reader, f.pendingToken)).json()).toMatchObject({ state: 'withdrawn' });
    const refused = await accept(reader, f.pendingToken);
    expect(refused.json().code).toBe('FAMILY_INVITATION_WITHDRAWN');
  });

  it('a share accepted after the owner cancelled ends on the owner’s last day', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    const { token } = await invited(t, owner);
    await applyCommand(
      t.db,
      owner.subscriptionNo,
      { kind: 'cancel', reason: 'price' },
      { clock: t.clock, actor: 'user' },
    );
    const accepted = await accept(await newInvitee(t), token);
    expect(accepted.json()).toMatchObject({ instStatusCode: 3, expiryDate: '2026-03-31' });
    expect(await followOwners(t.db, t.clock)).toMatchObject({ ending: 0, ended: 0 });
  });
});

describe('the owner’s subscription stops sharing', () => {
  it('suspended (dunning): the member’s access ends today, and they are told', async () => {
    const f = await family();
    await ownerCommand(f, {
      kind: 'suspend',
      ariaInvoiceNo: '800000001',
      suspendsOn: '2026-03-10',
    });
    expect(await followOwners(t.db, t.clock)).toMatchObject({ ended: 1, invitationsWithdrawn: 1 });
    expect(await share(f.shareNo)).toEqual({
      status_code: S.TERMINATED,
      expiry_date: '2026-03-10',
    });
    const [told] = await messagesTo(t, f.memberEmail);
    expect(told!.body).toContain('deles ikke lenger. Tilgangen din er avsluttet.');
    expect(told!.body).toContain('/bestill-abonnement');
    expect((await familyOf(f.member)).json()).toMatchObject({ role: 'NONE', reason: 'NO_ACCESS' });
  });

  it('a plan change to a plan without family sharing ends the member’s access on the day it applies', async () => {
    const f = await family();
    await ownerCommand(f, {
      kind: 'schedulePlanChange',
      plan: { ariaPlanID: 'C-DIGITAL-UNG', period: 'Månedlig' },
    });
    // Scheduled only: the family goes on until the plan changes.
    expect(await followOwners(t.db, t.clock)).toMatchObject({ ended: 0, ending: 0 });
    t.clock.set('2026-04-01T09:00:00+02:00');
    await runDueJobs(t.db, t.clock);
    expect(await followOwners(t.db, t.clock)).toMatchObject({ ended: 1, invitationsWithdrawn: 1 });
    expect(await share(f.shareNo)).toEqual({
      status_code: S.TERMINATED,
      expiry_date: '2026-04-01',
    });
    expect((await familyOf(await f.owner.signIn())).json()).toMatchObject({
      role: 'NONE',
      reason: 'NOT_INCLUDED',
    });
  });

  it('leaves a family whose owner has nothing to change alone', async () => {
    const f = await family();
    await followOwners(t.db, t.clock);
    expect(await share(f.shareNo)).toEqual({
      status_code: S.ACTIVE_NON_BILLABLE,
      expiry_date: null,
    });
    expect(await messagesTo(t, f.memberEmail)).toHaveLength(0);
  });
});
