// Invoices as the reader sees them: one per billing effect of the lifecycle (an order, a renewal,
// a trial conversion, an upgrade's difference). The number, the KID (by the title's OCR
// agreement), the due date and the payee's account are derived from the effect, so an invoice
// never disagrees with the money the lifecycle recorded. The credits a renewal took off for
// papers that did not come (complaints/missedPaperCredits.ts) are its lines of their own.
import { createHash } from 'node:crypto';

import { INVOICE_NUMBER_OFFSET } from '../../../shared/payment/invoice-number';
import { makeKid, mod11CheckDigit, type KidAlgorithm } from '../../../shared/payment/kid';
import { getPublication } from '../../../shared/publications/registry';
import type { Period } from '../../../shared/subscription/plans';
import { addDays, osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { PaymentProvider } from '../../payments/port';

import { invoiceDescription } from './descriptions';

/** Invoice numbers follow the billing effect's id in their own series (shared with the SPA). */
export { INVOICE_NUMBER_OFFSET };
/** Days a reader has to pay a giro invoice. */
export const PAYMENT_TERMS_DAYS = 14;

/**
 * The titles' OCR agreements: MOD10 unless configured. (The agreement is the bank's; Adresseavisen
 * is configured with MOD11 here so both algorithms are exercised end to end.)
 */
export const ocrAgreements: Readonly<Record<string, KidAlgorithm>> = { ADR: 'MOD11' };

export const kidAlgorithmOf = (titleCode: string): KidAlgorithm =>
  ocrAgreements[titleCode] ?? 'MOD10';

/**
 * The KID of an invoice: the customer number (7 digits) and the invoice number (9 digits) and
 * the check digit. A base without a MOD11 check digit (one in eleven) gets one more digit, the
 * first of 1, 2 … with which it has one: the appended digit weighs 2, so of 1 and 2 at most one
 * can fail (the extra digit does not always work with 1 alone: 7000036 800000043).
 */
export function invoiceKid(customerNumber: string, ariaInvoiceNo: string, algorithm: KidAlgorithm) {
  const base = customerNumber.padStart(7, '0').slice(-7) + ariaInvoiceNo.padStart(9, '0');
  if (algorithm === 'MOD11' && mod11CheckDigit(base) === null) {
    const extended = ['1', '2'].map((digit) => base + digit);
    return makeKid(
      extended.find((b) => mod11CheckDigit(b) !== null)!,
      algorithm,
    );
  }
  return makeKid(base, algorithm);
}

/**
 * The title's bank account for giro payments: a valid Norwegian account number (11 digits, MOD11
 * check digit) derived from the title code, the same every time.
 */
export function payeeAccountNumber(titleCode: string): string {
  const hash = createHash('sha256').update(titleCode).digest();
  let serial = hash.readUInt32BE(0) % 1_000_000;
  for (;;) {
    const base = `1506${String(serial).padStart(6, '0')}`;
    const check = mod11CheckDigit(base);
    if (check !== null) return base + check;
    serial = (serial + 1) % 1_000_000;
  }
}

/** A credit an invoice took off, shown as a line of its own. */
export interface InvoiceCredit {
  /** MISSED_PAPER: a paper that did not come (a complaint «Avisen kom ikke»). */
  readonly kind: 'MISSED_PAPER';
  readonly deliveryDate: string;
  /** Øre taken off (positive). */
  readonly amount: number;
}

export interface Invoice {
  readonly ariaInvoiceNo: string;
  readonly kid: string;
  readonly amount: number;
  readonly currency: 'NOK';
  readonly status: 'PAID' | 'UNPAID';
  readonly overdue: boolean;
  readonly issuedOn: string;
  readonly dueDate: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly description: string;
  readonly payeeAccountNumber: string;
  /** Paid: the provider of the payment that settled it. Unpaid: the method it is billed to. */
  readonly paymentProvider: PaymentProvider | null;
  readonly subscriptionNo: string;
  readonly paidAt: string | null;
  /** How it was actually paid (null while unpaid): never the subscription's method as such. */
  readonly paidWith: {
    readonly provider: PaymentProvider;
    readonly maskedCardNumber: string | null;
  } | null;
  /** Taken off the amount already (it is what is left to pay), oldest day first. */
  readonly credits: readonly InvoiceCredit[];
}

interface InvoiceRow {
  id: number | string;
  kind: 'charge' | 'invoice';
  reason: string;
  amount_ore: number | string;
  period_start: string;
  period_end: string;
  provider: PaymentProvider | null;
  paid_provider: PaymentProvider | null;
  paid_masked_card: string | null;
  status: 'open' | 'pending' | 'paid' | 'failed';
  failure: string | null;
  retry_at: Date | string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  subscription_no: string;
  title_code: string;
  customer_number: string;
  plan_name: string;
  period: Period;
  missed_paper_credits?: { deliveryDate: string; amount: number | string }[] | null;
  [column: string]: unknown;
}

const selectInvoices = `
  select b.id, b.kind, b.reason, b.amount_ore, b.period_start::text as period_start,
         b.period_end::text as period_end, b.provider, b.paid_provider, b.paid_masked_card,
         b.status, b.failure, b.retry_at, b.created_at, b.settled_at,
         s.subscription_no, s.title_code, s.customer_number, p.plan_name, p.period,
         (select json_agg(json_build_object('deliveryDate', m.delivery_date::text,
                                            'amount', m.amount_ore) order by m.delivery_date)
            from missed_paper_credits m where m.billing_effect_id = b.id) as missed_paper_credits
    from billing_effects b
    join subscriptions s on s.subscription_no = b.subscription_no
    join plans p on p.id = coalesce(b.plan_id, s.plan_id)`;

function toInvoice(row: InvoiceRow, today: string): Invoice {
  const ariaInvoiceNo = String(INVOICE_NUMBER_OFFSET + Number(row.id));
  const issuedOn = osloDateOf(new Date(row.created_at));
  const paid = row.status === 'paid';
  // A charge is due when it is made; a giro invoice has the payment terms.
  const dueDate = row.kind === 'invoice' ? addDays(issuedOn, PAYMENT_TERMS_DAYS) : issuedOn;
  // A paid invoice says how it was paid: a giro invoice paid by card on /betal-faktura was paid
  // by card, whatever the subscription's method is.
  const paidBy = paid ? (row.paid_provider ?? row.provider) : null;
  return {
    ariaInvoiceNo,
    kid: invoiceKid(row.customer_number, ariaInvoiceNo, kidAlgorithmOf(row.title_code)),
    amount: Number(row.amount_ore),
    currency: 'NOK',
    status: paid ? 'PAID' : 'UNPAID',
    overdue: !paid && dueDate < today,
    issuedOn,
    dueDate,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    description: invoiceDescription(
      { planName: row.plan_name, period: row.period, reason: row.reason },
      getPublication(row.title_code).language,
    ),
    payeeAccountNumber: payeeAccountNumber(row.title_code),
    paymentProvider: paid ? paidBy : row.provider,
    subscriptionNo: row.subscription_no,
    paidAt: paid && row.settled_at ? new Date(row.settled_at).toISOString() : null,
    paidWith: paidBy
      ? {
          provider: paidBy,
          maskedCardNumber: paidBy === 'SWEDBANK-PPG' ? row.paid_masked_card : null,
        }
      : null,
    credits: (row.missed_paper_credits ?? []).map((credit) => ({
      kind: 'MISSED_PAPER' as const,
      deliveryDate: credit.deliveryDate,
      amount: Number(credit.amount),
    })),
  };
}

/** An account's invoices on a title, newest first. */
export async function listInvoices(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
  now: Date,
): Promise<Invoice[]> {
  const rows = await db.query<InvoiceRow>(
    `${selectInvoices} where s.aria_account_no = $1 and s.title_code = $2
      order by b.created_at desc, b.id desc`,
    [ariaAccountNo, titleCode],
  );
  const today = osloDateOf(now);
  return rows.map((row) => toInvoice(row, today));
}

/** One invoice of the account; another account's invoice is as unknown as a missing one. */
export async function getInvoice(
  db: Queryable,
  ariaInvoiceNo: string,
  ariaAccountNo: string | null,
  now: Date,
): Promise<Invoice> {
  const id = BigInt(ariaInvoiceNo) - BigInt(INVOICE_NUMBER_OFFSET);
  const [row] =
    id > 0n && id < 2n ** 62n && ariaAccountNo
      ? await db.query<InvoiceRow>(`${selectInvoices} where b.id = $1 and s.aria_account_no = $2`, [
          id.toString(),
          ariaAccountNo,
        ])
      : [];
  if (!row) throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
  return toInvoice(row, osloDateOf(now));
}

/** Why a card or Vipps charge could not be taken, as the home page tells the reader. */
export type ChargeFailureReason =
  'USER_ACTION_REQUIRED' | 'MANDATE_INACTIVE' | 'NO_MANDATE' | 'TECHNICAL';

export interface PaymentFailure {
  /** What it was charged to. */
  readonly method: 'VIPPS' | 'SWEDBANK-PPG';
  readonly reason: ChargeFailureReason;
  /** The day it is tried again by itself (Europe/Oslo); null: only when the reader acts. */
  readonly retryOn: string | null;
}

export type UnpaidInvoice = Pick<Invoice, 'ariaInvoiceNo' | 'amount' | 'dueDate' | 'overdue'> & {
  /** A card or Vipps charge that failed: why, and when it is tried again; null for giro. */
  readonly paymentFailure: PaymentFailure | null;
};

const reasons: ReadonlySet<string> = new Set<ChargeFailureReason>([
  'USER_ACTION_REQUIRED',
  'MANDATE_INACTIVE',
  'NO_MANDATE',
]);

function paymentFailureOf(row: InvoiceRow): PaymentFailure | null {
  if (row.kind !== 'charge' || row.status !== 'failed') return null;
  return {
    method: row.provider === 'VIPPS' ? 'VIPPS' : 'SWEDBANK-PPG',
    // The provider's own trouble, an amount it would not take: nothing the reader did.
    reason:
      row.failure && reasons.has(row.failure) ? (row.failure as ChargeFailureReason) : 'TECHNICAL',
    retryOn: row.retry_at ? osloDateOf(new Date(row.retry_at)) : null,
  };
}

// (An invoice of 0 kr has nothing to pay: billing records one paid, settlement.ts.)
const unpaidOf = (subscriptionNo: string) =>
  `${selectInvoices} where b.subscription_no = ${subscriptionNo} and b.status <> 'paid'
      and b.amount_ore > 0 and not (b.kind = 'charge' and b.status in ('open', 'pending'))`;

/**
 * What a subscription's reader has to pay themselves, oldest due date first (the home page's
 * list): unpaid giro invoices, and card or Vipps charges that failed (with why). A charge still
 * open or pending is left out: the billing job is taking it, and paying it by hand too could
 * charge twice.
 */
export async function unpaidInvoices(
  db: Queryable,
  subscriptionNo: string,
  now: Date,
): Promise<UnpaidInvoice[]> {
  const rows = await db.query<InvoiceRow>(`${unpaidOf('$1')} order by b.created_at, b.id`, [
    subscriptionNo,
  ]);
  return toUnpaid(rows, now);
}

/**
 * The unpaid invoices of the subscription numbered by the SQL expression `subscriptionNo`, as one
 * json array, for a read composed into another statement (overview.ts); toUnpaid maps it.
 */
export const unpaidInvoicesSql = (subscriptionNo: string) =>
  `select coalesce(json_agg(u order by u.created_at, u.id), '[]'::json)
     from (${unpaidOf(subscriptionNo)}) u`;

export function toUnpaid(rows: readonly Record<string, unknown>[], now: Date): UnpaidInvoice[] {
  const today = osloDateOf(now);
  return rows
    .map((row) => {
      const { ariaInvoiceNo, amount, dueDate, overdue } = toInvoice(row as InvoiceRow, today);
      return {
        ariaInvoiceNo,
        amount,
        dueDate,
        overdue,
        paymentFailure: paymentFailureOf(row as InvoiceRow),
      };
    })
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}
