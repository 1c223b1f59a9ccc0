// Pause instead of leaving (requirements: «What no other portal does well», point 1). A reader
// pauses their own running subscription for 1, 2 or 3 months instead of cancelling it. The rules,
// from the server's own records only:
// - Only the reader's own subscription (another account's is not found, 404), ACTIVE and paid by
//   the reader: not a trial (nothing paid to move), not being cancelled, not suspended, not a
//   family member's share nor a business seat or agreement (someone else pays), not an owner
//   sharing it with family members (their access follows the owner's), and not while a plan
//   conversion is waiting (the reader has been told its date).
// - At most one pause started in any 12 months: a new one starts no earlier than 12 months after
//   the first day of the last one (subscription_pauses).
// - It starts today (Oslo) and lasts through the day before the same date 1–3 months on. Billing
//   stays simple: nothing is charged or refunded; the renewal date (and a plan change waiting
//   for it) moves on by the pause's days, so the days paid for and not used are served after it.
// - While paused the status is PAUSED: no digital access (hasAccess), nothing renews.
// - A paper subscription's paper stops through the delivery-change rules: a STOP from the first
//   delivery day the cut-off allows through the pause's last delivery day, recorded as dealt with
//   for stop credits (nothing was charged for those days, so nothing is credited).
// - It resumes by itself the day after its last day (runPauses, a background job safe on two
//   instances), with an e-mail 7 days before in the title's language.
// - The reader may end it early: access comes back today and the renewal date moves back by the
//   planned days not used (today through the last day), so each paused day counts and no more;
//   the paper's stop ends at the first day the cut-off allows.
// - Two requests at once make one pause: the subscription row is locked and the second sees the
//   first's (409 PAUSE_NOT_AVAILABLE, reason ALREADY_PAUSED); one open pause per subscription is
//   also the table's unique index.
// Owns `subscription_pauses`; the status changes go through the engine (lifecycle.ts).
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { hasBusinessInfo, SubscriptionStatus as S } from '../../../shared/subscription/status';
import { addDays, addMonths, daysBetween, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../../errors';
import { sendEmail } from '../../messaging/outbox';
import { type Email, languageOf, longDate } from '../../messaging/wording';
import { accountContact } from '../accounts/profile';
import { deliveryDaysBetween, earliestChangeStart } from '../delivery/calendar';
import { assertNoOverlap, checkChange } from '../delivery/changeRules';
import {
  changesOf,
  lockedChange,
  markStopCredited,
  markWithdrawn,
  recordDeliveryChange,
  rewriteChange,
} from '../delivery/changeStore';

import { applyCommandInTx } from './lifecycle';

export const PAUSE_MONTHS = [1, 2, 3] as const;
/** The pause may be used once in this many months (counted from a pause's first day). */
export const PAUSE_EVERY_MONTHS = 12;
/** The reader is told this many days before the subscription resumes by itself. */
export const PAUSE_NOTICE_DAYS = 7;

export type PauseUnavailableReason =
  | 'NOT_ACTIVE'
  | 'TRIAL'
  | 'PENDING_CANCELLATION'
  | 'FAMILY_SHARE'
  | 'FAMILY_OWNER'
  | 'BUSINESS'
  | 'PLAN_CONVERSION_PENDING'
  | 'ALREADY_PAUSED'
  | 'ALREADY_USED';

export interface PauseOffer {
  readonly available: boolean;
  /** Why not (null when available). */
  readonly reason: PauseUnavailableReason | null;
  /** ALREADY_USED: the first day a new pause can start. */
  readonly availableFrom: string | null;
  readonly months: readonly number[];
}

export interface PausePeriod {
  readonly from: string;
  readonly until: string;
}

/** The records the rule reads (pauseFactsSql, or the same from a locked transaction). */
export interface PauseFacts {
  readonly status: number;
  readonly eligibleForSharing: boolean;
  readonly shareKind: string | null;
  readonly subscriptionInfo1: string | null;
  readonly pendingReason: string | null;
  readonly familyMembers: number;
  /** The open pause (not resumed), if any. */
  readonly open: { readonly from: string; readonly until: string } | null;
  /** The first day of the latest pause, if any. */
  readonly lastFrom: string | null;
}

/** The pure rule: may this subscription be paused today? */
export function pauseOfferOf(facts: PauseFacts, today: string): PauseOffer {
  const no = (reason: PauseUnavailableReason, availableFrom: string | null = null): PauseOffer => ({
    available: false,
    reason,
    availableFrom,
    months: PAUSE_MONTHS,
  });
  if (facts.status === S.PAUSED || facts.open) return no('ALREADY_PAUSED');
  if (facts.shareKind === 'family' || !facts.eligibleForSharing) return no('FAMILY_SHARE');
  if (facts.shareKind === 'business-seat' || hasBusinessInfo(facts)) return no('BUSINESS');
  if (facts.status === S.TRIAL) return no('TRIAL');
  if (facts.status === S.PENDING_CANCELLATION) return no('PENDING_CANCELLATION');
  if (facts.status !== S.ACTIVE) return no('NOT_ACTIVE');
  if (facts.familyMembers > 0) return no('FAMILY_OWNER');
  if (facts.pendingReason) return no('PLAN_CONVERSION_PENDING');
  if (facts.lastFrom) {
    const next = addMonths(facts.lastFrom, PAUSE_EVERY_MONTHS);
    if (today < next) return no('ALREADY_USED', next);
  }
  return { available: true, reason: null, availableFrom: null, months: PAUSE_MONTHS };
}

/**
 * The facts of the subscription numbered by the SQL expression `subscriptionNo`, as one json
 * value, for a read composed into another statement (overview.ts).
 */
export const pauseFactsSql = (subscriptionNo: string) => `select json_build_object(
    'status', ps.status_code,
    'eligibleForSharing', ps.eligible_for_sharing,
    'shareKind', ps.share_kind,
    'subscriptionInfo1', ps.subscription_info1,
    'pendingReason', ps.pending_reason,
    'familyMembers', (select count(*) from family_members fm
                       where fm.owner_subscription_no = ps.subscription_no
                         and fm.ended_at is null),
    'open', (select json_build_object('from', op.from_date::text, 'until', op.until_date::text)
               from subscription_pauses op
              where op.subscription_no = ps.subscription_no and op.resumed_at is null),
    'lastFrom', (select max(lp.from_date)::text from subscription_pauses lp
                  where lp.subscription_no = ps.subscription_no))
  from subscriptions ps where ps.subscription_no = ${subscriptionNo}`;

/** The facts as pauseFactsSql answers them (its json, or null for no subscription). */
export function pauseFactsOf(json: unknown): PauseFacts | null {
  if (!json) return null;
  const f = json as PauseFacts & { familyMembers: number | string };
  return { ...f, familyMembers: Number(f.familyMembers) };
}

/** The open pause as the overview shows it: only while the subscription is PAUSED. */
export function currentPauseOf(facts: PauseFacts | null): PausePeriod | null {
  return facts && facts.status === S.PAUSED && facts.open ? facts.open : null;
}

export interface PauseDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** What a pause request or its early end answers (the receipt). */
export interface PauseReceipt {
  readonly subscriptionNo: string;
  readonly status: 'PAUSED' | 'ENDED';
  readonly months: number;
  readonly from: string;
  readonly until: string;
  /** The day it was ended early (access again from that day); null while it runs. */
  readonly endedOn: string | null;
  /** The renewal date as it is now (moved by the pause). */
  readonly renewalDate: string | null;
  /** The paper's stop for the pause (a paper subscription), as it stands now. */
  readonly paperStop: { readonly from: string; readonly to: string } | null;
}

const notFound = () =>
  new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');

const reasonText: Readonly<Record<PauseUnavailableReason, string>> = {
  NOT_ACTIVE: 'Only a running subscription can be paused',
  TRIAL: 'A trial cannot be paused',
  PENDING_CANCELLATION: 'A subscription being cancelled cannot be paused',
  FAMILY_SHARE: "A family member's share is paused only with the owner's subscription",
  FAMILY_OWNER: 'A subscription shared with family members cannot be paused',
  BUSINESS: 'A business subscription cannot be paused',
  PLAN_CONVERSION_PENDING: 'The plan changes on its renewal date; it cannot be paused before',
  ALREADY_PAUSED: 'The subscription is paused already',
  ALREADY_USED: 'A pause can be started once in 12 months',
};

/** The subscription row of the reader's account, locked; 404 for another account's. */
async function lockOwn(tx: Queryable, ariaAccountNo: string, subscriptionNo: string) {
  const [row] = await tx.query<{ title_code: string; product_type: string }>(
    `select s.title_code, p.product_type from subscriptions s join plans p on p.id = s.plan_id
      where s.subscription_no = $1 and s.aria_account_no = $2 for update of s`,
    [subscriptionNo, ariaAccountNo],
  );
  if (!row) throw notFound();
  return row;
}

/** The facts of one subscription on their own (the overview composes pauseFactsSql instead). */
export async function factsOf(tx: Queryable, subscriptionNo: string): Promise<PauseFacts> {
  const [row] = await tx.query<{ facts: unknown }>(`select (${pauseFactsSql('$1')}) as facts`, [
    subscriptionNo,
  ]);
  return pauseFactsOf(row?.facts)!;
}

/** The paper's stop for a pause from `now` through `until`: the delivery days the rules allow. */
function paperStopFor(
  titleCode: string,
  now: Date,
  until: string,
): { from: string; to: string } | null {
  const from = earliestChangeStart(titleCode, now).date;
  if (from > until) return null;
  const days = deliveryDaysBetween(titleCode, from, until);
  const first = days[0];
  const last = days.at(-1);
  return first && last ? { from: first, to: last } : null;
}

/** Pauses the reader's own subscription for `months` from today (one transaction). */
export function startPause(
  { db, clock }: PauseDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  months: number,
): Promise<PauseReceipt> {
  if (!(PAUSE_MONTHS as readonly number[]).includes(months))
    return Promise.reject(
      new DomainError(
        'invalid',
        'PAUSE_MONTHS_INVALID',
        'A pause lasts 1, 2 or 3 months',
        'months',
      ),
    );
  return db.transaction((tx) => pauseInTx(tx, clock, ariaAccountNo, subscriptionNo, months));
}

/** The work of startPause in the caller's transaction (also the demo seed's paused reader). */
export async function pauseInTx(
  tx: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  subscriptionNo: string,
  months: number,
  /** Kept with the audit event (the demo seed marks its own: `{ seed: true }`). */
  context: Readonly<Record<string, unknown>> = {},
): Promise<PauseReceipt> {
  const now = clock.now();
  const today = osloDateOf(now);
  const sub = await lockOwn(tx, ariaAccountNo, subscriptionNo);
  const offer = pauseOfferOf(await factsOf(tx, subscriptionNo), today);
  if (!offer.available) {
    const reason = offer.reason!;
    throw new DomainError(
      'conflict',
      reason === 'ALREADY_USED' ? 'PAUSE_ALREADY_USED' : 'PAUSE_NOT_AVAILABLE',
      reason === 'ALREADY_USED'
        ? `${reasonText[reason]}; the next can start on ${offer.availableFrom}`
        : reasonText[reason],
    );
  }
  const until = addDays(addMonths(today, months), -1);
  const applied = await applyCommandInTx(
    tx,
    subscriptionNo,
    { kind: 'pause', until },
    { clock, actor: 'user', ariaAccountNo, context: { months, ...context } },
  );

  let paperStop: { from: string; to: string } | null = null;
  let changeId: string | null = null;
  if (sub.product_type === 'COMBO') {
    const stop = paperStopFor(sub.title_code, now, until);
    if (stop) {
      const change = checkChange(
        sub.title_code,
        { type: 'STOP', fromDate: stop.from, toDate: stop.to },
        now,
      );
      try {
        assertNoOverlap(await changesOf(tx, subscriptionNo), change, today);
      } catch {
        throw new DomainError(
          'conflict',
          'PAUSE_NOT_AVAILABLE',
          'A delivery change is planned within the pause: withdraw it first',
        );
      }
      const row = await recordDeliveryChange(tx, {
        subscriptionNo,
        ariaAccountNo,
        titleCode: sub.title_code,
        type: 'STOP',
        from: stop.from,
        to: stop.to,
        address: null,
        at: now,
      });
      // Nothing is charged for the pause, so its stopped issues are never credited.
      await markStopCredited(tx, { id: String(row.id), creditedThrough: stop.to, addOre: 0 });
      paperStop = stop;
      changeId = String(row.id);
    }
  }

  await tx.query(
    `insert into subscription_pauses (subscription_no, months, from_date, until_date, shift_days,
         delivery_change_id, created_at)
       values ($1, $2, $3, $4, $5, $6::bigint, $7)`,
    [
      subscriptionNo,
      months,
      today,
      until,
      // the days the renewal date moved (the engine's shift)
      daysBetween(today, until) + 1,
      changeId,
      now.toISOString(),
    ],
  );
  const receipt: PauseReceipt = {
    subscriptionNo,
    status: 'PAUSED',
    months,
    from: today,
    until,
    endedOn: null,
    renewalDate: applied.subscription.renewalDate,
    paperStop,
  };
  // The confirmation, in the same transaction as the pause (the outbox): sent once, or not at all.
  if (context.seed !== true) {
    const contact = await accountContact(tx, ariaAccountNo);
    if (contact.email) {
      const email = pauseStartedEmail({
        titleCode: sub.title_code,
        firstName: contact.firstName,
        receipt,
      });
      await sendEmail(tx, contact.email, email.subject, email.body, now);
    }
  }
  return receipt;
}

interface OpenPauseRow extends Row {
  id: string;
  subscription_no: string;
  months: number;
  from_date: string;
  until_date: string;
  delivery_change_id: string | null;
}

const openPauseColumns = `p.id::text as id, p.subscription_no, p.months,
  p.from_date::text as from_date, p.until_date::text as until_date,
  p.delivery_change_id::text as delivery_change_id`;

/** The reader ends the pause early: access from today, the renewal date moved back fairly. */
export function endPauseEarly(
  { db, clock }: PauseDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<PauseReceipt> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const today = osloDateOf(now);
    const sub = await lockOwn(tx, ariaAccountNo, subscriptionNo);
    const [pause] = await tx.query<OpenPauseRow>(
      `select ${openPauseColumns} from subscription_pauses p
        where p.subscription_no = $1 and p.resumed_at is null for update`,
      [subscriptionNo],
    );
    const facts = await factsOf(tx, subscriptionNo);
    if (!pause || facts.status !== S.PAUSED)
      throw new DomainError('conflict', 'PAUSE_NOT_ACTIVE', 'The subscription is not paused');
    const applied = await applyCommandInTx(
      tx,
      subscriptionNo,
      { kind: 'endPause', until: pause.until_date },
      { clock, actor: 'user', ariaAccountNo, context: { early: true } },
    );
    await tx.query(
      `update subscription_pauses set ended_on = $2, resumed_at = $3 where id = $1::bigint`,
      [pause.id, today, now.toISOString()],
    );
    const paperStop = pause.delivery_change_id
      ? await shortenStop(tx, sub.title_code, pause.delivery_change_id, subscriptionNo, now)
      : null;
    return {
      subscriptionNo,
      status: 'ENDED',
      months: pause.months,
      from: pause.from_date,
      until: pause.until_date,
      endedOn: today,
      renewalDate: applied.subscription.renewalDate,
      paperStop,
    };
  });
}

/**
 * The pause's paper stop after an early end: the paper comes again from the first day the
 * cut-off allows. A stop not begun by then is withdrawn; one begun ends the delivery day before.
 */
async function shortenStop(
  tx: Queryable,
  titleCode: string,
  changeId: string,
  subscriptionNo: string,
  now: Date,
): Promise<{ from: string; to: string } | null> {
  const row = await lockedChange(tx, subscriptionNo, changeId).catch(() => null);
  if (!row || row.to_date === null) return null;
  const earliest = earliestChangeStart(titleCode, now).date;
  if (row.to_date < earliest) return { from: row.from_date, to: row.to_date };
  if (row.from_date >= earliest) {
    await markWithdrawn(tx, changeId, now);
    return null;
  }
  const last = deliveryDaysBetween(titleCode, row.from_date, addDays(earliest, -1)).at(-1);
  const to = last ?? row.from_date;
  await rewriteChange(tx, changeId, { type: 'STOP', from: row.from_date, to, address: null }, now);
  return { from: row.from_date, to };
}

// ---------------------------------------------------------------- the background job

export interface PauseRun {
  readonly notices: number;
  readonly resumed: number;
  readonly failed: number;
}

const words = {
  nb: {
    subject: (title: string, date: string) =>
      `Abonnementet ditt hos ${title} starter igjen ${date}`,
    ends: (until: string) => `Pausen i abonnementet ditt varer til og med ${until}.`,
    back: (date: string) => `Fra ${date} har du tilgang igjen, og avisen kommer som før.`,
    next: (date: string) => `Neste betaling er ${date}.`,
    endNow: (url: string) => `Vil du starte igjen før, avslutter du pausen på Min side: ${url}`,
    cancel: 'Vil du ikke fortsette, kan du si opp abonnementet på Min side.',
    bye: 'Hilsen',
  },
  nn: {
    subject: (title: string, date: string) =>
      `Abonnementet ditt hos ${title} startar igjen ${date}`,
    ends: (until: string) => `Pausen i abonnementet ditt varer til og med ${until}.`,
    back: (date: string) => `Frå ${date} har du tilgang igjen, og avisa kjem som før.`,
    next: (date: string) => `Neste betaling er ${date}.`,
    endNow: (url: string) => `Vil du starte igjen før, avsluttar du pausen på Mi side: ${url}`,
    cancel: 'Vil du ikkje halde fram, kan du seie opp abonnementet på Mi side.',
    bye: 'Helsing',
  },
} as const;

const startedWords = {
  nb: {
    subject: (title: string) => `Abonnementet ditt hos ${title} er satt på pause`,
    paused: (from: string, until: string) =>
      `Abonnementet ditt er satt på pause fra ${from} til og med ${until}. Du betaler ingenting i pausen.`,
    back: (date: string) => `Fra ${date} har du tilgang igjen. Det starter av seg selv.`,
    paper: (from: string, to: string) => `Papiravisen stopper ${from}–${to}.`,
    next: (date: string) => `Neste betaling er ${date}.`,
    reminder: 'Vi sender deg en e-post en uke før pausen er over.',
  },
  nn: {
    subject: (title: string) => `Abonnementet ditt hos ${title} er sett på pause`,
    paused: (from: string, until: string) =>
      `Abonnementet ditt er sett på pause frå ${from} til og med ${until}. Du betaler ingenting i pausen.`,
    back: (date: string) => `Frå ${date} har du tilgang igjen. Det startar av seg sjølv.`,
    paper: (from: string, to: string) => `Papiravisa stoppar ${from}–${to}.`,
    next: (date: string) => `Neste betaling er ${date}.`,
    reminder: 'Vi sender deg ein e-post ei veke før pausen er over.',
  },
} as const;

/** The confirmation when a reader pauses: the days, access again, the paper's stop, the payment. */
export function pauseStartedEmail(facts: {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly receipt: PauseReceipt;
}): Email {
  const title = getPublication(facts.titleCode);
  const language = languageOf(title);
  const w = startedWords[language];
  const end = words[language];
  const date = (d: string) => longDate(d, language);
  const { receipt } = facts;
  const lines = [
    facts.firstName ? `Hei ${facts.firstName},` : 'Hei,',
    '',
    w.paused(date(receipt.from), date(receipt.until)),
    w.back(date(addDays(receipt.until, 1))),
    ...(receipt.paperStop
      ? [w.paper(date(receipt.paperStop.from), date(receipt.paperStop.to))]
      : []),
    ...(receipt.renewalDate ? [w.next(date(receipt.renewalDate))] : []),
    w.reminder,
    '',
    end.endNow(`https://${minsideHost(title)}/`),
    '',
    end.bye,
    title.displayName,
  ];
  return { subject: w.subject(title.displayName), body: lines.join('\n') };
}

/** The e-mail 7 days before the subscription resumes by itself, in the title's language. */
export function pauseEndingEmail(facts: {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly until: string;
  readonly renewalDate: string | null;
}): Email {
  const title = getPublication(facts.titleCode);
  const language = languageOf(title);
  const w = words[language];
  const date = (d: string) => longDate(d, language);
  const back = addDays(facts.until, 1);
  const lines = [
    facts.firstName ? `Hei ${facts.firstName},` : 'Hei,',
    '',
    w.ends(date(facts.until)),
    w.back(date(back)),
    ...(facts.renewalDate ? [w.next(date(facts.renewalDate))] : []),
    '',
    w.endNow(`https://${minsideHost(title)}/`),
    w.cancel,
    '',
    w.bye,
    title.displayName,
  ];
  return { subject: w.subject(title.displayName, date(back)), body: lines.join('\n') };
}

interface ClaimedPause extends OpenPauseRow {
  aria_account_no: string;
  title_code: string;
  renewal_date: string | null;
}

const claimPause = (due: string) => `
  select ${openPauseColumns}, s.aria_account_no, s.title_code, s.renewal_date::text as renewal_date
    from subscription_pauses p join subscriptions s on s.subscription_no = p.subscription_no
   where p.resumed_at is null and s.status_code = ${S.PAUSED} and ${due}
     and not (p.id = any($2::bigint[]))
   order by p.until_date, p.id
   limit 1
     for update of p skip locked`;

/**
 * The pauses' background work, safe to run twice or on two instances: each pause is claimed in
 * its own transaction (`for update skip locked`) with its due condition checked under the lock.
 * First the e-mail 7 days before a pause ends (once: `notice_sent_at`), then the resumption the
 * day after its last day (once: `resumed_at`, and the engine event's dedupe key).
 */
export async function runPauses({ db, clock }: PauseDeps): Promise<PauseRun> {
  const now = clock.now();
  const today = osloDateOf(now);
  const tried: string[] = [];
  let notices = 0;
  let resumed = 0;
  let failed = 0;
  const step = async (
    due: string,
    work: (tx: Queryable, p: ClaimedPause) => Promise<void>,
  ): Promise<boolean> => {
    let claimed: ClaimedPause | undefined;
    try {
      return await db.transaction(async (tx) => {
        [claimed] = await tx.query<ClaimedPause>(claimPause(due), [today, tried]);
        if (!claimed) return false;
        await work(tx, claimed);
        return true;
      });
    } catch (error) {
      if (!claimed) throw error;
      tried.push(claimed.id);
      failed += 1;
      return true;
    }
  };

  // The notice: from 7 days before the first day with access again, while the pause lasts.
  while (
    await step(
      `p.notice_sent_at is null and p.until_date - ${PAUSE_NOTICE_DAYS - 1} <= $1::date
       and p.until_date >= $1::date`,
      async (tx, p) => {
        const contact = await accountContact(tx, p.aria_account_no);
        if (contact.email) {
          const email = pauseEndingEmail({
            titleCode: p.title_code,
            firstName: contact.firstName,
            until: p.until_date,
            renewalDate: p.renewal_date,
          });
          await sendEmail(tx, contact.email, email.subject, email.body, now);
        }
        await tx.query('update subscription_pauses set notice_sent_at = $2 where id = $1::bigint', [
          p.id,
          now.toISOString(),
        ]);
        notices += 1;
      },
    )
  );

  // The resumption: the day after the pause's last day.
  while (
    await step('p.until_date < $1::date', async (tx, p) => {
      await applyCommandInTx(
        tx,
        p.subscription_no,
        { kind: 'endPause', until: p.until_date },
        { clock, actor: 'job', dedupeKey: `pauseEnd:${p.subscription_no}:${p.until_date}` },
      );
      await tx.query('update subscription_pauses set resumed_at = $2 where id = $1::bigint', [
        p.id,
        now.toISOString(),
      ]);
      resumed += 1;
    })
  );
  return { notices, resumed, failed };
}
