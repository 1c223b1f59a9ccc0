// The credit for stopped paper issues (titles whose delivery settings have a `stopCredit`,
// shared/publications/delivery.ts), from the subscription's own billing records only:
// - A stopped issue is worth the paper's share (`paperShare`) of the price of the period it fell
//   in, over that period's delivery days (rounded down to whole øre). The price of a period is
//   what its billing effect billed (less a refund, plus a stop credit it took off itself): a
//   discounted period credits from its discounted price. The digital access goes on, so a stop
//   never makes a subscription free.
// - Only a day inside a period that was billed and is paid is credited: a day of a trial, of a
//   period not yet paid when the renewal is billed (suspended, say), before the subscription's
//   first period billed here, or of an earlier life of the subscription (a gap in its billed
//   periods lies between) is never credited. The periods that count are the chain of billed
//   periods that ends the day before the renewal: the previous period, the one before it if it
//   ended the day before that one began, and so on back to the first gap.
// - The renewal's billing effect takes the credit off (jobs/billing.ts), in whole issues, oldest
//   first, and never more than its amount. Issues left over (the renewal is cheaper than their
//   credit) stay uncredited and are taken off the next renewal, at their own period's price. An
//   effect brought to 0 kr is recorded paid (invoices/settlement.ts): nothing is ever charged,
//   invoiced or dunned for 0 kr.
// - Each stop row keeps the last day a renewal dealt with (`credited_through`: credited, or
//   found not creditable) and the øre credited so far (`credited_ore`), so no day is credited
//   twice and none is lost; the rows are locked while a renewal claims them (changePrices.ts).
// The view (the screen's price effect) estimates with the same rule: the billed periods' prices,
// and for days after the last billed period the latest price, while the subscription renews.
import { deliveryScheduleOf } from '../../../shared/publications/delivery';
import { addDays } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';

import { deliveryDaysBetween } from './calendar';

/** A full period billed for a subscription (not an upgrade's difference for part of one). */
export interface BilledPeriod {
  readonly start: string;
  readonly end: string;
  /**
   * The price of the period in øre: billed, less refunded, plus the stop credit and the
   * missed-paper credits (complaints/missedPaperCredits.ts) it took off.
   */
  readonly priceOre: number;
  readonly paid: boolean;
}

/** A stop as the credit sees it. */
export interface StopRow {
  readonly id: string;
  readonly from: string;
  /** null: until further notice. */
  readonly to: string | null;
  /** The last day a renewal dealt with; null before the first. */
  readonly creditedThrough: string | null;
  readonly creditedOre: number;
}

/** The paper's share of the price a stopped issue is credited with; null: the title credits none. */
export function paperShareOf(titleCode: string): number | null {
  const credit = deliveryScheduleOf(titleCode).stopCredit;
  return credit === 'none' ? null : credit.paperShare;
}

/** A billed period's price: billed, less refunded, plus the credits it took off. */
const PERIOD_PRICE_SQL = `b.amount_ore - b.refunded_ore + b.stop_credit_ore
              + coalesce((select sum(m.amount_ore) from missed_paper_credits m
                           where m.billing_effect_id = b.id), 0)`;
/** The billing effects that bill a full period (an upgrade's difference does not). */
const FULL_PERIODS_SQL = `b.reason not in ('upgrade', 'order-upgrade')`;

/** The billed periods of a subscription, oldest first. */
export async function billedPeriods(
  db: Queryable,
  subscriptionNo: string,
): Promise<BilledPeriod[]> {
  const rows = await db.query<{
    period_start: string;
    period_end: string;
    price_ore: number | string;
    status: string;
  }>(
    `select b.period_start::text as period_start, b.period_end::text as period_end,
            ${PERIOD_PRICE_SQL} as price_ore, b.status
       from billing_effects b
      where b.subscription_no = $1 and ${FULL_PERIODS_SQL}
      order by b.period_start, b.id`,
    [subscriptionNo],
  );
  return rows.map((r) => ({
    start: r.period_start,
    end: r.period_end,
    priceOre: Number(r.price_ore),
    paid: r.status === 'paid',
  }));
}

/**
 * The billed periods of subscription `subscriptionNo` (an SQL expression) as a JSON array, oldest
 * first, for a read that composes it into its own statement; billedPeriodsOf reads it.
 */
export const billedPeriodsSql = (subscriptionNo: string) =>
  `select coalesce(json_agg(json_build_object('start', b.period_start::text,
                                              'end', b.period_end::text,
                                              'priceOre', (${PERIOD_PRICE_SQL})::bigint,
                                              'paid', b.status = 'paid')
                            order by b.period_start, b.id), '[]'::json)
     from billing_effects b
    where b.subscription_no = ${subscriptionNo} and ${FULL_PERIODS_SQL}`;

/** The periods as billedPeriodsSql reads them. */
export const billedPeriodsOf = (json: unknown): BilledPeriod[] =>
  ((json ?? []) as { start: string; end: string; priceOre: number | string; paid: boolean }[]).map(
    (r) => ({ start: r.start, end: r.end, priceOre: Number(r.priceOre), paid: r.paid }),
  );

const rateCache = new WeakMap<BilledPeriod, number>();

/** The credit of one stopped issue in `period`: the paper's share over its delivery days. */
export function issueCreditOre(titleCode: string, share: number, period: BilledPeriod): number {
  const cached = rateCache.get(period);
  if (cached !== undefined) return cached;
  const issues = deliveryDaysBetween(titleCode, period.start, period.end).length;
  const rate = issues === 0 ? 0 : Math.floor((share * Math.max(0, period.priceOre)) / issues);
  rateCache.set(period, rate);
  return rate;
}

/**
 * The billed periods a renewal starting on `periodStart` credits from: the one that ends the day
 * before it, then each one ending the day before the last one found began (newest first); a
 * gap (a trial, the time between two lives of the subscription) ends the chain.
 */
export function chainBefore(periods: readonly BilledPeriod[], periodStart: string): BilledPeriod[] {
  const chain: BilledPeriod[] = [];
  let end = addDays(periodStart, -1);
  for (;;) {
    const previous = periods.find((p) => p.end === end && p.start <= end);
    if (!previous || chain.includes(previous)) return chain;
    chain.push(previous);
    end = addDays(previous.start, -1);
  }
}

const periodOf = (periods: readonly BilledPeriod[], day: string) =>
  periods.find((p) => p.start <= day && day <= p.end);

/** What a renewal credits: the øre in all, and each stop's new progress. */
export interface StopCreditClaim {
  readonly totalOre: number;
  readonly rows: readonly {
    readonly id: string;
    readonly creditedThrough: string;
    readonly addOre: number;
  }[];
}

/**
 * The credit a renewal starting on `periodStart` takes off, at most `maxOre`: every stopped day
 * not dealt with before that lies in the billed chain before it, credited (whole issues, oldest
 * stop first, each day in order) if its period is paid. Pure; changePrices.ts writes the outcome.
 */
export function planStopCredits(
  titleCode: string,
  share: number,
  stops: readonly StopRow[],
  chain: readonly BilledPeriod[],
  periodStart: string,
  maxOre: number,
): StopCreditClaim {
  const lastDay = addDays(periodStart, -1);
  const chainStart = chain.at(-1)?.start;
  const rows: { id: string; creditedThrough: string; addOre: number }[] = [];
  let total = 0;
  if (chainStart === undefined || maxOre <= 0) return { totalOre: 0, rows };
  const ordered = [...stops].sort((a, b) =>
    a.from === b.from ? Number(a.id) - Number(b.id) : a.from < b.from ? -1 : 1,
  );
  for (const stop of ordered) {
    const first = stop.creditedThrough ? addDays(stop.creditedThrough, 1) : stop.from;
    const last = stop.to !== null && stop.to < lastDay ? stop.to : lastDay;
    if (first > last) continue;
    let through = stop.creditedThrough;
    let add = 0;
    let capped = false;
    for (const day of deliveryDaysBetween(titleCode, first, last)) {
      const period = periodOf(chain, day);
      if (period?.paid) {
        const rate = issueCreditOre(titleCode, share, period);
        if (total + add + rate > maxOre) {
          capped = true;
          break;
        }
        add += rate;
      }
      through = day;
    }
    // Not capped: every day up to `last` is dealt with (the days between delivery days too).
    if (!capped) through = last;
    if (through !== null && through !== stop.creditedThrough)
      rows.push({ id: stop.id, creditedThrough: through, addOre: add });
    total += add;
    if (capped) break;
  }
  return { totalOre: total, rows };
}

/**
 * What a stop is (or will be) credited in all, as far as can be told today: the øre credited so
 * far, and each later stopped day (up to `lastCounted`) at the price of the billed period it
 * falls in (paid or not yet), or, after the last billed period, at the latest one's price while
 * the subscription renews. 0 for a day before the first billed period or in a gap (a trial).
 */
export function estimateStopCredit(
  titleCode: string,
  share: number,
  stop: StopRow,
  lastCounted: string,
  periods: readonly BilledPeriod[],
  renews: boolean,
): number {
  const first = stop.creditedThrough ? addDays(stop.creditedThrough, 1) : stop.from;
  let total = stop.creditedOre;
  if (first > lastCounted) return total;
  const latest = periods.at(-1);
  for (const day of deliveryDaysBetween(titleCode, first, lastCounted)) {
    const period =
      periodOf(periods, day) ?? (renews && latest && day > latest.end ? latest : undefined);
    if (period) total += issueCreditOre(titleCode, share, period);
  }
  return total;
}

/**
 * The credit of one stopped issue as the screen states it: at the price of the billed period
 * today falls in, else of the latest one while the subscription renews; null without one.
 */
export function currentIssueCreditOre(
  titleCode: string,
  share: number,
  periods: readonly BilledPeriod[],
  today: string,
  renews: boolean,
): number | null {
  const latest = periods.at(-1);
  const period = periodOf(periods, today) ?? (renews && latest ? latest : undefined);
  return period ? issueCreditOre(titleCode, share, period) : null;
}
