import { describe, expect, it } from '@jest/globals';

import {
  allowedStatuses,
  commandKinds,
  nextCharge,
  transition,
  type Command,
  type CommandKind,
  type EngineState,
  type PlanRef,
} from '../../src/server/domain/subscriptions/engine';
import { DomainError } from '../../src/server/errors';
import { cancellationReasons } from '../../src/shared/subscription/cancellation';
import {
  classifyPlanChange,
  currentPeriod,
  divideRounded,
  prorate,
  reactivationOffer,
  upgradeQuote,
} from '../../src/shared/subscription/proration';
import {
  statusCodes,
  statusName,
  SubscriptionStatus as S,
  type StatusCode,
} from '../../src/shared/subscription/status';
import { daysBetween, osloDateOf } from '../../src/shared/time/oslo';

const plan = (
  id: number,
  ariaPlanID: string,
  period: PlanRef['period'],
  priceOre: number,
): PlanRef => ({
  id,
  titleCode: 'FVN',
  ariaPlanID,
  period,
  priceOre,
  productType: 'DIGITAL',
});
const monthly = plan(1, 'C-DIGITAL-PREMIUM', 'Månedlig', 27900);
const monthlyPremium = plan(2, 'C-DIGITAL-PREMIUM', 'Månedlig Premium', 37900);
const yearly = plan(3, 'C-DIGITAL-PREMIUM', 'Årlig', 299000);
const quarterly = plan(5, 'C-DIGITAL-PREMIUM', 'Kvartalsvis', 79900);
const youth = plan(4, 'C-DIGITAL-UNG', 'Månedlig', 9900);
const otherTitle: PlanRef = { ...monthlyPremium, id: 9, titleCode: 'ADR' };

const TODAY = '2026-04-21';

function state(overrides: Partial<EngineState> = {}): EngineState {
  return {
    status: S.ACTIVE,
    plan: monthly,
    renewalDate: '2026-05-01',
    expiryDate: null,
    trialEnds: null,
    pendingChange: null,
    cancellation: null,
    paymentProvider: 'SWEDBANK-PPG',
    eligibleForSharing: true,
    subscriptionInfo1: null,
    ...overrides,
  };
}

/** Catches the DomainError a call throws (fails the test when it does not throw one). */
function domainError(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

// A state in which every command is due and valid except for the status it is in: so whether a
// command goes through depends on the status alone.
const permissive = (status: StatusCode) =>
  state({
    status,
    renewalDate: TODAY,
    expiryDate: '2026-04-20',
    trialEnds: '2026-04-20',
    pendingChange: { plan: yearly, effectiveDate: TODAY },
    cancellation: { reason: 'price', comment: null },
  });
const validCommands: Record<CommandKind, Command> = {
  activate: { kind: 'activate' },
  startTrial: { kind: 'startTrial', trialEnds: '2026-05-20' },
  cancel: { kind: 'cancel', reason: 'price', comment: 'For dyrt' },
  undoCancellation: { kind: 'undoCancellation' },
  expire: { kind: 'expire' },
  reactivate: { kind: 'reactivate' },
  renew: { kind: 'renew' },
  endTrial: { kind: 'endTrial' },
  schedulePlanChange: { kind: 'schedulePlanChange', plan: youth },
  withdrawPlanChange: { kind: 'withdrawPlanChange' },
  applyPlanChange: { kind: 'applyPlanChange' },
  upgradeNow: { kind: 'upgradeNow', plan: monthlyPremium },
  suspend: { kind: 'suspend', ariaInvoiceNo: '800000001', suspendsOn: TODAY },
  resume: { kind: 'resume' },
  withdraw: { kind: 'withdraw', lastDay: TODAY },
  endShare: { kind: 'endShare', on: TODAY },
  undoShareEnd: { kind: 'undoShareEnd' },
  scheduleConversion: {
    kind: 'scheduleConversion',
    plan: youth,
    on: '2026-05-21',
    reason: 'student-verification-ends',
  },
  withdrawConversion: { kind: 'withdrawConversion' },
  pause: { kind: 'pause', until: '2026-05-20' },
  endPause: { kind: 'endPause', until: '2026-05-20' },
  close: { kind: 'close' },
};

/** The share commands take a shared subscription; the others the reader's own. */
const permissiveFor = (kind: CommandKind, status: StatusCode) =>
  kind === 'endShare' || kind === 'undoShareEnd'
    ? { ...permissive(status), share: 'family' as const }
    : kind === 'withdrawConversion'
      ? {
          ...permissive(status),
          pendingChange: {
            plan: yearly,
            effectiveDate: TODAY,
            reason: 'youth-age-limit' as const,
          },
        }
      : permissive(status);

describe('the transition table over the status codes of requirements §4', () => {
  it('allows each command in exactly these statuses', () => {
    expect(
      Object.fromEntries(
        commandKinds.map((kind) => [kind, allowedStatuses[kind].map((code) => statusName(code))]),
      ),
    ).toEqual({
      activate: ['INACTIVE', 'PENDING_ACTIVATION'],
      startTrial: ['INACTIVE', 'PENDING_ACTIVATION'],
      cancel: ['ACTIVE', 'TRIAL', 'SUSPENDED'],
      undoCancellation: ['PENDING_CANCELLATION'],
      expire: ['PENDING_CANCELLATION', 'PENDING_TERMINATION', 'SUSPENDED'],
      reactivate: ['CANCELLED', 'TERMINATED'],
      renew: ['ACTIVE', 'ACTIVE_NON_BILLABLE'],
      endTrial: ['TRIAL'],
      schedulePlanChange: ['ACTIVE', 'TRIAL'],
      withdrawPlanChange: ['ACTIVE', 'TRIAL'],
      applyPlanChange: ['ACTIVE', 'TRIAL'],
      upgradeNow: ['ACTIVE', 'TRIAL'],
      suspend: ['ACTIVE', 'PENDING_CANCELLATION'],
      resume: ['SUSPENDED'],
      withdraw: ['ACTIVE', 'PENDING_CANCELLATION'],
      endShare: ['ACTIVE', 'ACTIVE_NON_BILLABLE', 'PENDING_TERMINATION'],
      undoShareEnd: ['PENDING_TERMINATION'],
      scheduleConversion: ['ACTIVE', 'TRIAL'],
      withdrawConversion: ['ACTIVE', 'TRIAL'],
      pause: ['ACTIVE'],
      endPause: ['PAUSED'],
      close: [
        'ACTIVE',
        'TRIAL',
        'SUSPENDED',
        'PENDING_CANCELLATION',
        'PENDING_TERMINATION',
        'ACTIVE_NON_BILLABLE',
        'PAUSED',
      ],
    });
  });

  const cases = commandKinds.flatMap((kind) =>
    statusCodes.map((code) => ({
      kind,
      code,
      name: statusName(code),
      allowed: (allowedStatuses[kind] as readonly number[]).includes(code),
    })),
  );

  it.each(cases.filter((c) => c.allowed))('$kind is allowed in $name', ({ kind, code }) => {
    expect(() => transition(permissiveFor(kind, code), validCommands[kind], TODAY)).not.toThrow();
  });

  it.each(cases.filter((c) => !c.allowed))(
    '$kind is refused in $name with SUBSCRIPTION_STATE_CONFLICT',
    ({ kind, code, name }) => {
      const error = domainError(() =>
        transition(permissiveFor(kind, code), validCommands[kind], TODAY),
      );
      expect(error).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_STATE_CONFLICT' });
      expect(error.message).toBe(`Cannot ${kind} a subscription that is ${name}`);
    },
  );

  it('never changes the state it is given', () => {
    const before = Object.freeze(permissive(S.ACTIVE));
    const copy = structuredClone(before);
    transition(before, validCommands.cancel, TODAY);
    transition(before, validCommands.upgradeNow, TODAY);
    expect(before).toEqual(copy);
  });
});

describe('shared subscriptions: a family share or a business seat', () => {
  const familyShare = (overrides: Partial<EngineState> = {}) =>
    state({
      status: S.ACTIVE_NON_BILLABLE,
      renewalDate: null,
      paymentProvider: null,
      eligibleForSharing: false,
      share: 'family',
      ...overrides,
    });
  const seat = (overrides: Partial<EngineState> = {}) =>
    state({
      status: S.ACTIVE,
      renewalDate: null,
      paymentProvider: null,
      subscriptionInfo1: 'employee',
      share: 'business-seat',
      ...overrides,
    });

  it('endShare on today or earlier terminates it today', () => {
    for (const on of [TODAY, '2026-01-01']) {
      const { state: next, effects } = transition(familyShare(), { kind: 'endShare', on }, TODAY);
      expect(next).toMatchObject({ status: S.TERMINATED, expiryDate: TODAY, renewalDate: null });
      expect(effects).toEqual([]);
    }
  });

  it('endShare on a later day keeps access until then (PENDING_TERMINATION), then expires', () => {
    const ending = transition(seat(), { kind: 'endShare', on: '2026-05-10' }, TODAY).state;
    expect(ending).toMatchObject({ status: S.PENDING_TERMINATION, expiryDate: '2026-05-10' });
    expect(() => transition(ending, { kind: 'expire' }, '2026-05-10')).toThrow(DomainError);
    expect(transition(ending, { kind: 'expire' }, '2026-05-11').state.status).toBe(S.TERMINATED);
  });

  it('endShare on a share that is ending already moves its end', () => {
    const ending = familyShare({ status: S.PENDING_TERMINATION, expiryDate: '2026-06-01' });
    expect(transition(ending, { kind: 'endShare', on: '2026-05-01' }, TODAY).state).toMatchObject({
      status: S.PENDING_TERMINATION,
      expiryDate: '2026-05-01',
    });
    expect(transition(ending, { kind: 'endShare', on: TODAY }, TODAY).state.status).toBe(
      S.TERMINATED,
    );
  });

  it('undoShareEnd puts a share back to its running status, without an end', () => {
    const family = familyShare({ status: S.PENDING_TERMINATION, expiryDate: '2026-06-01' });
    expect(transition(family, { kind: 'undoShareEnd' }, TODAY).state).toMatchObject({
      status: S.ACTIVE_NON_BILLABLE,
      expiryDate: null,
    });
    const ending = seat({ status: S.PENDING_TERMINATION, expiryDate: '2026-06-01' });
    expect(transition(ending, { kind: 'undoShareEnd' }, TODAY).state.status).toBe(S.ACTIVE);
  });

  it.each([
    ['cancel', validCommands.cancel],
    ['reactivate', validCommands.reactivate],
    ['schedulePlanChange', validCommands.schedulePlanChange],
    ['upgradeNow', validCommands.upgradeNow],
    ['withdraw', validCommands.withdraw],
    ['suspend', validCommands.suspend],
  ] as const)('refuses %s on a share: it is the owner’s or the company’s', (_kind, command) => {
    const status = command.kind === 'reactivate' ? S.TERMINATED : S.ACTIVE;
    const error = domainError(() =>
      transition(seat({ status, renewalDate: TODAY, expiryDate: '2026-04-20' }), command, TODAY),
    );
    expect(error).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it('refuses the share commands on the reader’s own subscription', () => {
    expect(
      domainError(() => transition(state(), { kind: 'endShare', on: TODAY }, TODAY)),
    ).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
    expect(
      domainError(() =>
        transition(
          state({ status: S.PENDING_TERMINATION, expiryDate: TODAY }),
          { kind: 'undoShareEnd' },
          TODAY,
        ),
      ),
    ).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it('never charges a share, not even when it comes up for renewal', () => {
    const due = seat({ renewalDate: TODAY, subscriptionInfo1: null });
    expect(transition(due, { kind: 'renew' }, TODAY).effects).toEqual([]);
    expect(nextCharge(familyShare({ status: S.ACTIVE, renewalDate: TODAY }))).toBeNull();
  });
});

describe('activate and startTrial', () => {
  it('activates a paid order: ACTIVE, renewal one period from today, no charge here', () => {
    const result = transition(
      state({ status: S.PENDING_ACTIVATION, renewalDate: null }),
      { kind: 'activate' },
      TODAY,
    );
    expect(result.state).toMatchObject({
      status: S.ACTIVE,
      renewalDate: '2026-05-21',
      expiryDate: null,
    });
    expect(result.effects).toEqual([]);
    const yearlyOrder = state({ status: S.INACTIVE, plan: yearly, renewalDate: null });
    expect(transition(yearlyOrder, { kind: 'activate' }, '2028-02-29').state.renewalDate).toBe(
      '2029-02-28',
    );
  });

  it('clamps the renewal date to the end of a shorter month', () => {
    const order = state({ status: S.INACTIVE, renewalDate: null });
    expect(transition(order, { kind: 'activate' }, '2026-01-31').state.renewalDate).toBe(
      '2026-02-28',
    );
    expect(transition(order, { kind: 'activate' }, '2028-01-31').state.renewalDate).toBe(
      '2028-02-29',
    );
    expect(transition(order, { kind: 'activate' }, '2026-03-31').state.renewalDate).toBe(
      '2026-04-30',
    );
  });

  it('starts a trial to its last free day; the first paid day is the day after', () => {
    const result = transition(
      state({ status: S.INACTIVE, renewalDate: null }),
      { kind: 'startTrial', trialEnds: '2026-05-20' },
      TODAY,
    );
    expect(result.state).toMatchObject({
      status: S.TRIAL,
      trialEnds: '2026-05-20',
      renewalDate: '2026-05-21',
    });
    expect(result.effects).toEqual([]);
  });

  it('refuses a trial that ends before today', () => {
    expect(
      domainError(() =>
        transition(
          state({ status: S.INACTIVE }),
          { kind: 'startTrial', trialEnds: '2026-04-20' },
          TODAY,
        ),
      ),
    ).toMatchObject({ kind: 'invalid', code: 'TRIAL_END_IN_PAST', field: 'trialEnds' });
  });
});

describe('cancel', () => {
  it.each([undefined, null, ''])('requires a reason (%p)', (reason) => {
    expect(domainError(() => transition(state(), { kind: 'cancel', reason }, TODAY))).toMatchObject(
      {
        kind: 'invalid',
        code: 'CANCELLATION_REASON_REQUIRED',
        field: 'reason',
      },
    );
  });

  it('accepts only the fixed list of reasons', () => {
    expect(
      domainError(() => transition(state(), { kind: 'cancel', reason: 'bored' }, TODAY)),
    ).toMatchObject({
      code: 'CANCELLATION_REASON_UNKNOWN',
      field: 'reason',
    });
    for (const reason of cancellationReasons)
      expect(
        transition(state(), { kind: 'cancel', reason }, TODAY).state.cancellation?.reason,
      ).toBe(reason);
  });

  it('keeps the comment trimmed, empty as none, and refuses one over 1000 characters', () => {
    const cancel = (comment: string) =>
      transition(state(), { kind: 'cancel', reason: 'other', comment }, TODAY);
    expect(cancel('  Flytter utenlands  ').state.cancellation).toEqual({
      reason: 'other',
      comment: 'Flytter utenlands',
    });
    expect(cancel('   ').state.cancellation).toEqual({ reason: 'other', comment: null });
    expect(domainError(() => cancel('x'.repeat(1001)))).toMatchObject({
      code: 'CANCELLATION_COMMENT_TOO_LONG',
      field: 'comment',
    });
  });

  it('runs to the last day paid for: the day before the renewal date; the change in waiting goes', () => {
    const result = transition(
      state({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } }),
      { kind: 'cancel', reason: 'price' },
      TODAY,
    );
    expect(result.state).toMatchObject({
      status: S.PENDING_CANCELLATION,
      expiryDate: '2026-04-30',
      renewalDate: null,
      pendingChange: null,
      cancellation: { reason: 'price', comment: null },
    });
    expect(result.effects).toEqual([]);
  });

  it('ends on the last day of February when the renewal is on 1 March', () => {
    const cancel = (renewalDate: string) =>
      transition(state({ renewalDate }), { kind: 'cancel', reason: 'time' }, '2026-02-10').state
        .expiryDate;
    expect(cancel('2026-03-01')).toBe('2026-02-28');
    expect(
      transition(
        state({ renewalDate: '2028-03-01' }),
        { kind: 'cancel', reason: 'time' },
        '2028-02-10',
      ).state.expiryDate,
    ).toBe('2028-02-29');
  });

  it('ends a cancelled trial on its last free day', () => {
    const trial = state({ status: S.TRIAL, trialEnds: '2026-05-09', renewalDate: '2026-05-10' });
    expect(transition(trial, { kind: 'cancel', reason: 'content' }, TODAY).state).toMatchObject({
      status: S.PENDING_CANCELLATION,
      expiryDate: '2026-05-09',
      renewalDate: null,
    });
    // A trial stored without its end: the day before the first paid day.
    const legacy = state({ status: S.TRIAL, trialEnds: null, renewalDate: '2026-05-10' });
    expect(transition(legacy, { kind: 'cancel', reason: 'content' }, TODAY).state.expiryDate).toBe(
      '2026-05-09',
    );
  });

  it('never ends in the past when the renewal is due but has not run yet', () => {
    expect(
      transition(state({ renewalDate: TODAY }), { kind: 'cancel', reason: 'price' }, TODAY).state
        .expiryDate,
    ).toBe(TODAY);
  });
});

describe('undoCancellation, expire and reactivate', () => {
  const cancelled = transition(
    state(),
    { kind: 'cancel', reason: 'price', comment: 'dyrt' },
    TODAY,
  ).state;

  it('undoes a cancellation: ACTIVE, renewal restored to the day after the expiry date', () => {
    const result = transition(cancelled, { kind: 'undoCancellation' }, TODAY);
    expect(result.state).toEqual(state());
    expect(result.effects).toEqual([]);
    const endOfMonth = state({
      status: S.PENDING_CANCELLATION,
      renewalDate: null,
      expiryDate: '2026-03-31',
    });
    expect(transition(endOfMonth, { kind: 'undoCancellation' }, '2026-03-20').state).toMatchObject({
      status: S.ACTIVE,
      renewalDate: '2026-04-01',
      expiryDate: null,
    });
  });

  it('puts a cancelled trial back into its trial', () => {
    const trial = state({ status: S.TRIAL, trialEnds: '2026-05-09', renewalDate: '2026-05-10' });
    const cancelledTrial = transition(trial, { kind: 'cancel', reason: 'time' }, TODAY).state;
    expect(transition(cancelledTrial, { kind: 'undoCancellation' }, TODAY).state).toEqual(trial);
  });

  it('expires on the day after the expiry date, not on it', () => {
    const pending = state({
      status: S.PENDING_CANCELLATION,
      renewalDate: null,
      expiryDate: '2026-04-30',
    });
    expect(domainError(() => transition(pending, { kind: 'expire' }, '2026-04-30'))).toMatchObject({
      kind: 'conflict',
      code: 'SUBSCRIPTION_NOT_DUE',
    });
    const result = transition(pending, { kind: 'expire' }, '2026-05-01');
    expect(result.state).toMatchObject({
      status: S.CANCELLED,
      expiryDate: '2026-04-30',
      renewalDate: null,
    });
    expect(result.effects).toEqual([]);
    const terminating = { ...pending, status: S.PENDING_TERMINATION };
    expect(transition(terminating, { kind: 'expire' }, '2026-05-02').state.status).toBe(
      S.TERMINATED,
    );
  });

  it('reactivates a monthly plan with the offer: 3 months for the price of 1', () => {
    const ended = state({
      status: S.CANCELLED,
      renewalDate: null,
      expiryDate: '2026-03-31',
      cancellation: { reason: 'price', comment: null },
    });
    const result = transition(ended, { kind: 'reactivate' }, TODAY);
    expect(result.state).toMatchObject({
      status: S.ACTIVE,
      renewalDate: '2026-07-21',
      expiryDate: null,
      cancellation: null,
    });
    expect(result.effects).toEqual([
      {
        kind: 'charge',
        amountOre: 27900,
        currency: 'NOK',
        reason: 'reactivation-offer',
        planId: 1,
        periodStart: TODAY,
        periodEnd: '2026-07-20',
        provider: 'SWEDBANK-PPG',
        basis: { months: 3, ordinaryAmountOre: 83700 },
      },
    ]);
    const premium = transition(
      { ...ended, status: S.TERMINATED, plan: monthlyPremium },
      { kind: 'reactivate' },
      TODAY,
    );
    expect(premium.effects[0]).toMatchObject({
      amountOre: 37900,
      basis: { ordinaryAmountOre: 113700 },
    });
  });

  it('reactivates a yearly plan at its ordinary price for one period (no offer)', () => {
    const ended = state({ status: S.CANCELLED, plan: yearly, renewalDate: null });
    const result = transition(ended, { kind: 'reactivate' }, TODAY);
    expect(result.state.renewalDate).toBe('2027-04-21');
    expect(result.effects).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountOre: 299000,
        reason: 'reactivation',
        periodEnd: '2027-04-20',
      }),
    ]);
  });

  it('computes the offer from the monthly price, only for monthly plans', () => {
    expect(reactivationOffer(monthly)).toEqual({
      amountOre: 27900,
      months: 3,
      ordinaryAmountOre: 83700,
    });
    expect(reactivationOffer(youth)).toEqual({
      amountOre: 9900,
      months: 3,
      ordinaryAmountOre: 29700,
    });
    expect(reactivationOffer(yearly)).toBeNull();
    expect(reactivationOffer(quarterly)).toBeNull();
  });
});

describe('suspend: a giro invoice still unpaid on the day its reminder named (dunning)', () => {
  const command = { kind: 'suspend', ariaInvoiceNo: '800000001', suspendsOn: TODAY } as const;

  it('stops access on that day with its dates as they were, charging nothing', () => {
    const active = state({ paymentProvider: 'BANKGIRO' });
    const result = transition(active, command, TODAY);
    expect(result.state).toEqual({ ...active, status: S.SUSPENDED });
    expect(result.effects).toEqual([]);
    // resume gives back exactly what was there.
    expect(transition(result.state, { kind: 'resume' }, TODAY).state).toEqual(active);
  });

  it('is not due the day before', () => {
    const error = domainError(() =>
      transition(state(), { ...command, suspendsOn: '2026-04-22' }, TODAY),
    );
    expect(error).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_NOT_DUE' });
  });
});

describe('resume: a suspended subscription whose invoice is paid', () => {
  it('becomes active again with its dates as they were, charging nothing', () => {
    const suspended = state({ status: S.SUSPENDED });
    const result = transition(suspended, { kind: 'resume' }, TODAY);
    expect(result.state).toEqual({ ...suspended, status: S.ACTIVE });
    expect(result.effects).toEqual([]);
  });
});

describe('close: the reader’s data is erased', () => {
  it('ends the reader’s own subscription today, with nothing left to renew, change or discount', () => {
    const active = state({
      pendingChange: { plan: yearly, effectiveDate: '2026-05-01' },
      discount: { amountOff: null, percentOff: 50, periodsLeft: 2 },
    });
    const result = transition(active, { kind: 'close' }, TODAY);
    expect(result.state).toEqual({
      ...active,
      status: S.CANCELLED,
      expiryDate: TODAY,
      renewalDate: null,
      pendingChange: null,
      cancellation: null,
      discount: null,
    });
    expect(result.effects).toEqual([]);
  });

  it('ends a share as a share ends, and one cancelled for later at once', () => {
    const share = state({ status: S.ACTIVE_NON_BILLABLE, share: 'family' });
    expect(transition(share, { kind: 'close' }, TODAY).state).toMatchObject({
      status: S.TERMINATED,
      expiryDate: TODAY,
    });
    const pending = state({
      status: S.PENDING_CANCELLATION,
      renewalDate: null,
      expiryDate: '2026-04-30',
      cancellation: { reason: 'price', comment: null },
    });
    expect(transition(pending, { kind: 'close' }, TODAY).state).toMatchObject({
      status: S.CANCELLED,
      expiryDate: TODAY,
    });
  });
});

describe('withdraw: the right of withdrawal ends it at once', () => {
  it('cancels today, with nothing left to renew, change or discount, and bills nothing', () => {
    const active = state({
      pendingChange: { plan: yearly, effectiveDate: '2026-05-01' },
      discount: { amountOff: null, percentOff: 50, periodsLeft: 2 },
    });
    const result = transition(active, { kind: 'withdraw', lastDay: TODAY }, TODAY);
    expect(result.state).toEqual({
      ...active,
      status: S.CANCELLED,
      expiryDate: TODAY,
      renewalDate: null,
      pendingChange: null,
      cancellation: null,
      discount: null,
    });
    expect(result.effects).toEqual([]);
  });

  it('also ends one already cancelled for later', () => {
    const pending = state({
      status: S.PENDING_CANCELLATION,
      renewalDate: null,
      expiryDate: '2026-04-30',
      cancellation: { reason: 'price', comment: null },
    });
    const { state: after } = transition(pending, { kind: 'withdraw', lastDay: TODAY }, TODAY);
    expect(after).toMatchObject({ status: S.CANCELLED, expiryDate: TODAY, cancellation: null });
  });

  it('is refused the day after the last day of the right', () => {
    const error = domainError(() =>
      transition(state(), { kind: 'withdraw', lastDay: '2026-04-20' }, TODAY),
    );
    expect(error).toMatchObject({ kind: 'conflict', code: 'WITHDRAWAL_PERIOD_OVER' });
  });
});

describe('renew: at the ordinary price, no binding (requirements §9)', () => {
  it('takes a discount off while it has periods left, then the ordinary price', () => {
    const discount = { amountOff: null, percentOff: 50, periodsLeft: 1 };
    const first = transition(state({ discount }), { kind: 'renew' }, '2026-05-01');
    expect(first.effects.map((e) => e.amountOre)).toEqual([13950]);
    expect(first.state.discount).toEqual({ ...discount, periodsLeft: 0 });
    const second = transition(first.state, { kind: 'renew' }, '2026-06-01');
    expect(second.effects.map((e) => e.amountOre)).toEqual([27900]);
    const amount = transition(
      state({ discount: { amountOff: 10000, percentOff: null, periodsLeft: 2 } }),
      { kind: 'renew' },
      '2026-05-01',
    );
    expect(amount.effects.map((e) => e.amountOre)).toEqual([17900]);
  });

  it('is not due before the renewal date', () => {
    expect(domainError(() => transition(state(), { kind: 'renew' }, '2026-04-30'))).toMatchObject({
      kind: 'conflict',
      code: 'SUBSCRIPTION_NOT_DUE',
    });
  });

  it('moves the renewal date one period on and charges the plan price for that period', () => {
    const result = transition(state(), { kind: 'renew' }, '2026-05-01');
    expect(result.state).toEqual(state({ renewalDate: '2026-06-01' }));
    expect(result.effects).toEqual([
      {
        kind: 'charge',
        amountOre: 27900,
        currency: 'NOK',
        reason: 'renewal',
        planId: 1,
        periodStart: '2026-05-01',
        periodEnd: '2026-05-31',
        provider: 'SWEDBANK-PPG',
      },
    ]);
  });

  it.each([
    ['monthly from 31 January', '2026-01-31', '2026-02-28', monthly],
    ['monthly in a leap year', '2028-01-31', '2028-02-29', monthly],
    ['monthly from 31 March', '2026-03-31', '2026-04-30', monthly],
    ['quarterly from 30 November', '2025-11-30', '2026-02-28', quarterly],
    ['yearly from 29 February', '2028-02-29', '2029-02-28', yearly],
    ['monthly over the spring DST change', '2026-03-29', '2026-04-29', monthly],
    ['monthly over the autumn DST change', '2026-10-25', '2026-11-25', monthly],
    ['yearly over the new year', '2026-12-31', '2027-12-31', yearly],
  ])('%s: renewal %s → %s', (_name, renewalDate, next, p) => {
    expect(
      transition(state({ plan: p, renewalDate }), { kind: 'renew' }, renewalDate).state.renewalDate,
    ).toBe(next);
  });

  it('renews one period at a time from the renewal date, not from today, when late', () => {
    expect(
      transition(state({ renewalDate: '2026-03-01' }), { kind: 'renew' }, TODAY).state.renewalDate,
    ).toBe('2026-04-01');
  });

  it('invoices giro and AvtaleGiro subscribers; charges card, Vipps and mobile', () => {
    const kind = (paymentProvider: EngineState['paymentProvider']) =>
      transition(state({ paymentProvider }), { kind: 'renew' }, '2026-05-01').effects[0]?.kind;
    expect(kind('SWEDBANK-PPG')).toBe('charge');
    expect(kind('VIPPS')).toBe('charge');
    expect(kind('STREX')).toBe('charge');
    expect(kind('BANKGIRO')).toBe('invoice');
    expect(kind('AVTALEGIRO')).toBe('invoice');
    expect(kind(null)).toBe('invoice');
  });

  it('charges nothing to non-billable and business subscriptions, but still moves the date', () => {
    const nonBillable = transition(
      state({ status: S.ACTIVE_NON_BILLABLE }),
      { kind: 'renew' },
      '2026-05-01',
    );
    expect(nonBillable).toEqual({
      state: state({ status: S.ACTIVE_NON_BILLABLE, renewalDate: '2026-06-01' }),
      effects: [],
    });
    for (const subscriptionInfo1 of ['admin', 'employee']) {
      const business = transition(
        state({ plan: yearly, subscriptionInfo1, paymentProvider: 'BANKGIRO' }),
        { kind: 'renew' },
        '2026-05-01',
      );
      expect(business.effects).toEqual([]);
      expect(business.state.renewalDate).toBe('2027-05-01');
    }
  });
});

describe('endTrial', () => {
  const trial = state({ status: S.TRIAL, trialEnds: '2026-04-30', renewalDate: '2026-05-01' });

  it('is not due on the last free day', () => {
    expect(domainError(() => transition(trial, { kind: 'endTrial' }, '2026-04-30')).code).toBe(
      'SUBSCRIPTION_NOT_DUE',
    );
  });

  it('becomes ACTIVE the day after, charging the first period from the first paid day', () => {
    const result = transition(trial, { kind: 'endTrial' }, '2026-05-01');
    expect(result.state).toMatchObject({
      status: S.ACTIVE,
      renewalDate: '2026-06-01',
      trialEnds: '2026-04-30',
    });
    expect(result.effects).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountOre: 27900,
        reason: 'trial-conversion',
        periodStart: '2026-05-01',
        periodEnd: '2026-05-31',
      }),
    ]);
  });

  it('charges nothing for a business trial', () => {
    expect(
      transition({ ...trial, subscriptionInfo1: 'admin' }, { kind: 'endTrial' }, '2026-05-01')
        .effects,
    ).toEqual([]);
  });
});

describe('plan changes', () => {
  it('classifies a change: dearer over the same period is an upgrade; the rest waits', () => {
    expect(classifyPlanChange(monthly, monthly)).toBe('same');
    expect(classifyPlanChange(monthly, monthlyPremium)).toBe('upgrade');
    expect(classifyPlanChange(monthlyPremium, monthly)).toBe('downgrade');
    expect(classifyPlanChange(monthly, youth)).toBe('downgrade');
    expect(classifyPlanChange(monthly, yearly)).toBe('period-change');
    expect(classifyPlanChange(yearly, quarterly)).toBe('period-change');
  });

  it('schedules a downgrade or a period change for the next renewal date, with no charge', () => {
    for (const target of [youth, yearly]) {
      const result = transition(state(), { kind: 'schedulePlanChange', plan: target }, TODAY);
      expect(result.state).toEqual(
        state({ pendingChange: { plan: target, effectiveDate: '2026-05-01' } }),
      );
      expect(result.effects).toEqual([]);
    }
  });

  it('refuses to schedule an upgrade, the same plan or another title’s plan', () => {
    const schedule = (p: PlanRef) =>
      domainError(() => transition(state(), { kind: 'schedulePlanChange', plan: p }, TODAY));
    expect(schedule(monthlyPremium)).toMatchObject({
      kind: 'invalid',
      code: 'PLAN_CHANGE_IS_UPGRADE',
    });
    expect(schedule(monthly)).toMatchObject({ kind: 'invalid', code: 'PLAN_CHANGE_SAME_PLAN' });
    expect(schedule({ ...youth, titleCode: 'ADR' })).toMatchObject({
      kind: 'invalid',
      code: 'PLAN_NOT_AVAILABLE',
    });
  });

  it('withdraws a pending change; without one there is nothing to withdraw', () => {
    const pending = state({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } });
    expect(transition(pending, { kind: 'withdrawPlanChange' }, TODAY).state).toEqual(state());
    expect(
      domainError(() => transition(state(), { kind: 'withdrawPlanChange' }, TODAY)),
    ).toMatchObject({
      kind: 'conflict',
      code: 'NO_PENDING_PLAN_CHANGE',
    });
  });

  it('applies the change on its date, and the renewal then charges the new plan', () => {
    const pending = state({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } });
    expect(
      domainError(() => transition(pending, { kind: 'applyPlanChange' }, '2026-04-30')).code,
    ).toBe('SUBSCRIPTION_NOT_DUE');
    const applied = transition(pending, { kind: 'applyPlanChange' }, '2026-05-01');
    expect(applied).toEqual({ state: state({ plan: yearly }), effects: [] });
    const renewed = transition(applied.state, { kind: 'renew' }, '2026-05-01');
    expect(renewed.state.renewalDate).toBe('2027-05-01');
    expect(renewed.effects).toEqual([
      expect.objectContaining({ amountOre: 299000, planId: 3, periodEnd: '2027-04-30' }),
    ]);
  });

  it('upgrades now, charging the prorated difference: 279 kr → 379 kr with 10 of 30 days left is 33,33 kr', () => {
    const pending = state({ pendingChange: { plan: youth, effectiveDate: '2026-05-01' } });
    const result = transition(pending, { kind: 'upgradeNow', plan: monthlyPremium }, '2026-04-21');
    expect(result.state).toEqual(state({ plan: monthlyPremium }));
    expect(result.effects).toEqual([
      {
        kind: 'charge',
        amountOre: 3333,
        currency: 'NOK',
        reason: 'upgrade',
        planId: 2,
        periodStart: '2026-04-21',
        periodEnd: '2026-04-30',
        provider: 'SWEDBANK-PPG',
        basis: { fromPriceOre: 27900, toPriceOre: 37900, remainingDays: 10, periodDays: 30 },
      },
    ]);
  });

  it('charges nothing to upgrade on the renewal date (the renewal charges the new price)', () => {
    expect(
      transition(state(), { kind: 'upgradeNow', plan: monthlyPremium }, '2026-05-01').effects,
    ).toEqual([]);
  });

  it('charges nothing to upgrade a trial', () => {
    const trial = state({ status: S.TRIAL, trialEnds: '2026-04-30' });
    const result = transition(trial, { kind: 'upgradeNow', plan: monthlyPremium }, TODAY);
    expect(result.state.plan).toEqual(monthlyPremium);
    expect(result.effects).toEqual([]);
  });

  it('refuses as an upgrade what is not one', () => {
    for (const p of [youth, yearly, monthly, otherTitle])
      expect(
        domainError(() => transition(state(), { kind: 'upgradeNow', plan: p }, TODAY)).kind,
      ).toBe('invalid');
  });
});

describe('proration on whole øre', () => {
  it('rounds the exact fraction to the nearest øre, halves away from zero', () => {
    expect(prorate(27900, 37900, 10, 30)).toBe(3333); // 3333.33…
    expect(prorate(27900, 37900, 20, 30)).toBe(6667); // 6666.66…
    expect(prorate(27900, 37900, 15, 30)).toBe(5000);
    expect(prorate(27900, 37900, 30, 30)).toBe(10000);
    expect(prorate(27900, 37900, 0, 30)).toBe(0);
    expect(prorate(27900, 37900, 1, 31)).toBe(323); // 322.58…
    expect(prorate(0, 3, 1, 2)).toBe(2); // 1.5
    expect(prorate(0, 5, 1, 2)).toBe(3); // 2.5
    expect(prorate(37900, 27900, 10, 30)).toBe(-3333);
    expect(divideRounded(-1, 2)).toBe(-1);
    expect(divideRounded(-1, 3)).toBe(0);
    expect(Object.is(divideRounded(-1, 3), 0)).toBe(true);
    expect(prorate(99000, 299000, 200, 365)).toBe(109589); // 109589.04…
  });

  it('rejects amounts that are not whole øre and days outside the period', () => {
    expect(() => prorate(279.5, 37900, 10, 30)).toThrow(RangeError);
    expect(() => prorate(27900, 37900, 31, 30)).toThrow(RangeError);
    expect(() => prorate(27900, 37900, 1, 0)).toThrow(RangeError);
    expect(() => prorate(27900, 37900, 1.5, 30)).toThrow(RangeError);
  });

  it('measures the current period in calendar days, the same across a DST change', () => {
    expect(currentPeriod('2026-05-01', 'Månedlig', '2026-04-21')).toEqual({
      start: '2026-04-01',
      renewalDate: '2026-05-01',
      days: 30,
      remainingDays: 10,
    });
    // March 2026 contains the spring change (29 March) and still has 31 days.
    expect(currentPeriod('2026-04-01', 'Månedlig', '2026-03-28')).toMatchObject({
      days: 31,
      remainingDays: 4,
    });
    expect(currentPeriod('2026-11-01', 'Månedlig', '2026-10-24')).toMatchObject({
      days: 31,
      remainingDays: 8,
    });
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(currentPeriod('2026-05-01', 'Månedlig', '2026-05-03').remainingDays).toBe(0);
    expect(upgradeQuote(monthly, monthlyPremium, '2026-04-01', '2026-03-28')).toEqual({
      amountOre: 1290,
      remainingDays: 4,
      periodDays: 31,
    });
  });

  it('charges the difference for every paid period left: a reactivation offer pays three months', () => {
    // Reactivated 10 March with 3 months for 1 (renews 10 June), upgraded 20 March: 10 April to
    // 10 June are two whole months at the full difference, 20 March to 10 April is 21 of 31 days.
    expect(upgradeQuote(monthly, monthlyPremium, '2026-06-10', '2026-03-20')).toEqual({
      amountOre: 2 * 10000 + Math.round((10000 * 21) / 31),
      remainingDays: 82,
      periodDays: 31,
    });
    // On the first day, all three months; on the renewal date, nothing.
    expect(upgradeQuote(monthly, monthlyPremium, '2026-06-10', '2026-03-10').amountOre).toBe(30000);
    expect(upgradeQuote(monthly, monthlyPremium, '2026-06-10', '2026-06-10').amountOre).toBe(0);
    // Months are counted back from the renewal date (31 May: 30 April, 31 March, 28 February),
    // so the period today is in is 28 February to 31 March, 30 of its 31 days left.
    expect(upgradeQuote(monthly, monthlyPremium, '2026-05-31', '2026-03-01')).toEqual({
      amountOre: 2 * 10000 + Math.round((10000 * 30) / 31),
      remainingDays: 91,
      periodDays: 31,
    });
  });

  it('takes today as the Oslo date, not the UTC date', () => {
    expect(osloDateOf(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29'); // 00:30 CET
    expect(osloDateOf(new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-30'); // 00:30 CEST
    expect(osloDateOf(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25'); // 00:30 CEST
  });
});

describe('nextCharge: what the jobs will bill next, shown on the home page', () => {
  it('is the renewal at the plan price, charged to the card on the renewal date', () => {
    expect(nextCharge(state())).toEqual({
      date: '2026-05-01',
      amountOre: 27900,
      ordinaryAmountOre: 27900,
      kind: 'charge',
      provider: 'SWEDBANK-PPG',
      reason: 'renewal',
    });
  });

  it('takes off a discount with periods left, and says what the ordinary price is', () => {
    const discounted = nextCharge(
      state({ discount: { amountOff: null, percentOff: 50, periodsLeft: 1 } }),
    );
    expect(discounted).toMatchObject({ amountOre: 13950, ordinaryAmountOre: 27900 });
    const spent = nextCharge(
      state({ discount: { amountOff: null, percentOff: 50, periodsLeft: 0 } }),
    );
    expect(spent).toMatchObject({ amountOre: 27900, ordinaryAmountOre: 27900 });
  });

  it('bills the new plan when a scheduled change takes effect on the renewal date', () => {
    const forecast = nextCharge(
      state({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } }),
    );
    expect(forecast).toMatchObject({ amountOre: 299000, reason: 'plan-change' });
  });

  it('is an invoice for giro, and the first paid day after a trial', () => {
    expect(nextCharge(state({ paymentProvider: 'AVTALEGIRO' }))).toMatchObject({
      kind: 'invoice',
      provider: 'AVTALEGIRO',
    });
    expect(
      nextCharge(state({ status: S.TRIAL, trialEnds: '2026-04-30', renewalDate: '2026-05-01' })),
    ).toMatchObject({ date: '2026-05-01', amountOre: 27900, reason: 'trial-end' });
  });

  it('is nothing when it will not renew or someone else pays', () => {
    expect(nextCharge(state({ status: S.PENDING_CANCELLATION, renewalDate: null }))).toBeNull();
    expect(nextCharge(state({ status: S.CANCELLED }))).toBeNull();
    expect(nextCharge(state({ status: S.ACTIVE_NON_BILLABLE }))).toBeNull();
    expect(nextCharge(state({ subscriptionInfo1: 'employee' }))).toBeNull();
  });
});

describe('conversions: the reader stops qualifying for the plan', () => {
  const student = plan(6, 'C-DIGITAL-STUDENT', 'Månedlig', 4900);
  const onStudent = (overrides: Partial<EngineState> = {}) =>
    state({ plan: student, renewalDate: '2026-05-01', ...overrides });
  const convert = (on: string, to: PlanRef = youth) =>
    ({ kind: 'scheduleConversion', plan: to, on, reason: 'student-verification-ends' }) as const;

  it('schedules the new plan on a coming renewal date, dearer or not, with its reason', () => {
    const { state: next, effects } = transition(onStudent(), convert('2026-06-01', monthly), TODAY);
    expect(next.pendingChange).toEqual({
      plan: monthly,
      effectiveDate: '2026-06-01',
      reason: 'student-verification-ends',
    });
    expect(effects).toEqual([]);
    // It replaces a change of the reader's own in waiting.
    const withOwn = onStudent({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } });
    expect(transition(withOwn, convert('2026-05-01'), TODAY).state.pendingChange?.plan).toBe(youth);
  });

  it('refuses a day before the next renewal, today, another title or the same plan', () => {
    expect(domainError(() => transition(onStudent(), convert('2026-04-30'), TODAY))).toMatchObject({
      code: 'PLAN_CONVERSION_DATE',
      field: 'on',
    });
    expect(
      domainError(() => transition(onStudent({ renewalDate: TODAY }), convert(TODAY), TODAY)),
    ).toMatchObject({ code: 'PLAN_CONVERSION_DATE' });
    expect(
      domainError(() => transition(onStudent(), convert('2026-05-01', otherTitle), TODAY)),
    ).toMatchObject({ code: 'PLAN_NOT_AVAILABLE' });
    expect(
      domainError(() => transition(onStudent(), convert('2026-05-01', student), TODAY)),
    ).toMatchObject({ code: 'PLAN_CHANGE_SAME_PLAN' });
  });

  it('cannot be withdrawn or replaced by a plan change of the reader, only withdrawn as such', () => {
    const converting = transition(onStudent(), convert('2026-05-01'), TODAY).state;
    for (const command of [
      { kind: 'withdrawPlanChange' } as const,
      { kind: 'schedulePlanChange', plan: { ...student, id: 7, period: 'Årlig' } } as const,
    ])
      expect(domainError(() => transition(converting, command, TODAY))).toMatchObject({
        kind: 'conflict',
        code: 'PLAN_CONVERSION_PENDING',
      });
    expect(transition(converting, { kind: 'withdrawConversion' }, TODAY).state.pendingChange).toBe(
      null,
    );
    // withdrawConversion leaves a change of the reader's own alone.
    const own = onStudent({ pendingChange: { plan: yearly, effectiveDate: '2026-05-01' } });
    expect(domainError(() => transition(own, { kind: 'withdrawConversion' }, TODAY))).toMatchObject(
      { code: 'NO_PENDING_PLAN_CONVERSION' },
    );
  });

  it('is applied on its day like any change, and the renewal that day charges the new price', () => {
    const converting = transition(onStudent(), convert('2026-05-01', monthly), TODAY).state;
    expect(nextCharge(converting)).toMatchObject({
      date: '2026-05-01',
      amountOre: 27900,
      reason: 'plan-change',
    });
    const applied = transition(converting, { kind: 'applyPlanChange' }, '2026-05-01').state;
    expect(applied).toMatchObject({ plan: monthly, pendingChange: null });
  });
});
