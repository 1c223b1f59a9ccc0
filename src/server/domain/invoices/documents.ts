// The invoice and receipt PDFs (GET /api/invoice/{no}/pdf, GET /api/orders/{id}/receipt/pdf):
// the facts are gathered here from the server's own records only — the invoice as the reader's
// invoice list has it (invoices.ts), the order, the title's registry entry, the reader's profile
// (or, for a business subscription, the company that pays it: business/agreements.ts) — and
// written by documents/billingPdf.ts. Only the owner gets one: another account's invoice or order
// is as unknown as a missing one, and an order not completed has no receipt.
import { getPublication } from '../../../shared/publications/registry';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import {
  type BillingDocument,
  documentFileName,
  type DocumentBuyer,
  type DocumentPayment,
  type DocumentSeller,
  writeBillingPdf,
} from '../../documents/billingPdf';
import { DomainError } from '../../errors';
import { languageOf } from '../../messaging/wording';
import type { IdentityDetails } from '../accounts/identityFields';
import { getProfile } from '../accounts/profile';
import { billingCompanyOf } from '../business/agreements';
import type { DeliveryAddress } from '../delivery/addresses';
import { orderRow } from '../orders/orderStore';
import { orderReference } from '../orders/reference';

import { planDescription } from './descriptions';
import { getInvoice, INVOICE_NUMBER_OFFSET, type Invoice } from './invoices';

/** The reader asking: their account (none: nothing is theirs) and what the provider says of them. */
export interface DocumentReader {
  readonly ariaAccountNo: string | null;
  readonly identity: IdentityDetails;
}

export interface PdfFile {
  readonly fileName: string;
  readonly content: Buffer;
}

function sellerOf(titleCode: string): DocumentSeller {
  const title = getPublication(titleCode);
  return {
    name: title.displayName,
    organizationNumber: title.organizationNumber,
    website: title.domain,
    customerCenterPhoneNumber: title.customerCenterPhoneNumber,
    customerCenterEmail: title.customerCenterEmail,
    accent: title.brand.accent,
    neutral: title.brand.neutral,
  };
}

/** A postal address line by line: c/o (when it is not the reader), street, postal code and place. */
function addressLines(address: DeliveryAddress | null, name: string): string[] {
  if (!address) return [];
  const coName = address.coName.trim();
  const street = [address.street, address.streetNumber, address.flatNumber]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return [
    ...(coName && coName !== name ? [`c/o ${coName}`] : []),
    ...(street ? [street] : []),
    `${address.postalCode} ${address.place}`.trim(),
  ].filter(Boolean);
}

/**
 * Who the document is made out to: the company that pays a business subscription (its name,
 * organisation number and address, with the reader as the contact), else the reader (the name and
 * address of their profile).
 */
async function buyerOf(
  db: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
  identity: IdentityDetails,
): Promise<DocumentBuyer> {
  const profile = await getProfile(db, ariaAccountNo, identity);
  const person = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const company = await billingCompanyOf(db, subscriptionNo);
  if (company)
    return {
      name: company.companyName,
      addressLines: company.address
        ? [company.address.street, `${company.address.postalCode} ${company.address.place}`]
        : [],
      organizationNumber: company.organizationNumber,
      contact: person || null,
    };
  return {
    name: person || profile.email || '',
    addressLines: addressLines(profile.address, person),
    organizationNumber: null,
    contact: null,
  };
}

/** Paid by the reader from a bank with KID and account: giro, or no method on record. */
const paidFromBank = (invoice: Invoice) =>
  invoice.paymentProvider === null ||
  invoice.paymentProvider === 'BANKGIRO' ||
  invoice.paymentProvider === 'AVTALEGIRO';

interface EffectFacts {
  id: number | string;
  title_code: string;
  customer_number: string;
  refunded_ore: number | string;
  refunded_at: Date | string | null;
  [column: string]: unknown;
}

const selectFacts = `
  select b.id, s.title_code, s.customer_number, b.refunded_ore, b.refunded_at
    from billing_effects b join subscriptions s on s.subscription_no = b.subscription_no`;

const refundOf = (facts: EffectFacts) =>
  Number(facts.refunded_ore) > 0
    ? {
        amountOre: Number(facts.refunded_ore),
        on: facts.refunded_at ? osloDateOf(new Date(facts.refunded_at)) : null,
      }
    : null;

/** How an invoice stands: paid (how, when, anything given back) or to pay (KID, account, day). */
function paymentOf(invoice: Invoice, facts: EffectFacts): DocumentPayment {
  if (invoice.status === 'PAID')
    return {
      status: 'PAID',
      method: invoice.paidWith,
      paidOn: invoice.paidAt ? osloDateOf(new Date(invoice.paidAt)) : null,
      refund: refundOf(facts),
    };
  return {
    status: 'UNPAID',
    overdue: invoice.overdue,
    method: invoice.paymentProvider
      ? { provider: invoice.paymentProvider, maskedCardNumber: null }
      : null,
    dueDate: invoice.dueDate,
    kid: invoice.kid,
    accountNumber: paidFromBank(invoice) ? invoice.payeeAccountNumber : null,
  };
}

async function pdfOf(document: BillingDocument): Promise<PdfFile> {
  return { fileName: documentFileName(document), content: await writeBillingPdf(document) };
}

/** An invoice of the reader's account as a PDF; another account's is 404 INVOICE_NOT_FOUND. */
export async function invoicePdf(
  db: Queryable,
  ariaInvoiceNo: string,
  reader: DocumentReader,
  now: Date,
): Promise<PdfFile> {
  const invoice = await getInvoice(db, ariaInvoiceNo, reader.ariaAccountNo, now);
  const id = BigInt(invoice.ariaInvoiceNo) - BigInt(INVOICE_NUMBER_OFFSET);
  const [facts] = await db.query<EffectFacts>(`${selectFacts} where b.id = $1`, [id.toString()]);
  if (!facts || !reader.ariaAccountNo)
    throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
  return pdfOf({
    kind: 'invoice',
    language: languageOf(getPublication(facts.title_code)),
    seller: sellerOf(facts.title_code),
    buyer: await buyerOf(db, reader.ariaAccountNo, invoice.subscriptionNo, reader.identity),
    invoiceNo: invoice.ariaInvoiceNo,
    orderReference: null,
    issuedOn: invoice.issuedOn,
    dueDate: invoice.dueDate,
    customerNumber: facts.customer_number,
    subscriptionNo: invoice.subscriptionNo,
    // The amount is what is paid: the line is before the credits taken off it.
    line: {
      description: invoice.description,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      amountOre: invoice.amount + invoice.credits.reduce((sum, c) => sum + c.amount, 0),
    },
    credits: invoice.credits.map((c) => ({ deliveryDate: c.deliveryDate, amountOre: c.amount })),
    payment: paymentOf(invoice, facts),
    madeOn: osloDateOf(now),
    madeAt: now,
  });
}

/**
 * The receipt of a completed order of the reader's account as a PDF: what it paid (the charge
 * the order recorded, or the invoice it paid), how and when. Another account's order is 404
 * ORDER_NOT_FOUND; one not completed is 409 ORDER_NOT_COMPLETED.
 */
export async function orderReceiptPdf(
  db: Queryable,
  orderId: string,
  reader: DocumentReader & { readonly ariaAccountNo: string },
  now: Date,
): Promise<PdfFile> {
  const order = await orderRow(db, orderId, reader.ariaAccountNo);
  if (order.status !== 'COMPLETED' || !order.subscription_no || !order.completed_at)
    throw new DomainError(
      'conflict',
      'ORDER_NOT_COMPLETED',
      'The order is not completed: it has no receipt',
    );
  const language = languageOf(getPublication(order.title_code));
  // The charge the order recorded (an invoice order: the invoice it paid).
  const [facts] = await db.query<EffectFacts>(
    order.billing_effect_id === null
      ? `${selectFacts} where b.order_id = $1 order by b.id limit 1`
      : `${selectFacts} where b.id = $1`,
    [order.billing_effect_id === null ? order.order_id : String(order.billing_effect_id)],
  );
  const invoice = facts
    ? await getInvoice(
        db,
        String(INVOICE_NUMBER_OFFSET + Number(facts.id)),
        reader.ariaAccountNo,
        now,
      )
    : null;
  const method = invoice?.paidWith ?? { provider: order.payment_provider, maskedCardNumber: null };
  return pdfOf({
    kind: 'receipt',
    language,
    seller: sellerOf(order.title_code),
    buyer: await buyerOf(db, reader.ariaAccountNo, order.subscription_no, reader.identity),
    invoiceNo: invoice?.ariaInvoiceNo ?? null,
    orderReference: orderReference(order.order_no),
    issuedOn: osloDateOf(new Date(order.completed_at)),
    dueDate: null,
    customerNumber: facts?.customer_number ?? null,
    subscriptionNo: order.subscription_no,
    line: {
      // Bookkeeping erased (the reader's data deleted): the plan bought, without its period.
      description: invoice?.description ?? planDescription(order.plan_name, order.period, language),
      periodStart: invoice?.periodStart ?? null,
      periodEnd: invoice?.periodEnd ?? null,
      amountOre: Number(order.amount_ore),
    },
    credits: [],
    payment: {
      status: 'PAID',
      method,
      paidOn: osloDateOf(new Date(order.completed_at)),
      refund: facts ? refundOf(facts) : null,
    },
    madeOn: osloDateOf(now),
    madeAt: now,
  });
}
