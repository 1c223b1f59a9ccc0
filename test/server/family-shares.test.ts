// The shared subscriptions of the lifecycle (a family member's share, a business seat) on the
// database: made with their audit event, ended now or later with the engine's share commands,
// the end called off, ended by the expiry job, and never taken by the reader's own commands.
import { beforeAll, describe, expect, it } from '@jest/globals';

import {
  applyCommand,
  insertSharedSubscription,
  subscriptionEvents,
} from '../../src/server/domain/subscriptions/lifecycle';
import { getSubscription } from '../../src/server/domain/subscriptions/subscriptions';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { SubscriptionStatus as S } from '../../src/shared/subscription/status';

import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();
let ownerSubscriptionNo: string;
let memberAccountNo: string;

beforeAll(async () => {
  const ownerAccountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
  const [owner] = await t.db.query<{ subscription_no: string }>(
    `select subscription_no from subscriptions where aria_account_no = $1 and title_code = 'FVN'`,
    [ownerAccountNo],
  );
  ownerSubscriptionNo = owner!.subscription_no;
  memberAccountNo = await demoAccountNo(t.db, 'ung@demo.minside.no');
});

const newFamilyShare = () =>
  t.db.transaction((tx) =>
    insertSharedSubscription(tx, {
      kind: 'family',
      ariaAccountNo: memberAccountNo,
      ownerSubscriptionNo,
      now: t.clock.now(),
    }),
  );

describe('a family share', () => {
  it('is ACTIVE_NON_BILLABLE on the owner’s plan, not sharable, paid by nobody, digital only', async () => {
    const no = await newFamilyShare();
    const share = await getSubscription(t.db, no);
    expect(share).toMatchObject({
      ariaAccountNo: memberAccountNo,
      titleCode: 'FVN',
      ariaPlanID: 'C-COMBO-PAPIR',
      planProductType: 'DIGITAL',
      instStatusCode: S.ACTIVE_NON_BILLABLE,
      eligibleForSharing: false,
      renewalDate: null,
      expiryDate: null,
      paymentMethod: null,
      price: 0,
      isPaying: false,
      hasSubscription: true,
      subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: null },
    });
    // The owner's paper plan: its digital features only, never paper or family-share.
    expect(share!.features).toEqual(['content', 'e-paper', 'partner-content']);
    const [event] = await subscriptionEvents(t.db, no);
    expect(event).toMatchObject({
      kind: 'startShare',
      fromStatus: S.INACTIVE,
      toStatus: S.ACTIVE_NON_BILLABLE,
      actor: 'user',
      detail: { share: 'family', ownerSubscriptionNo },
    });
  });

  it('ends later (PENDING_TERMINATION), is called off, and ends at once', async () => {
    const no = await newFamilyShare();
    const later = await applyCommand(
      t.db,
      no,
      { kind: 'endShare', on: '2026-04-01' },
      { clock: t.clock, actor: 'system' },
    );
    expect(later.subscription).toMatchObject({
      instStatusCode: S.PENDING_TERMINATION,
      expiryDate: '2026-04-01',
      hasSubscription: true,
    });
    const undone = await applyCommand(
      t.db,
      no,
      { kind: 'undoShareEnd' },
      { clock: t.clock, actor: 'system' },
    );
    expect(undone.subscription).toMatchObject({
      instStatusCode: S.ACTIVE_NON_BILLABLE,
      expiryDate: null,
    });
    const now = await applyCommand(
      t.db,
      no,
      { kind: 'endShare', on: '2026-03-10' },
      { clock: t.clock, actor: 'user' },
    );
    expect(now.subscription).toMatchObject({
      instStatusCode: S.TERMINATED,
      expiryDate: '2026-03-10',
      hasSubscription: false,
    });
    const kinds = (await subscriptionEvents(t.db, no)).map((e) => e.kind);
    expect(kinds).toEqual(['startShare', 'endShare', 'undoShareEnd', 'endShare']);
  });

  it('is ended by the expiry job the day after its last day', async () => {
    const no = await newFamilyShare();
    await applyCommand(
      t.db,
      no,
      { kind: 'endShare', on: '2026-03-12' },
      { clock: t.clock, actor: 'system' },
    );
    t.clock.set('2026-03-13T09:00:00+01:00');
    try {
      await runDueJobs(t.db, t.clock);
      expect((await getSubscription(t.db, no))!.instStatusCode).toBe(S.TERMINATED);
    } finally {
      t.clock.set('2026-03-10T09:00:00+01:00');
    }
  });

  it.each([
    { kind: 'cancel', reason: 'price' },
    { kind: 'reactivate' },
    { kind: 'schedulePlanChange', plan: { ariaPlanID: 'C-COMBO-PAPIR', period: 'Årlig' } },
  ] as const)('refuses the reader’s own command $kind (409)', async (command) => {
    const no = await newFamilyShare();
    await expect(
      applyCommand(t.db, no, command, { clock: t.clock, actor: 'user' }),
    ).rejects.toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it('refuses endShare on the owner’s own subscription (409)', async () => {
    await expect(
      applyCommand(
        t.db,
        ownerSubscriptionNo,
        { kind: 'endShare', on: '2026-03-10' },
        { clock: t.clock, actor: 'user' },
      ),
    ).rejects.toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });
});

describe('a business seat', () => {
  it('is ACTIVE, employee, on the given plan, with no payment method, and ends like a share', async () => {
    const [plan] = await t.db.query<{ id: number }>(
      `select id from plans where title_code = 'FVN' and aria_plan_id = 'C-DIGITAL-BEDRIFT'`,
    );
    // The demo company's agreement (the business migration's table).
    const [agreement] = await t.db.query<{ id: string }>(
      'select id::text as id from business_agreements order by id limit 1',
    );
    const no = await t.db.transaction((tx) =>
      insertSharedSubscription(tx, {
        kind: 'business-seat',
        ariaAccountNo: memberAccountNo,
        titleCode: 'FVN',
        planId: plan!.id,
        businessAgreementId: agreement!.id,
        now: t.clock.now(),
      }),
    );
    expect(await getSubscription(t.db, no)).toMatchObject({
      ariaPlanID: 'C-DIGITAL-BEDRIFT',
      instStatusCode: S.ACTIVE,
      eligibleForSharing: true,
      paymentMethod: null,
      renewalDate: null,
      isPaying: false,
      subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' },
    });
    const ended = await applyCommand(
      t.db,
      no,
      { kind: 'endShare', on: '2026-03-10' },
      { clock: t.clock, actor: 'user' },
    );
    expect(ended.subscription.instStatusCode).toBe(S.TERMINATED);
    await expect(
      applyCommand(t.db, no, { kind: 'reactivate' }, { clock: t.clock, actor: 'user' }),
    ).rejects.toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });
});
