// Dunning: what happens to a giro invoice that is not paid, and to a card or Vipps charge that
// failed. Only those of a subscription that is ACTIVE, or being cancelled (a cancellation does
// not make the unpaid period free: it is reminded and suspended all the same, and still ends on
// its day), are dunned; paid invoices, charges still being taken, and subscriptions that are
// suspended already, cancelled, on trial or paid by someone else are left alone. A failed charge
// has no reminder of this job's: the billing job tells the reader at once (`noticeFailedCharge`,
// naming the day of suspension), and this job suspends the subscription on that day if the
// charge is still unpaid; a retry that goes through, a new payment method or a payment by hand
// brings it back.
//
// The rule (days are Europe/Oslo calendar days; the terms per title are in terms.ts):
// - `reminderDays` (7) after the due date, one reminder is e-mailed through the outbox. It names
//   the day the subscription will be suspended: `suspensionDays` (14) after the due date, or, for
//   a reminder sent late (the job did not run, the invoice came late), `suspensionDays -
//   reminderDays` days after the reminder — a reader always gets that much notice.
// - On the day the reminder named, an invoice still unpaid suspends the subscription with the
//   engine's `suspend` command (audited in `subscription_events`, dedupe key
//   `suspend:<invoice no>`), and an e-mail says why and how to pay. No reminder, no suspension.
// - Paying the invoice (settlement.ts) resumes it, unless another invoice whose day has come is
//   still unpaid (it would only be suspended again). A subscription resumed by hand is not
//   suspended again for the same invoice (its dedupe key exists).
//
// Each message is one row here, unique per invoice and kind, written in the same transaction as
// its outbox e-mail (and, for a suspension, as the engine command): the job can run any number of
// times, and on several instances at once (each invoice is claimed `for update skip locked`),
// and each message still goes out once. Owns `dunning_notices`.
import { SubscriptionStatus as S } from '../../../shared/subscription/status';
import { addDays, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../../errors';
import type { Letter } from '../../messaging/letter/letter';
import { sendLetter } from '../../messaging/letter/render';
import { outboxSender } from '../../messaging/outbox';
import { accountContact } from '../accounts/profile';
import {
  INVOICE_NUMBER_OFFSET,
  invoiceKid,
  kidAlgorithmOf,
  PAYMENT_TERMS_DAYS,
  payeeAccountNumber,
  type UnpaidInvoice,
} from '../invoices/invoices';
import { applyCommandInTx } from '../subscriptions/lifecycle';

import {
  chargeSuspensionEmail,
  type DunnedInvoiceFacts,
  type FailedChargeFacts,
  paymentFailedEmail,
  reminderEmail,
  suspensionEmail,
} from './messages';
import {
  DEFAULT_DUNNING_TERMS,
  dunningTermsOf,
  type DunningTerms,
  titlesWithOwnTerms,
} from './terms';

// ---------------------------------------------------------------- the rule, as plain functions

/** The due date of a giro invoice issued on `issuedOn` (invoices.ts: the payment terms). */
/** The subscriptions whose unpaid giro invoices are dunned: running, or running to a cancellation. */
const dunnedStatuses: readonly number[] = [S.ACTIVE, S.PENDING_CANCELLATION];

export const giroDueDate = (issuedOn: string) => addDays(issuedOn, PAYMENT_TERMS_DAYS);

/**
 * The billing effects (alias `b`) dunning follows: an unpaid giro invoice, or a card or Vipps
 * charge that failed; never one of 0 kr (it cannot be paid; billing records one paid).
 */
const dunnedEffect = (b: string) =>
  `((${b}.kind = 'invoice' and ${b}.status <> 'paid') or (${b}.kind = 'charge' and ${b}.status = 'failed'))
     and ${b}.amount_ore > 0`;

/** The day the reminder of an invoice due on `dueDate` goes out. */
export const reminderDay = (dueDate: string, terms: DunningTerms) =>
  addDays(dueDate, terms.reminderDays);

/**
 * The day an unpaid giro invoice suspends its subscription: the day its reminder named
 * (`promised`) once it has been sent; before that, `suspensionDays` after the due date, or the
 * notice period after today when today is past the reminder day (the reminder goes out late).
 */
export function suspensionDay(
  dueDate: string,
  terms: DunningTerms,
  today: string,
  promised: string | null,
): string {
  if (promised) return promised;
  const planned = addDays(dueDate, terms.suspensionDays);
  const remindedOn = [reminderDay(dueDate, terms), today].sort()[1]!;
  const earliest = addDays(remindedOn, terms.suspensionDays - terms.reminderDays);
  return planned > earliest ? planned : earliest;
}

/** The first instant of an Oslo calendar day (midnight is never in a summer-time gap). */
export function osloMidnight(date: string): Date {
  for (const offset of ['+02:00', '+01:00']) {
    const instant = new Date(`${date}T00:00:00${offset}`);
    if (osloDateOf(instant) === date && osloDateOf(new Date(instant.getTime() - 1)) !== date)
      return instant;
  }
  throw new RangeError(`No Oslo midnight found for ${date}`);
}

export const invoiceNoOf = (id: number | string) => String(INVOICE_NUMBER_OFFSET + Number(id));

// ---------------------------------------------------------------- what the home page shows

/** An unpaid invoice with the day it suspends the subscription (null: it never does). */
export type DunnedInvoice = UnpaidInvoice & { readonly suspendsOn: string | null };

/** Why a suspended subscription is suspended: the unpaid invoice, and since when. */
export interface Suspension {
  /** A giro invoice not paid, or a card or Vipps charge that failed. */
  readonly cause: 'UNPAID_INVOICE' | 'PAYMENT_FAILED';
  readonly ariaInvoiceNo: string;
  readonly amount: number;
  readonly dueDate: string;
  /** The day it was suspended (Europe/Oslo). */
  readonly since: string;
}

interface FactsJson {
  /** The subscription's unpaid giro invoices and failed charges with their notices, oldest first. */
  readonly invoices: readonly {
    readonly id: number | string;
    readonly kind?: 'invoice' | 'charge';
    readonly amount_ore: number | string;
    readonly created_at: string;
    readonly period_start?: string;
    readonly promised: string | null;
    readonly suspended_at: string | null;
  }[];
  /** The latest suspension of the subscription by this job, if any. */
  readonly suspended_at: string | null;
}

/**
 * The dunning facts of the subscription numbered by the SQL expression `subscriptionNo`, as one
 * json value, for a read composed into another statement (overview.ts); dunningOf maps it.
 */
export const dunningFactsSql = (subscriptionNo: string) =>
  `select json_build_object(
      'invoices', coalesce((
        select json_agg(json_build_object(
                 'id', b.id, 'kind', b.kind, 'amount_ore', b.amount_ore,
                 'created_at', b.created_at, 'period_start', b.period_start,
                 'promised', r.suspends_on, 'suspended_at', x.sent_at) order by b.id)
          from billing_effects b
          left join dunning_notices r on r.billing_effect_id = b.id and r.kind = 'reminder'
          left join dunning_notices x on x.billing_effect_id = b.id and x.kind = 'suspension'
         where b.subscription_no = ${subscriptionNo} and ${dunnedEffect('b')}),
        '[]'::json),
      'suspended_at', (select max(n.sent_at) from dunning_notices n
                        where n.subscription_no = ${subscriptionNo} and n.kind = 'suspension'))`;

export interface Dunning {
  /** The day each unpaid giro invoice suspends the subscription (dunned ones only). */
  readonly suspendsOn: ReadonlyMap<string, string>;
  /** Why it is suspended (SUSPENDED by this job, with an invoice still unpaid); else null. */
  readonly suspension: Suspension | null;
}

/** What dunningFactsSql answered, as of `now`, for a subscription in `status` to `titleCode`. */
export function dunningOf(
  json: unknown,
  subscription: { readonly status: number; readonly titleCode: string },
  now: Date,
): Dunning {
  const facts = (json ?? { invoices: [], suspended_at: null }) as FactsJson;
  const today = osloDateOf(now);
  const terms = dunningTermsOf(subscription.titleCode);
  const invoices = facts.invoices.map((row) => {
    const charge = row.kind === 'charge';
    const dueDate =
      charge && row.period_start
        ? row.period_start.slice(0, 10)
        : giroDueDate(osloDateOf(new Date(row.created_at)));
    return {
      charge,
      promised: row.promised,
      ariaInvoiceNo: invoiceNoOf(row.id),
      amount: Number(row.amount_ore),
      dueDate,
      suspendsOn: suspensionDay(dueDate, terms, today, row.promised),
      suspendedAt: row.suspended_at,
    };
  });
  const suspendsOn = new Map<string, string>(
    dunnedStatuses.includes(subscription.status)
      ? invoices
          // A failed charge suspends only on the day its failure e-mail named (none: never).
          .filter((i) => !i.charge || i.promised)
          .map((i) => [i.ariaInvoiceNo, i.suspendsOn])
      : [],
  );
  let suspension: Suspension | null = null;
  if (subscription.status === S.SUSPENDED && facts.suspended_at) {
    // The invoice that suspended it; when that one is paid and another keeps it suspended, that one.
    const reason =
      invoices.find((i) => i.suspendedAt) ?? invoices.find((i) => i.suspendsOn <= today);
    if (reason)
      suspension = {
        cause: reason.charge ? 'PAYMENT_FAILED' : 'UNPAID_INVOICE',
        ariaInvoiceNo: reason.ariaInvoiceNo,
        amount: reason.amount,
        dueDate: reason.dueDate,
        since: osloDateOf(new Date(facts.suspended_at)),
      };
  }
  return { suspendsOn, suspension };
}

/** The unpaid invoices with the day each suspends the subscription (null: never). */
export const withSuspensionDays = (
  unpaid: readonly UnpaidInvoice[],
  dunning: Dunning,
): DunnedInvoice[] =>
  unpaid.map((invoice) => ({
    ...invoice,
    suspendsOn: dunning.suspendsOn.get(invoice.ariaInvoiceNo) ?? null,
  }));

/** The dunning of one subscription on its own (one statement). */
export async function readDunning(
  db: Queryable,
  subscription: {
    readonly subscriptionNo: string;
    readonly status: number;
    readonly titleCode: string;
  },
  now: Date,
): Promise<Dunning> {
  const [row] = await db.query<{ facts: unknown }>(`select (${dunningFactsSql('$1')}) as facts`, [
    subscription.subscriptionNo,
  ]);
  return dunningOf(row?.facts ?? null, subscription, now);
}

/**
 * Whether a giro invoice or failed charge other than `paidEffectId` would suspend the
 * subscription right away: it is unpaid and the day its reminder named has come. Paying one
 * invoice then does not resume the subscription (settlement.ts).
 */
export async function suspendedByAnotherInvoice(
  db: Queryable,
  subscriptionNo: string,
  paidEffectId: number | string,
  today: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from billing_effects b
       join dunning_notices r on r.billing_effect_id = b.id and r.kind = 'reminder'
      where b.subscription_no = $1 and b.id <> $2 and ${dunnedEffect('b')}
        and r.suspends_on <= $3::date
      limit 1`,
    [subscriptionNo, paidEffectId, today],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- the job's steps

/** The outcome of one claim: nothing left, a message sent, or a row left alone (and why). */
export type DunningOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'sent'; readonly ariaInvoiceNo: string; readonly email: string | null }
  | {
      readonly kind: 'duplicate' | 'skipped' | 'failed';
      readonly billingEffectId: string;
      readonly message: string;
    };

interface ClaimedInvoice extends Row {
  id: number | string;
  kind: 'invoice' | 'charge';
  provider: string | null;
  period_start: string;
  subscription_no: string;
  aria_account_no: string;
  title_code: string;
  customer_number: string;
  plan_name: string;
  amount_ore: number | string;
  created_at: Date | string;
}

const claimedColumns = `b.id, b.kind, b.provider, b.period_start::text as period_start,
         b.subscription_no, s.aria_account_no, s.title_code, s.customer_number, p.plan_name,
         b.amount_ore, b.created_at`;

const giroOfActive = `
    from billing_effects b
    join subscriptions s on s.subscription_no = b.subscription_no
    join plans p on p.id = coalesce(b.plan_id, s.plan_id)`;

// An invoice of 0 kr is never dunned (it cannot be paid; billing records one paid, settlement.ts).
const unpaidGiroWhere = `b.kind = 'invoice' and b.status <> 'paid' and b.amount_ore > 0
    and s.status_code in (${dunnedStatuses.join(', ')})`;
/** The giro invoices and the failed card or Vipps charges a suspension may be for. */
const suspendableWhere = `${dunnedEffect('b')} and s.status_code in (${dunnedStatuses.join(', ')})`;

/** Thrown inside a claim's transaction to roll it back; reported as its outcome. */
class LeaveAlone extends Error {
  constructor(readonly outcome: DunningOutcome) {
    super(outcome.kind);
  }
}

/**
 * Runs one claim in its own transaction; a LeaveAlone rolls it back and is its outcome. `work`
 * names the invoice it claimed (`claimed`): anything else that goes wrong after that (a bug, the
 * invoice's own data, the outbox) rolls the claim back too and is a `failed` outcome for that
 * invoice, so the job reports it and goes on with the next one instead of stopping at the same
 * invoice on every run. An error before an invoice is claimed is thrown on.
 */
async function inClaim(
  db: Db,
  work: (tx: Queryable, claimed: (id: number | string) => void) => Promise<DunningOutcome>,
): Promise<DunningOutcome> {
  let claimedId: string | null = null;
  try {
    return await db.transaction((tx) =>
      work(tx, (id) => {
        claimedId = String(id);
      }),
    );
  } catch (error) {
    if (error instanceof LeaveAlone) return error.outcome;
    if (claimedId === null) throw error;
    return {
      kind: 'failed',
      billingEffectId: claimedId,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

function factsOf(
  row: ClaimedInvoice,
  firstName: string | null,
  suspendsOn: string,
): DunnedInvoiceFacts {
  const ariaInvoiceNo = invoiceNoOf(row.id);
  return {
    titleCode: row.title_code,
    planName: row.plan_name,
    firstName,
    ariaInvoiceNo,
    amountOre: Number(row.amount_ore),
    dueDate: giroDueDate(osloDateOf(new Date(row.created_at))),
    kid: invoiceKid(row.customer_number, ariaInvoiceNo, kidAlgorithmOf(row.title_code)),
    payeeAccountNumber: payeeAccountNumber(row.title_code),
    suspendsOn,
  };
}

async function recordNotice(
  tx: Queryable,
  row: ClaimedInvoice,
  notice: {
    readonly kind: 'reminder' | 'suspension';
    readonly suspendsOn: string;
    readonly email: string | null;
    readonly eventId: number | null;
    readonly now: Date;
  },
): Promise<boolean> {
  const inserted = await tx.query(
    `insert into dunning_notices (billing_effect_id, subscription_no, kind, suspends_on, email,
       event_id, sent_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (billing_effect_id, kind) do nothing returning id`,
    [
      row.id,
      row.subscription_no,
      notice.kind,
      notice.suspendsOn,
      notice.email,
      notice.eventId,
      notice.now.toISOString(),
    ],
  );
  return inserted.length > 0;
}

async function send(tx: Queryable, to: string | null, email: Letter, now: Date): Promise<void> {
  if (to) await sendLetter(outboxSender(tx, now), to, email);
}

/**
 * The instant before which a giro invoice was issued for its reminder to be due today, per
 * title: issued on or before today - payment terms - reminderDays (Oslo dates).
 */
function reminderCutoffs(today: string) {
  const cutoff = (terms: DunningTerms) =>
    osloMidnight(addDays(today, 1 - PAYMENT_TERMS_DAYS - terms.reminderDays)).toISOString();
  const own = titlesWithOwnTerms();
  return {
    fallback: cutoff(DEFAULT_DUNNING_TERMS),
    titles: own.map(([code]) => code),
    cutoffs: own.map(([, terms]) => cutoff(terms)),
  };
}

/**
 * Sends the reminder of one unpaid giro invoice whose reminder day has come (none sent yet),
 * skipping the invoices in `tried` and any another instance holds. One transaction: the notice
 * row, then the e-mail.
 */
export function sendNextReminder(
  db: Db,
  clock: Clock,
  tried: readonly string[],
): Promise<DunningOutcome> {
  const now = clock.now();
  const today = osloDateOf(now);
  const { fallback, titles, cutoffs } = reminderCutoffs(today);
  return inClaim(db, async (tx, claimed) => {
    const [row] = await tx.query<ClaimedInvoice>(
      `select ${claimedColumns} ${giroOfActive}
         left join unnest($2::text[], $3::timestamptz[]) as t(title_code, cutoff)
                on t.title_code = s.title_code
        where ${unpaidGiroWhere}
          and b.created_at < coalesce(t.cutoff, $1::timestamptz)
          and not exists (select 1 from dunning_notices n
                           where n.billing_effect_id = b.id and n.kind = 'reminder')
          and not (b.id::text = any($4::text[]))
        order by b.id
        limit 1
          for update of b skip locked`,
      [fallback, titles, cutoffs, tried],
    );
    if (!row) return { kind: 'none' };
    claimed(row.id);
    const dueDate = giroDueDate(osloDateOf(new Date(row.created_at)));
    const { recorded, suspendsOn, contact } = await recordReminder(tx, row, dueDate, now);
    if (!recorded)
      throw new LeaveAlone({
        kind: 'duplicate',
        billingEffectId: String(row.id),
        message: `The reminder of ${invoiceNoOf(row.id)} was sent already`,
      });
    await send(tx, contact.email, reminderEmail(factsOf(row, contact.firstName, suspendsOn)), now);
    return { kind: 'sent', ariaInvoiceNo: invoiceNoOf(row.id), email: contact.email };
  });
}

/**
 * Suspends the subscription of one unpaid giro invoice whose reminder's day has come (the
 * engine's `suspend`, audited), records it and e-mails why, in one transaction; skips the
 * invoices in `tried` and any another instance holds.
 */
export function suspendNext(
  db: Db,
  clock: Clock,
  tried: readonly string[],
): Promise<DunningOutcome> {
  const now = clock.now();
  const today = osloDateOf(now);
  return inClaim(db, async (tx, claimed) => {
    const [row] = await tx.query<ClaimedInvoice & { suspends_on: string; reminded_at: string }>(
      `select ${claimedColumns}, r.suspends_on::text as suspends_on, r.sent_at as reminded_at
          ${giroOfActive}
         join dunning_notices r on r.billing_effect_id = b.id and r.kind = 'reminder'
        where ${suspendableWhere}
          and r.suspends_on <= $1::date
          and not exists (select 1 from dunning_notices n
                           where n.billing_effect_id = b.id and n.kind = 'suspension')
          and not (b.id::text = any($2::text[]))
        order by r.suspends_on, b.id
        limit 1
          for update of b skip locked`,
      [today, tried],
    );
    if (!row) return { kind: 'none' };
    claimed(row.id);
    const billingEffectId = String(row.id);
    const ariaInvoiceNo = invoiceNoOf(row.id);
    const dueDate =
      row.kind === 'charge' ? row.period_start : giroDueDate(osloDateOf(new Date(row.created_at)));
    let eventId: number;
    try {
      const applied = await applyCommandInTx(
        tx,
        row.subscription_no,
        { kind: 'suspend', ariaInvoiceNo, suspendsOn: row.suspends_on },
        {
          clock,
          actor: 'job',
          dedupeKey: `suspend:${ariaInvoiceNo}`,
          context: {
            ariaInvoiceNo,
            amountOre: Number(row.amount_ore),
            dueDate,
            remindedAt: new Date(row.reminded_at).toISOString(),
          },
        },
      );
      eventId = applied.eventId;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // failed, for this invoice (inClaim)
      // Changed under our feet (suspended, cancelled or resumed by hand meanwhile): left alone.
      const kind =
        error.code === 'DUPLICATE_EVENT'
          ? 'duplicate'
          : error.code === 'SUBSCRIPTION_STATE_CONFLICT'
            ? 'skipped'
            : 'failed';
      throw new LeaveAlone({ kind, billingEffectId, message: error.message });
    }
    const contact = await accountContact(tx, row.aria_account_no);
    const recorded = await recordNotice(tx, row, {
      kind: 'suspension',
      suspendsOn: row.suspends_on,
      email: contact.email,
      eventId,
      now,
    });
    if (!recorded)
      throw new LeaveAlone({
        kind: 'duplicate',
        billingEffectId,
        message: `The suspension for ${ariaInvoiceNo} was made already`,
      });
    await send(
      tx,
      contact.email,
      row.kind === 'charge'
        ? chargeSuspensionEmail(chargeFactsOf(row, contact.firstName, row.suspends_on, null))
        : suspensionEmail(factsOf(row, contact.firstName, row.suspends_on)),
      now,
    );
    return { kind: 'sent', ariaInvoiceNo, email: contact.email };
  });
}

/**
 * Records the reminder of `row` naming the day it suspends the subscription (once per invoice:
 * false when it was recorded before), with the reader's contact to write to.
 */
async function recordReminder(tx: Queryable, row: ClaimedInvoice, dueDate: string, now: Date) {
  const suspendsOn = suspensionDay(dueDate, dunningTermsOf(row.title_code), osloDateOf(now), null);
  const contact = await accountContact(tx, row.aria_account_no);
  const recorded = await recordNotice(tx, row, {
    kind: 'reminder',
    suspendsOn,
    email: contact.email,
    eventId: null,
    now,
  });
  return { recorded, suspendsOn, contact };
}

function chargeFactsOf(
  row: ClaimedInvoice,
  firstName: string | null,
  suspendsOn: string,
  charge: { readonly failure: string | null; readonly retryOn: string | null } | null,
): FailedChargeFacts {
  return {
    titleCode: row.title_code,
    planName: row.plan_name,
    firstName,
    ariaInvoiceNo: invoiceNoOf(row.id),
    amountOre: Number(row.amount_ore),
    dueDate: row.period_start,
    method: row.provider === 'VIPPS' ? 'VIPPS' : 'SWEDBANK-PPG',
    failure: charge?.failure ?? null,
    retryOn: charge?.retryOn ?? null,
    suspendsOn,
  };
}

/**
 * A card or Vipps charge failed (jobs/billing.ts, in its transaction `tx`): the first time, the
 * reader is told at once by e-mail — why, when it is tried again, how to fix it, and the day the
 * subscription is suspended if it stays unpaid (as a giro reminder names it: the notice row is
 * this charge's reminder, which the suspension step acts on). A charge told about before is not
 * told again (its retries fail quietly). Answers whether an e-mail was written.
 */
export async function noticeFailedCharge(
  tx: Queryable,
  billingEffectId: number | string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx.query<
    ClaimedInvoice & { failure: string | null; retry_at: string | null }
  >(
    `select ${claimedColumns}, b.failure, b.retry_at ${giroOfActive}
      where b.id = $1 and b.kind = 'charge' and b.status = 'failed' and b.amount_ore > 0
        and s.status_code in (${dunnedStatuses.join(', ')})`,
    [billingEffectId],
  );
  if (!row) return false;
  const { recorded, suspendsOn, contact } = await recordReminder(tx, row, row.period_start, now);
  if (!recorded) return false;
  const retryOn = row.retry_at ? osloDateOf(new Date(row.retry_at)) : null;
  await send(
    tx,
    contact.email,
    paymentFailedEmail(
      chargeFactsOf(row, contact.firstName, suspendsOn, { failure: row.failure, retryOn }),
    ),
    now,
  );
  return contact.email !== null;
}

/**
 * A reminder that went out before the invoice came here (the demo data), recorded as the job
 * records one, so the day it named is kept. Answers false when the invoice has one already.
 */
export async function importReminder(
  tx: Queryable,
  input: {
    readonly billingEventId: number;
    readonly suspendsOn: string;
    readonly email: string | null;
    readonly sentAt: Date;
  },
): Promise<boolean> {
  const inserted = await tx.query(
    `insert into dunning_notices (billing_effect_id, subscription_no, kind, suspends_on, email,
       sent_at)
     select b.id, b.subscription_no, 'reminder', $2, $3, $4
       from billing_effects b where b.event_id = $1 and b.kind = 'invoice'
     on conflict (billing_effect_id, kind) do nothing returning id`,
    [input.billingEventId, input.suspendsOn, input.email, input.sentAt.toISOString()],
  );
  return inserted.length > 0;
}

/** Erasure (privacy/deletion.ts): reminders stay with their invoices, the e-mail address goes. */
export async function eraseDunningContacts(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `update dunning_notices set email = null where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}

/** The bookkeeping's time is out (privacy/deletion.ts): the reminders of the account's invoices. */
export async function purgeDunning(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from dunning_notices where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}
