// A missed paper credited by itself: a complaint «Avisen kom ikke» (UTEBLITT) about a day the
// reader paid for credits that day's issue on the subscription's next renewal, by the rules stop
// credits follow (delivery/stopCredits.ts), from the server's own records only:
// - The title credits the paper's share (its `stopCredit.paperShare`,
//   shared/publications/delivery.ts); a title without one credits no issue, stopped or missed.
// - Only a day inside a billed and paid period (billing_effects, not an upgrade's difference) is
//   credited: a trial, a period not paid (yet), a free period (0 kr) and a subscription someone
//   else pays (a business seat, a family member's share: no billing of its own) credit nothing.
//   The issue is worth the paper's share of that period's price over its delivery days, rounded
//   down to whole øre (issueCreditOre, the same as a stopped issue's).
// - Only a subscription that renews (ACTIVE with a renewal date, paying) gets a credit: there must
//   be a next invoice to take it off. One being cancelled, suspended or ending gets none, and the
//   receipt says nothing about money.
// - A day of a subscription is credited once: the primary key (subscription_no, delivery_date),
//   behind complaint_dates' own key and the subscription row the complaint locks.
// - The next renewal takes the credits off in whole issues, oldest day first, and leaves at least
//   MIN_BILLED_AFTER_CREDIT_ORE to pay (after any stop credit): never a 0 kr or negative invoice
//   for a missed paper. What does not fit waits for the renewal after (jobs/billing.ts). Each
//   credit keeps the billing effect that took it off: the invoice shows it as a line of its own
//   (invoices.ts) and its price counts it (stopCredits.billedPeriods).
// Owns `missed_paper_credits`.
import { SubscriptionStatus } from '../../../shared/subscription/status';
import type { Queryable } from '../../db/db';
import {
  billedPeriods,
  type BilledPeriod,
  issueCreditOre,
  paperShareOf,
} from '../delivery/stopCredits';
import type { Subscription } from '../subscriptions/subscriptions';

/** The complaint code of a paper that did not come (complaint_codes, seed/catalogue.ts). */
export const MISSED_PAPER_CODE = 'UTEBLITT';

/**
 * What a renewal still bills at least after missed-paper credits (1 kr): a credit that would take
 * it lower waits for the next renewal, so a missed paper never makes an invoice 0 kr.
 */
export const MIN_BILLED_AFTER_CREDIT_ORE = 100;

/** A complaint's credit as its receipt tells it. */
export interface MissedPaperCredit {
  /** The credit in all, øre. */
  readonly amountOre: number;
  /** The day of the next charge, the invoice it is taken off (the renewal date). */
  readonly appliesTo: string;
}

/** One missed issue to credit: its day and what it is worth. */
export interface MissedIssue {
  readonly date: string;
  readonly amountOre: number;
}

type Creditable = Pick<
  Subscription,
  'subscriptionNo' | 'titleCode' | 'planProductType' | 'instStatusCode' | 'renewalDate' | 'isPaying'
>;

/** The subscription renews and pays for itself: a next invoice will take a credit off. */
export const renewsAndPays = (s: Creditable): boolean =>
  s.planProductType === 'COMBO' &&
  s.instStatusCode === SubscriptionStatus.ACTIVE &&
  s.renewalDate !== null &&
  s.isPaying;

/**
 * The missed issues of `dates` that are credited: each day inside a paid billed period, at that
 * period's issue credit (0 credits nothing). Pure; oldest day first.
 */
export function planMissedIssues(
  titleCode: string,
  share: number,
  dates: readonly string[],
  periods: readonly BilledPeriod[],
): MissedIssue[] {
  return [...new Set(dates)].sort().flatMap((date) => {
    const period = periods.find((p) => p.paid && p.start <= date && date <= p.end);
    const amountOre = period ? issueCreditOre(titleCode, share, period) : 0;
    return amountOre > 0 ? [{ date, amountOre }] : [];
  });
}

/**
 * Credits the missed papers of a complaint just recorded (in the complaint's transaction, with
 * the subscription row locked): null when nothing is credited (another code, a title without a
 * paper share, a subscription that does not renew, no day inside a paid period).
 */
export async function creditMissedPapers(
  tx: Queryable,
  input: {
    readonly subscription: Creditable;
    readonly complaintId: string;
    readonly code: string;
    readonly dates: readonly string[];
    readonly now: Date;
  },
): Promise<MissedPaperCredit | null> {
  const { subscription } = input;
  if (input.code !== MISSED_PAPER_CODE || !renewsAndPays(subscription)) return null;
  const share = paperShareOf(subscription.titleCode);
  if (share === null) return null;
  const periods = await billedPeriods(tx, subscription.subscriptionNo);
  const issues = planMissedIssues(subscription.titleCode, share, input.dates, periods);
  if (issues.length === 0) return null;
  // A day credited already stays as it was (its complaint is refused before this; the key holds
  // the rule also for anything that gets here another way).
  const inserted = await tx.query<{ amount_ore: number | string }>(
    `insert into missed_paper_credits (subscription_no, delivery_date, complaint_id, amount_ore,
       created_at)
     select $1, t.d, $2, t.a, $3 from unnest($4::date[], $5::bigint[]) as t(d, a)
     on conflict (subscription_no, delivery_date) do nothing
     returning amount_ore`,
    [
      subscription.subscriptionNo,
      input.complaintId,
      input.now.toISOString(),
      issues.map((i) => i.date),
      issues.map((i) => i.amountOre),
    ],
  );
  const amountOre = inserted.reduce((sum, row) => sum + Number(row.amount_ore), 0);
  return amountOre > 0 ? { amountOre, appliesTo: subscription.renewalDate! } : null;
}

/**
 * Of the credits waiting (oldest day first), those a renewal billing `billedOre` takes off: whole
 * issues while at least MIN_BILLED_AFTER_CREDIT_ORE is left to pay; the first that does not fit
 * and every later one wait. Pure.
 */
export function planMissedPaperClaim(
  waiting: readonly MissedIssue[],
  billedOre: number,
): { readonly totalOre: number; readonly dates: readonly string[] } {
  const maxOre = billedOre - MIN_BILLED_AFTER_CREDIT_ORE;
  const dates: string[] = [];
  let totalOre = 0;
  for (const issue of [...waiting].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    if (totalOre + issue.amountOre > maxOre) break;
    totalOre += issue.amountOre;
    dates.push(issue.date);
  }
  return { totalOre, dates };
}

/**
 * The credits of subscription `subscriptionNo` (an SQL expression) that wait for a renewal, as a
 * JSON array of { date, amountOre }, oldest first: what the overview's forecast of the next
 * charge takes off with planMissedPaperClaim, as the renewal will.
 */
export const waitingMissedPaperCreditsSql = (subscriptionNo: string) =>
  `select coalesce(json_agg(json_build_object('date', m.delivery_date::text,
                                              'amountOre', m.amount_ore::bigint)
                            order by m.delivery_date), '[]'::json)
     from missed_paper_credits m
    where m.subscription_no = ${subscriptionNo} and m.billing_effect_id is null`;

/** The waiting credits as waitingMissedPaperCreditsSql reads them. */
export const waitingMissedIssuesOf = (json: unknown): MissedIssue[] =>
  ((json ?? []) as { date: string; amountOre: number | string }[]).map((r) => ({
    date: r.date,
    amountOre: Number(r.amountOre),
  }));

/** The credits of one subscription that wait for a renewal, on their own (oldest first). */
export async function waitingMissedIssues(
  db: Queryable,
  subscriptionNo: string,
): Promise<MissedIssue[]> {
  const [row] = await db.query<{ waiting: unknown }>(
    `select (${waitingMissedPaperCreditsSql('$1')}) as waiting`,
    [subscriptionNo],
  );
  return waitingMissedIssuesOf(row?.waiting);
}

/** What a renewal takes off for missed papers: the øre, and the days to mark with it. */
export interface MissedPaperClaim {
  readonly totalOre: number;
  readonly dates: readonly string[];
}

/**
 * The missed-paper credits a renewal of the subscription billing `billedOre` (after any stop
 * credit) takes off, in the renewal's transaction: the waiting credits are locked, so two runs
 * at once take each one once. markMissedPaperCredited ties them to the billing effect recorded.
 */
export async function claimMissedPaperCredits(
  tx: Queryable,
  subscriptionNo: string,
  billedOre: number,
): Promise<MissedPaperClaim> {
  if (billedOre <= MIN_BILLED_AFTER_CREDIT_ORE) return { totalOre: 0, dates: [] };
  const rows = await tx.query<{ delivery_date: string; amount_ore: number | string }>(
    `select delivery_date::text as delivery_date, amount_ore from missed_paper_credits
      where subscription_no = $1 and billing_effect_id is null
      order by delivery_date for update`,
    [subscriptionNo],
  );
  return planMissedPaperClaim(
    rows.map((r) => ({ date: r.delivery_date, amountOre: Number(r.amount_ore) })),
    billedOre,
  );
}

/** The claimed credits went on the billing effect of audit event `eventId` (just recorded). */
export async function markMissedPaperCredited(
  tx: Queryable,
  subscriptionNo: string,
  claim: MissedPaperClaim,
  eventId: number,
  now: Date,
): Promise<void> {
  if (claim.dates.length === 0) return;
  await tx.query(
    `update missed_paper_credits
        set billing_effect_id = (select id from billing_effects where event_id = $3),
            credited_at = $4
      where subscription_no = $1 and delivery_date = any($2::date[])
        and billing_effect_id is null`,
    [subscriptionNo, claim.dates, eventId, now.toISOString()],
  );
}

/** The bookkeeping's time is out (privacy/deletion.ts): the account's credits go before it. */
export async function purgeMissedPaperCredits(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from missed_paper_credits where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}
