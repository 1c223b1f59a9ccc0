// Writes an invoice or a receipt as a PDF (A4, one page) with pdfkit, from plain facts: who sells
// (the title, its organisation number), who buys (the reader, or a company), the numbers and
// dates, the one line of what was bought with its period and amount, the VAT line (news is
// zero-rated: «Mva 0 %») and how it was paid or is to be paid. Nothing here reads a database or
// a request: the domain (domain/invoices/documents.ts) gathers the facts from the server's own
// records. Text is in the title's language (words.ts); money is øre, written as kroner; dates are
// Europe/Oslo calendar dates, written dd.mm.yyyy. The brand's fonts (Source Sans 3, as the SPA)
// are embedded, so the text reads back the same in every viewer.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import PDFDocument from 'pdfkit';

import { formatKroner } from '../../shared/money/money';
import type { Language } from '../messaging/wording';
import type { PaymentProvider } from '../payments/port';

import { documentWords, type DocumentWords } from './words';

export type DocumentKind = 'invoice' | 'receipt';

/** Who sells: the title. */
export interface DocumentSeller {
  readonly name: string;
  /** Nine digits. */
  readonly organizationNumber: string;
  /** The title's own site, e.g. "fvn.no". */
  readonly website: string;
  readonly customerCenterPhoneNumber: string;
  readonly customerCenterEmail: string;
  /** The brand's accent (at least 4.5:1 against white) and dark neutral colours. */
  readonly accent: string;
  readonly neutral: string;
}

/** Who buys: the reader, or for a business subscription the company (and the reader as contact). */
export interface DocumentBuyer {
  readonly name: string;
  /** The postal address, line by line (none known: empty). */
  readonly addressLines: readonly string[];
  /** A company's organisation number. */
  readonly organizationNumber: string | null;
  /** The person at a company the document concerns. */
  readonly contact: string | null;
}

/** How it was paid, or what it is billed to. */
export interface DocumentPaymentMethod {
  readonly provider: PaymentProvider;
  /** A card's masked number as the provider gave it ("************0004"). */
  readonly maskedCardNumber: string | null;
}

export type DocumentPayment =
  | {
      readonly status: 'PAID';
      readonly method: DocumentPaymentMethod | null;
      /** The day it was paid (Europe/Oslo). */
      readonly paidOn: string | null;
      /** Money given back afterwards (a withdrawal), in øre, and when. */
      readonly refund: { readonly amountOre: number; readonly on: string | null } | null;
    }
  | {
      readonly status: 'UNPAID';
      readonly overdue: boolean;
      /** The method it is billed to; null: none on record (paid from a bank). */
      readonly method: DocumentPaymentMethod | null;
      readonly dueDate: string;
      readonly kid: string;
      /** The account to pay to, for an invoice paid from a bank (giro, or no method). */
      readonly accountNumber: string | null;
    };

export interface BillingDocument {
  readonly kind: DocumentKind;
  readonly language: Language;
  readonly seller: DocumentSeller;
  readonly buyer: DocumentBuyer;
  readonly invoiceNo: string | null;
  /** An order's short reference (a receipt). */
  readonly orderReference: string | null;
  /** The invoice date, or a receipt's payment date (Europe/Oslo). */
  readonly issuedOn: string;
  readonly dueDate: string | null;
  readonly customerNumber: string | null;
  readonly subscriptionNo: string | null;
  /** What was bought: one line, before any credit. */
  readonly line: {
    readonly description: string;
    readonly periodStart: string | null;
    readonly periodEnd: string | null;
    readonly amountOre: number;
  };
  /** Papers that did not come, taken off this invoice: a line each, oldest day first. */
  readonly credits: readonly { readonly deliveryDate: string; readonly amountOre: number }[];
  readonly payment: DocumentPayment;
  /** The day the document was made (Europe/Oslo). */
  readonly madeOn: string;
  /** The instant it was made (the PDF's creation date). */
  readonly madeAt: Date;
}

/** `2026-11-22` → `22.11.2026`, as Norwegian invoices write a date. */
export function documentDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
}

/** `999002005` → `999 002 005`. */
export const organisationNumber = (digits: string) =>
  digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** `15061234567` → `1506.12.34567`, as account numbers are written. */
export const accountNumber = (digits: string) =>
  digits.replace(/^(\d{4})(\d{2})(\d{5})$/, '$1.$2.$3');

/** "Betalingskort **** 0004", "Vipps", "AvtaleGiro" … */
export function methodText(words: DocumentWords, method: DocumentPaymentMethod | null): string {
  if (!method) return words.noMethod;
  const label = words.providers[method.provider];
  const digits = (method.maskedCardNumber ?? '').replace(/\D/g, '');
  return method.provider === 'SWEDBANK-PPG' && digits.length >= 4
    ? `${label} **** ${digits.slice(-4)}`
    : label;
}

/** The file the document is saved as: `faktura-800000012.pdf`, `kvittering-7M3KQ2XA.pdf`. */
export function documentFileName(document: BillingDocument): string {
  const name =
    document.kind === 'invoice'
      ? `faktura-${document.invoiceNo ?? ''}`
      : `kvittering-${document.orderReference ?? document.invoiceNo ?? ''}`;
  return `${name.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

// ---------------------------------------------------------------- fonts and measures

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Source Sans 3 (regular and bold), read once. */
function brandFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff'),
    ),
    bold: readFileSync(
      require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff'),
    ),
  };
  return fonts;
}

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const CONTENT = A4.width - 2 * MARGIN;
const GREY = '#5c5c5c';
const RULE = '#c9c9c9';
const PANEL = '#f3f3f3';

/** The columns of the line table: description, period, amount (right-aligned). */
const COLUMNS = {
  description: { x: MARGIN, width: 245 },
  period: { x: MARGIN + 255, width: 130 },
  amount: { x: MARGIN + 385, width: CONTENT - 385 },
} as const;

type Doc = InstanceType<typeof PDFDocument>;

/** Label and value rows at x, the values at x + labelWidth; answers the y below them. */
function factRows(
  doc: Doc,
  rows: readonly (readonly [string, string])[],
  x: number,
  y: number,
  labelWidth: number,
  width: number,
  colour: string,
): number {
  let at = y;
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(9.5).fillColor(GREY);
    doc.text(label, x, at, { width: labelWidth - 8, lineBreak: false });
    doc.font('bold').fontSize(9.5).fillColor(colour);
    const valueWidth = width - labelWidth;
    doc.text(value, x + labelWidth, at, { width: valueWidth });
    at += Math.max(14, doc.heightOfString(value, { width: valueWidth }) + 3);
  }
  return at;
}

function rule(doc: Doc, y: number, from = MARGIN, to = A4.width - MARGIN, colour = RULE) {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(colour).stroke();
}

// ---------------------------------------------------------------- the document

/** The document as a PDF file. */
export function writeBillingPdf(document: BillingDocument): Promise<Buffer> {
  const words = documentWords[document.language];
  const { seller, buyer, payment } = document;
  const heading = words.heading[document.kind];
  const doc = new PDFDocument({
    size: 'A4',
    // The footer sits low on the page: a small bottom margin keeps it on this one.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    lang: document.language === 'nn' ? 'nn-NO' : 'nb-NO',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${heading} ${document.invoiceNo ?? document.orderReference ?? ''} – ${seller.name}`,
      Author: seller.name,
      Subject: heading,
      Creator: 'Min side',
      CreationDate: document.madeAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = brandFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  // The brand's band, the title and its organisation number; the heading and numbers on the right.
  doc.rect(0, 0, A4.width, 8).fill(seller.accent);
  doc.font('bold').fontSize(20).fillColor(seller.accent);
  doc.text(seller.name, MARGIN, MARGIN, { width: 270 });
  let left = doc.y + 2;
  doc.font('regular').fontSize(9.5).fillColor(GREY);
  for (const line of [
    words.organisation(organisationNumber(seller.organizationNumber)),
    seller.website,
  ]) {
    doc.text(line, MARGIN, left, { width: 270 });
    left = doc.y + 1;
  }

  const right = { x: MARGIN + 290, width: CONTENT - 290 };
  doc.font('bold').fontSize(24).fillColor(seller.neutral);
  doc.text(heading, right.x, MARGIN - 4, { width: right.width, align: 'right' });
  const numbers: (readonly [string, string])[] = [];
  if (document.kind === 'receipt' && document.orderReference)
    numbers.push([words.facts.orderReference, document.orderReference]);
  if (document.invoiceNo) numbers.push([words.facts.invoiceNo, document.invoiceNo]);
  numbers.push([
    document.kind === 'invoice' ? words.facts.invoiceDate : words.facts.paymentDate,
    documentDate(document.issuedOn),
  ]);
  if (document.dueDate) numbers.push([words.facts.dueDate, documentDate(document.dueDate)]);
  if (document.customerNumber) numbers.push([words.facts.customerNo, document.customerNumber]);
  if (document.subscriptionNo) numbers.push([words.facts.subscriptionNo, document.subscriptionNo]);
  const factsEnd = factRows(doc, numbers, right.x, MARGIN + 34, 112, right.width, seller.neutral);

  // Who buys.
  let y = Math.max(left + 28, 150);
  doc.font('regular').fontSize(9).fillColor(GREY);
  doc.text(words.customer.toUpperCase(), MARGIN, y, { width: 270, characterSpacing: 0.6 });
  doc.font('bold').fontSize(11.5).fillColor(seller.neutral);
  doc.text(buyer.name, MARGIN, doc.y + 3, { width: 270 });
  doc.font('regular').fontSize(10.5);
  const buyerLines = [
    ...(buyer.organizationNumber
      ? [words.organisation(organisationNumber(buyer.organizationNumber))]
      : []),
    ...buyer.addressLines,
    ...(buyer.contact ? [words.contact(buyer.contact)] : []),
  ];
  for (const line of buyerLines) doc.text(line, MARGIN, doc.y + 1, { width: 270 });
  y = Math.max(doc.y, factsEnd) + 34;

  // What was bought: the table.
  doc.font('bold').fontSize(9.5).fillColor(seller.neutral);
  doc.text(words.table.description, COLUMNS.description.x, y, {
    width: COLUMNS.description.width,
  });
  doc.text(words.table.period, COLUMNS.period.x, y, { width: COLUMNS.period.width });
  doc.text(words.table.amount, COLUMNS.amount.x, y, {
    width: COLUMNS.amount.width,
    align: 'right',
  });
  y += 16;
  rule(doc, y, MARGIN, A4.width - MARGIN, seller.neutral);
  y += 8;
  const { line } = document;
  const period =
    line.periodStart && line.periodEnd
      ? `${documentDate(line.periodStart)} – ${documentDate(line.periodEnd)}`
      : '';
  doc.font('regular').fontSize(10.5).fillColor(seller.neutral);
  doc.text(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
  const descriptionEnd = doc.y;
  doc.text(period, COLUMNS.period.x, y, { width: COLUMNS.period.width });
  const periodEnd = doc.y;
  doc.text(formatKroner(line.amountOre), COLUMNS.amount.x, y, {
    width: COLUMNS.amount.width,
    align: 'right',
  });
  y = Math.max(descriptionEnd, periodEnd, doc.y) + 8;
  for (const credit of document.credits) {
    doc.text(words.table.credit(documentDate(credit.deliveryDate)), COLUMNS.description.x, y, {
      width: COLUMNS.description.width,
    });
    const creditEnd = doc.y;
    doc.text(`-${formatKroner(credit.amountOre)}`, COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    y = Math.max(creditEnd, doc.y) + 8;
  }
  // What is paid: the line less the credits taken off it.
  const totalOre = line.amountOre - document.credits.reduce((sum, c) => sum + c.amountOre, 0);
  rule(doc, y);
  y += 10;

  // The sums: without VAT, the VAT line (0 %), the total.
  const sums = { x: MARGIN + 255, width: CONTENT - 255 };
  const sumRow = (label: string, amount: string, strong: boolean) => {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 12 : 10.5)
      .fillColor(seller.neutral);
    doc.text(label, sums.x, y, { width: sums.width - 100, lineBreak: false });
    doc.text(amount, sums.x, y, { width: sums.width, align: 'right', lineBreak: false });
    y += strong ? 20 : 16;
  };
  sumRow(words.table.withoutVat, formatKroner(totalOre), false);
  sumRow(words.table.vat, formatKroner(0), false);
  rule(doc, y + 1, sums.x);
  y += 9;
  sumRow(
    payment.status === 'UNPAID' ? words.table.toPay : words.table.total,
    formatKroner(totalOre),
    true,
  );
  y += 18;

  // How it was paid, or how to pay it.
  const rows: (readonly [string, string])[] = [];
  let instruction: string | null = null;
  if (payment.status === 'PAID') {
    rows.push([words.payment.status, words.payment.paid]);
    rows.push([words.payment.paidWith, methodText(words, payment.method)]);
    if (payment.paidOn) rows.push([words.payment.paidOn, documentDate(payment.paidOn)]);
    if (payment.refund && payment.refund.amountOre > 0)
      rows.push([
        words.payment.refunded,
        payment.refund.on
          ? `${formatKroner(payment.refund.amountOre)} (${documentDate(payment.refund.on)})`
          : formatKroner(payment.refund.amountOre),
      ]);
  } else {
    rows.push([
      words.payment.status,
      payment.overdue ? words.payment.overdue : words.payment.unpaid,
    ]);
    rows.push([words.payment.billedTo, methodText(words, payment.method)]);
    // Past its day, the day is said as what it was.
    rows.push([
      payment.overdue ? words.facts.dueDate : words.payment.payBy,
      documentDate(payment.dueDate),
    ]);
    if (payment.accountNumber)
      rows.push([words.payment.account, accountNumber(payment.accountNumber)]);
    rows.push([words.payment.kid, payment.kid]);
    if (payment.accountNumber) {
      const amount = formatKroner(totalOre);
      const account = accountNumber(payment.accountNumber);
      instruction = payment.overdue
        ? words.payment.giroOverdue(amount, account, payment.kid)
        : words.payment.giro(amount, account, payment.kid, documentDate(payment.dueDate));
    }
  }
  const panel = { x: MARGIN, width: CONTENT, padding: 14 };
  const inner = panel.width - 2 * panel.padding;
  doc.font('regular').fontSize(10);
  const instructionHeight = instruction ? doc.heightOfString(instruction, { width: inner }) + 8 : 0;
  const panelHeight = 2 * panel.padding + 20 + rows.length * 14 + instructionHeight;
  doc.roundedRect(panel.x, y, panel.width, panelHeight, 4).fill(PANEL);
  doc.rect(panel.x, y, 3, panelHeight).fill(seller.accent);
  doc.font('bold').fontSize(12).fillColor(seller.neutral);
  doc.text(words.payment.heading, panel.x + panel.padding, y + panel.padding, { width: inner });
  const rowsEnd = factRows(
    doc,
    rows,
    panel.x + panel.padding,
    y + panel.padding + 20,
    130,
    inner,
    seller.neutral,
  );
  if (instruction) {
    doc.font('regular').fontSize(10).fillColor(seller.neutral);
    doc.text(instruction, panel.x + panel.padding, rowsEnd + 4, { width: inner });
  }
  y += panelHeight + 18;

  // Why there is no VAT.
  doc.font('regular').fontSize(9.5).fillColor(GREY);
  doc.text(words.vatNote, MARGIN, y, { width: CONTENT });

  // Where to ask, and where it came from.
  const footer = A4.height - 64;
  rule(doc, footer - 10);
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  doc.text(
    `${seller.name} · ${words.organisation(organisationNumber(seller.organizationNumber))} · ${seller.website}`,
    MARGIN,
    footer,
    { width: CONTENT, lineBreak: false },
  );
  doc.text(
    words.questions(seller.customerCenterPhoneNumber, seller.customerCenterEmail),
    MARGIN,
    footer + 12,
    { width: CONTENT, lineBreak: false },
  );
  doc.text(words.made(documentDate(document.madeOn)), MARGIN, footer + 24, {
    width: CONTENT,
    lineBreak: false,
  });

  doc.end();
  return done;
}
