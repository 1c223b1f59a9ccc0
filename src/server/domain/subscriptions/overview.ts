// The subscription as the home page shows it (GET /subscription/{accountNo}/{titleCode}): the
// account's current subscription to the title with what needs the reader's attention and what
// comes next — the next charge as the renewal jobs will make it, what is left to pay (with the
// day an unpaid giro invoice suspends it, and why a suspended one is suspended), and the right of
// withdrawal while it lasts — so the page needs no other request.
//
// It is one read of the account, composed from its owners' SQL (the current subscription, its
// engine state, its unpaid invoices and their dunning, the facts of the right of withdrawal) into
// one statement, which the session lookup carries (identity/sessions.ts, findSessionWith): a
// signed-in home page costs the database one statement.
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Queryable, Row } from '../../db/db';
import { type AccountRead, bothReads, readAccount } from '../../db/reads';
import { profileBirthDateRead } from '../accounts/profile';
import {
  planMissedPaperClaim,
  waitingMissedIssuesOf,
  waitingMissedPaperCreditsSql,
} from '../complaints/missedPaperCredits';
import { forecastStopCredit, stopCreditFactsSql } from '../delivery/changePrices';
import {
  type DunnedInvoice,
  dunningFactsSql,
  dunningOf,
  type Suspension,
  withSuspensionDays,
} from '../dunning/dunning';
import { toUnpaid, unpaidInvoicesSql } from '../invoices/invoices';

import { type ChargeForecast, type EngineState, nextCharge } from './engine';
import { engineStateOf, engineStateSql } from './lifecycle';
import {
  currentPauseOf,
  type PauseOffer,
  pauseFactsOf,
  pauseFactsSql,
  pauseOfferOf,
  type PausePeriod,
} from './pauses';
import {
  currentSubscriptionSql,
  type Subscription,
  type SubscriptionRow,
  toSubscription,
} from './subscriptions';
import { rightFactsSql, usableRight } from './withdrawalStore';

/**
 * The next charge as the jobs will bill it, with the credits the renewal takes off: stopped paper
 * issues, then missed papers.
 */
export interface NextChargeForecast extends ChargeForecast {
  /** Taken off for stopped paper issues (already out of amountOre); 0 for none. */
  readonly stopCreditOre: number;
  /** Taken off for missed papers (already out of amountOre); 0 for none. */
  readonly missedPaperCreditOre: number;
}

export interface SubscriptionOverview extends Subscription {
  readonly nextCharge: NextChargeForecast | null;
  readonly unpaidInvoices: readonly DunnedInvoice[];
  /** Why a SUSPENDED subscription is suspended (the unpaid invoice); null otherwise. */
  readonly suspension: Suspension | null;
  /** The right of withdrawal while it can be used: its last day and today's refund. */
  readonly withdrawal: { readonly lastDay: string; readonly refundOre: number } | null;
  /** The pause while the subscription is PAUSED; null otherwise. */
  readonly pause: PausePeriod | null;
  /** Whether the reader may pause it now, and why not (pauses.ts). */
  readonly pauseOffer: PauseOffer;
}

interface OverviewJson {
  readonly subscription: SubscriptionRow;
  readonly state: Row | null;
  readonly unpaid: readonly Row[];
  readonly right: readonly Row[];
  readonly dunning: Row | null;
  readonly pause: Row | null;
  readonly missed: unknown;
  readonly stops: unknown;
}

/**
 * The overview of the account's current subscription to `titleCode` as of `now`, as a read of
 * one account (null: it has none to the title).
 */
export function overviewRead(
  titleCode: string,
  now: Date,
): AccountRead<SubscriptionOverview | null> {
  return {
    sql: (account, param) =>
      `select json_build_object(
                'subscription', to_json(cur),
                'state', (${engineStateSql('cur.subscription_no')}),
                'unpaid', (${unpaidInvoicesSql('cur.subscription_no')}),
                'right', (${rightFactsSql('cur.subscription_no', 'cur.aria_account_no')}),
                'dunning', (${dunningFactsSql('cur.subscription_no')}),
                'pause', (${pauseFactsSql('cur.subscription_no')}),
                'missed', (${waitingMissedPaperCreditsSql('cur.subscription_no')}),
                'stops', (${stopCreditFactsSql('cur.subscription_no')}))
         from (${currentSubscriptionSql(account, `${param(titleCode)}::text`, param)}) cur`,
    read(json) {
      if (!json) return null;
      const overview = json as OverviewJson;
      const subscription = toSubscription(overview.subscription);
      const pauseFacts = pauseFactsOf(overview.pause);
      const state = overview.state && engineStateOf(overview.state);
      const dunning = dunningOf(
        overview.dunning,
        { status: subscription.instStatusCode, titleCode: subscription.titleCode },
        now,
      );
      return {
        ...subscription,
        // Only one that renews can be billed by itself; the engine decides the rest.
        nextCharge:
          subscription.renewalDate && state
            ? withCredits(nextCharge(state), state, {
                titleCode: subscription.titleCode,
                stops: overview.stops,
                missed: waitingMissedIssuesOf(overview.missed),
              })
            : null,
        unpaidInvoices: withSuspensionDays(toUnpaid(overview.unpaid, now), dunning),
        suspension: dunning.suspension,
        withdrawal:
          subscription.hasSubscription && state
            ? usableRight(overview.right, state.status, now)
            : null,
        pause: currentPauseOf(pauseFacts),
        pauseOffer: pauseOfferOf(pauseFacts!, osloDateOf(now)),
      };
    },
  };
}

/** What a renewal may take off the next charge (overviewRead reads them with it). */
export interface WaitingCredits {
  readonly titleCode: string;
  /** The stops and billed periods (changePrices.ts stopCreditFactsSql); null: no stop. */
  readonly stops: unknown;
  /** The missed-paper credits that wait for a renewal, oldest first. */
  readonly missed: Parameters<typeof planMissedPaperClaim>[0];
}

/**
 * The forecast less what the renewal takes off, as the billing job will (jobs/billing.ts): the
 * stopped paper issues (whole issues, never more than the amount), then the missed-paper credits
 * (whole issues, oldest first, at least 1 kr left to pay). Only a renewal takes them (also one
 * that starts a scheduled plan change); the end of a trial, even with a plan change, does not.
 */
export function withCredits(
  forecast: ChargeForecast | null,
  state: Pick<EngineState, 'status'>,
  waiting: WaitingCredits,
): NextChargeForecast | null {
  if (!forecast) return null;
  const renewal = forecast.reason !== 'trial-end' && state.status !== SubscriptionStatus.TRIAL;
  const stopCredit = renewal
    ? forecastStopCredit(waiting.titleCode, waiting.stops, forecast.date, forecast.amountOre)
    : 0;
  const missedCredit =
    renewal && waiting.missed.length > 0
      ? planMissedPaperClaim(waiting.missed, forecast.amountOre - stopCredit).totalOre
      : 0;
  return {
    ...forecast,
    amountOre: forecast.amountOre - stopCredit - missedCredit,
    stopCreditOre: stopCredit,
    missedPaperCreditOre: missedCredit,
  };
}

/** The overview of one account's subscription to a title, on its own (one statement). */
export function subscriptionOverview(
  db: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  titleCode: string,
): Promise<SubscriptionOverview | null> {
  return readAccount(db, overviewRead(titleCode, clock.now()), ariaAccountNo);
}

/**
 * The session bootstrap's read (GET /api/session): the overview of the account's subscription to
 * `titleCode` and the birth date given on its profile, composed into the session lookup so the
 * first screen after sign-in costs one statement.
 */
export function sessionOverviewRead(
  titleCode: string,
  now: Date,
): AccountRead<readonly [SubscriptionOverview | null, string | null]> {
  return bothReads(overviewRead(titleCode, now), profileBirthDateRead);
}

/** The overview in the contract's words (amounts in øre as `amount`), as GET session and GET subscription answer it. */
export function overviewView(subscription: SubscriptionOverview) {
  const next = subscription.nextCharge;
  return {
    ...subscription,
    nextCharge: next && {
      date: next.date,
      amount: next.amountOre,
      stopCredit: next.stopCreditOre,
      missedPaperCredit: next.missedPaperCreditOre,
      ordinaryAmount: next.ordinaryAmountOre,
      kind: next.kind,
      provider: next.provider,
      reason: next.reason,
    },
    withdrawal: subscription.withdrawal && {
      lastDay: subscription.withdrawal.lastDay,
      refund: subscription.withdrawal.refundOre,
    },
  };
}
