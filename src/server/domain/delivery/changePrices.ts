// The price effect of delivery changes: a stop of a title that credits stopped issues
// (publications/delivery.ts) is credited on the next renewal with the paper's share of the price,
// for days in billed and paid periods only (stopCredits.ts has the rule). The view estimates the
// credit of a stop (creditContextOf); the renewal claims it once (claimStopCredits, called when
// its billing effect is recorded, jobs/billing.ts).
import type { Queryable } from '../../db/db';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

import type { ChangeRow } from './changeRules';
import { creditableStopsSql, lockStopsToCredit, markStopCredited } from './changeStore';
import {
  billedPeriods,
  billedPeriodsOf,
  billedPeriodsSql,
  type BilledPeriod,
  chainBefore,
  paperShareOf,
  planStopCredits,
  type StopRow,
} from './stopCredits';

/** What the credit of a subscription's stops is priced from (null: its title credits none). */
export interface CreditContext {
  readonly share: number;
  readonly periods: readonly BilledPeriod[];
  /** The subscription renews (a later period will be billed, and can take a credit off). */
  readonly renews: boolean;
}

export async function creditContextOf(
  db: Queryable,
  subscription: Pick<Subscription, 'subscriptionNo' | 'titleCode' | 'renewalDate'>,
): Promise<CreditContext | null> {
  const share = paperShareOf(subscription.titleCode);
  if (share === null) return null;
  return {
    share,
    periods: await billedPeriods(db, subscription.subscriptionNo),
    renews: subscription.renewalDate !== null,
  };
}

export const stopRowOf = (row: ChangeRow): StopRow => ({
  id: String(row.id),
  from: row.from_date,
  to: row.to_date,
  creditedThrough: row.credited_through,
  creditedOre: Number(row.credited_ore),
});

/**
 * Claims the credit for stopped issues a renewal billing the period from `periodStart` takes
 * off, at most `maxOre` (stopCredits.ts has the rule): the subscription's stops are locked, each
 * one's newly dealt-with days marked (`credited_through`) with the øre credited, and the amount
 * answered (0 where the title credits none). Runs in the caller's transaction, which records
 * the billing effect with the amount less this credit; a second claim for the same renewal
 * finds the days dealt with already and credits nothing.
 */
export async function claimStopCredits(
  tx: Queryable,
  subscription: Pick<Subscription, 'subscriptionNo' | 'titleCode'>,
  periodStart: string,
  maxOre: number,
): Promise<number> {
  const { titleCode, subscriptionNo } = subscription;
  const share = paperShareOf(titleCode);
  if (share === null || maxOre <= 0) return 0;
  const chain = chainBefore(await billedPeriods(tx, subscriptionNo), periodStart);
  const chainStart = chain.at(-1)?.start;
  if (chainStart === undefined) return 0;
  const rows = await lockStopsToCredit(tx, subscriptionNo, periodStart, chainStart);
  const claim = planStopCredits(titleCode, share, rows.map(stopRowOf), chain, periodStart, maxOre);
  for (const row of claim.rows) await markStopCredited(tx, row);
  return claim.totalOre;
}

/**
 * The credit for stopped issues a renewal's billing effect takes off (titles that credit them):
 * the stopped days of the billed and paid periods before the one it bills, claimed once, at most
 * its amount.
 */
export async function creditStoppedIssues(
  tx: Queryable,
  subscriptionNo: string,
  effect: { readonly amountOre: number; readonly periodStart: string },
): Promise<number> {
  const subscription = await getSubscription(tx, subscriptionNo);
  if (!subscription || paperShareOf(subscription.titleCode) === null) return 0;
  return claimStopCredits(tx, subscription, effect.periodStart, effect.amountOre);
}

/**
 * What the forecast of the next charge needs to tell the credit for stopped issues, for
 * subscription `subscriptionNo` (an SQL expression): its creditable stops and its billed periods
 * as JSON; null when it has no stop to credit (the billed periods are then not read).
 */
export const stopCreditFactsSql = (subscriptionNo: string) =>
  `select case when stops.rows is not null
               then json_build_object('stops', stops.rows,
                                      'periods', (${billedPeriodsSql(subscriptionNo)})) end
     from (${creditableStopsSql(subscriptionNo)}) stops(rows)`;

/** The facts stopCreditFactsSql reads, on their own (one statement). */
export async function stopCreditFacts(db: Queryable, subscriptionNo: string): Promise<unknown> {
  const [row] = await db.query<{ facts: unknown }>(
    `select (${stopCreditFactsSql('$1')}) as facts`,
    [subscriptionNo],
  );
  return row?.facts ?? null;
}

/**
 * The credit for stopped issues the renewal that starts on `periodStart` will take off, at most
 * `maxOre`, from stopCreditFactsSql's facts: claimStopCredits' rule (planStopCredits over the
 * same stops and billed periods), without claiming anything.
 */
export function forecastStopCredit(
  titleCode: string,
  facts: unknown,
  periodStart: string,
  maxOre: number,
): number {
  const share = paperShareOf(titleCode);
  const read = facts as { stops?: unknown; periods?: unknown } | null;
  if (share === null || !read || maxOre <= 0) return 0;
  const stops = (read.stops ?? []) as (Omit<StopRow, 'creditedOre'> & {
    creditedOre: number | string;
  })[];
  const chain = chainBefore(billedPeriodsOf(read.periods), periodStart);
  return planStopCredits(
    titleCode,
    share,
    stops.map((stop) => ({ ...stop, creditedOre: Number(stop.creditedOre) })),
    chain,
    periodStart,
    maxOre,
  ).totalOre;
}
