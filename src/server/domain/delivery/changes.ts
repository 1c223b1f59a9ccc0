// Paper delivery changes (/endre-avislevering, requirements §3 Delivery change, §5 rules): STOP (no paper
// for a period or until further notice; digital access continues), TRANSFER (the paper to a
// temporary address for a period: a vacation change requires an address) and PERMANENT (a move:
// the paper to a new address from a date). The rules, from the server's own records only:
// - The subscription is the reader's own (another account's is not found), a paper one
//   (planProductType COMBO; a digital one is 403 PAPER_SUBSCRIPTION_REQUIRED) with access: the
//   rule complaints share, paper.ts.
// - Both dates are delivery days of the title (calendar.ts). A change must be registered before
//   the cut-off of its first day (the title's time, the day before): an earlier start is refused
//   naming the next possible delivery day. The end is not before the start; nothing reaches more
//   than a year ahead.
// - Changes of a subscription do not overlap (a move counts as its first day); the subscription
//   row is locked while a change is written, so of two overlapping requests at once one wins.
// - A change can be edited or withdrawn until the cut-off of its first day; then it is history.
// - An address has the §5 messages; its postal code must be in the register, which gives the place.
// - A stop of a title that credits stopped issues (publications/delivery.ts) is credited on the
//   next renewal with the paper's share of the price, for days in billed and paid periods only
//   (stopCredits.ts has the rule): claimStopCredits (changePrices.ts), called when the renewal's
//   billing effect is recorded.
// - A move's address becomes the account's delivery address on its first day (applyDueMoves in
//   movesJob.ts, a background job, once per move): the address is the account's, so a move
//   moves the paper of every paper subscription of the reader. A move is therefore refused while
//   another paper subscription of the reader has a stop or temporary address over its first day
//   (and such a change while a move of another one falls in it), and a move whose subscription
//   is no longer paper with access when its day comes is not applied (skipped, with the reason).
// This module is the operations the handlers call; the pure rules are changeRules.ts, the views
// changeViews.ts, and every read and write of `delivery_changes` is changeStore.ts.
import { deliveryScheduleOf } from '../../../shared/publications/delivery';
import { getPublication } from '../../../shared/publications/registry';
import { addDays, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { getProfile } from '../accounts/profile';
import { enforceLimit } from '../rate-limits';
import { getSubscription } from '../subscriptions/subscriptions';

import { cutOffFor, deliveryDaysBetween, earliestChangeStart } from './calendar';
import { creditContextOf } from './changePrices';
import {
  assertNoOverlap,
  type ChangeRow,
  type CheckedChange,
  checkChange,
  checkNewEnd,
  DELIVERY_CHANGE_HORIZON_DAYS,
  type DeliveryChangeInput,
  locked,
  norwegianDate,
  periodOf,
  TYPE_NAMES,
} from './changeRules';
import {
  addressOf,
  changesOf,
  lockedChange,
  markWithdrawn,
  otherSubscriptionsChangesMeeting,
  recordDeliveryChange,
  rewriteChange,
} from './changeStore';
import {
  type DeliveryCalendarView,
  type DeliveryChangeOverview,
  type DeliveryChangeView,
  toView,
} from './changeViews';
import { eligibilityOf, lockPaperSubscription as lockPaper, ownSubscription } from './paper';
import { currentIssueCreditOre } from './stopCredits';

/** Changes (create, edit, withdraw) one account may make in an hour. */
export const DELIVERY_CHANGE_RATE_LIMIT = 30;
const RATE_WINDOW_SECONDS = 3600;

export interface DeliveryChangeDeps {
  readonly db: Db;
  readonly clock: Clock;
}

// ---------------------------------------------------------------- reads

export async function deliveryChangeOverview(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<DeliveryChangeOverview> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  const subscription = await ownSubscription(deps.db, ariaAccountNo, subscriptionNo);
  const { titleCode } = subscription;
  const schedule = deliveryScheduleOf(titleCode);
  const eligibility = eligibilityOf(subscription);
  const credit = await creditContextOf(deps.db, subscription);
  const price = {
    stopCredit: credit ? ('PER_ISSUE' as const) : ('NONE' as const),
    creditPerIssueOre: credit
      ? currentIssueCreditOre(titleCode, credit.share, credit.periods, today, credit.renews)
      : null,
    paperSharePercent: credit ? Math.round(credit.share * 100) : null,
  };
  if (eligibility === 'NOT_PAPER')
    return {
      subscriptionNo,
      titleCode,
      eligibility,
      calendar: null,
      price,
      address: null,
      planned: [],
      current: [],
      history: [],
    };
  const profile = await getProfile(deps.db, ariaAccountNo);
  const views = (await changesOf(deps.db, subscriptionNo)).map((row) => toView(row, now, credit));
  let calendar: DeliveryCalendarView | null = null;
  if (eligibility === 'PAPER') {
    const earliest = earliestChangeStart(titleCode, now);
    const lastDate = addDays(today, DELIVERY_CHANGE_HORIZON_DAYS);
    calendar = {
      earliestStart: earliest.date,
      cutOff: earliest.cutOff,
      cutOffTime: schedule.cutOffTime,
      cutOffDaysBefore: schedule.cutOffDaysBefore,
      weekdays: [...schedule.weekdays],
      lastDate,
      deliveryDays: deliveryDaysBetween(titleCode, earliest.date, lastDate),
    };
  }
  return {
    subscriptionNo,
    titleCode,
    eligibility,
    calendar,
    price,
    address: profile.address,
    planned: views.filter((v) => v.status === 'PLANNED'),
    current: views.filter((v) => v.status === 'CURRENT'),
    history: views
      .filter((v) => v.status === 'PAST' || v.status === 'WITHDRAWN')
      .sort((a, b) =>
        a.fromDate === b.fromDate ? Number(b.id) - Number(a.id) : a.fromDate < b.fromDate ? 1 : -1,
      ),
  };
}

// ---------------------------------------------------------------- writes

/** The subscription locked for a write, checked to be the reader's own paper subscription. */
const lockPaperSubscription = (tx: Queryable, ariaAccountNo: string, subscriptionNo: string) =>
  lockPaper(tx, ariaAccountNo, subscriptionNo, 'has a delivery to change');

async function rateLimit(db: Queryable, ariaAccountNo: string, now: Date): Promise<void> {
  await enforceLimit(
    db,
    `delivery-change:${ariaAccountNo}`,
    { limit: DELIVERY_CHANGE_RATE_LIMIT, windowSeconds: RATE_WINDOW_SECONDS },
    now,
  );
}

/** Locks the reader's account row: changes of all its subscriptions are written one at a time. */
async function lockAccount(tx: Queryable, ariaAccountNo: string): Promise<void> {
  await tx.query('select 1 from accounts where aria_account_no = $1 for update', [ariaAccountNo]);
}

/**
 * The delivery address is the account's (a move changes it for every paper subscription of the
 * reader), so a move must not fall inside a stop or temporary address of another of the reader's
 * paper subscriptions, nor such a change over a planned move of another one: the reader would
 * otherwise move that paper without its own change in mind. The account row is locked by the
 * writers first, so two requests for two subscriptions at once are checked one after the other.
 */
async function assertNoConflictWithOtherPaper(
  tx: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
  change: CheckedChange,
): Promise<void> {
  const isMove = change.type === 'PERMANENT';
  const rows = await otherSubscriptionsChangesMeeting(tx, ariaAccountNo, subscriptionNo, change);
  for (const other of rows) {
    const subscription = await getSubscription(tx, other.subscription_no);
    if (!subscription || eligibilityOf(subscription) !== 'PAPER') continue;
    const title = getPublication(subscription.titleCode).displayName;
    throw new DomainError(
      'conflict',
      'DELIVERY_CHANGE_OTHER_SUBSCRIPTION',
      isMove
        ? `En flytting gjelder alle papiravisene dine, og ${title} har ${TYPE_NAMES[other.kind]} ${periodOf(other)}. Velg en annen dag, eller endre den endringen først`
        : `${title} har en flytting fra ${norwegianDate(other.from_date)}, og en flytting gjelder alle papiravisene dine. Velg datoer som ikke går over flyttedagen, eller endre flyttingen først`,
      'fromDate',
    );
  }
}

export async function createDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  input: DeliveryChangeInput,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, ariaAccountNo);
    const subscription = await lockPaperSubscription(tx, ariaAccountNo, subscriptionNo);
    const { titleCode } = subscription;
    const change = checkChange(titleCode, input, now);
    const today = osloDateOf(now);
    assertNoOverlap(await changesOf(tx, subscriptionNo), change, today);
    await assertNoConflictWithOtherPaper(tx, ariaAccountNo, subscriptionNo, change);
    const row = await recordDeliveryChange(tx, {
      subscriptionNo,
      ariaAccountNo,
      titleCode,
      ...change,
      at: now,
    });
    return toView(row, now, await creditContextOf(tx, subscription));
  });
}

/** The change, locked, if it can still be changed in full (or withdrawn) at `now`. */
async function editableChange(
  tx: Queryable,
  subscriptionNo: string,
  changeId: string,
  now: Date,
): Promise<ChangeRow> {
  const row = await lockedChange(tx, subscriptionNo, changeId);
  const cutOff = cutOffFor(row.title_code, row.from_date);
  if (now.getTime() >= cutOff.getTime()) throw locked(cutOff);
  return row;
}

export async function updateDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  changeId: string,
  input: DeliveryChangeInput,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, ariaAccountNo);
    const subscription = await lockPaperSubscription(tx, ariaAccountNo, subscriptionNo);
    const { titleCode } = subscription;
    const today = osloDateOf(now);
    const stored = await lockedChange(tx, subscriptionNo, changeId);
    const fullEdit = now.getTime() < cutOffFor(titleCode, stored.from_date).getTime();
    const change: CheckedChange = fullEdit
      ? checkChange(titleCode, input, now)
      : {
          type: stored.kind,
          from: stored.from_date,
          to: checkNewEnd(stored, input, now),
          address: addressOf(stored),
        };
    assertNoOverlap(await changesOf(tx, subscriptionNo), change, today, changeId);
    await assertNoConflictWithOtherPaper(tx, ariaAccountNo, subscriptionNo, change);
    const row = await rewriteChange(tx, changeId, change, now);
    return toView(row, now, await creditContextOf(tx, subscription));
  });
}

export async function withdrawDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  changeId: string,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    // Ownership first: another account's subscription is not found, whatever its kind.
    const subscription = await ownSubscription(tx, ariaAccountNo, subscriptionNo);
    await editableChange(tx, subscriptionNo, changeId, now);
    const row = await markWithdrawn(tx, changeId, now);
    return toView(row, now, await creditContextOf(tx, subscription));
  });
}
