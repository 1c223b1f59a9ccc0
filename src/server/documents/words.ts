// The words of the invoice and receipt PDFs (billingPdf.ts) in the title's language: bokmål, or
// nynorsk for the nynorsk titles. Amounts, numbers and dates are written by billingPdf.ts; the
// description of what was bought comes written from the domain (invoices/descriptions.ts).
import type { Language } from '../messaging/wording';
import type { PaymentProvider } from '../payments/port';

export interface DocumentWords {
  readonly heading: { readonly invoice: string; readonly receipt: string };
  readonly organisation: (number: string) => string;
  readonly customer: string;
  readonly contact: (name: string) => string;
  readonly facts: {
    readonly invoiceNo: string;
    readonly orderReference: string;
    readonly invoiceDate: string;
    readonly paymentDate: string;
    readonly dueDate: string;
    readonly customerNo: string;
    readonly subscriptionNo: string;
  };
  readonly table: {
    readonly description: string;
    readonly period: string;
    readonly amount: string;
    readonly withoutVat: string;
    /** The VAT line: news subscriptions are zero-rated. */
    readonly vat: string;
    readonly total: string;
    readonly toPay: string;
    /** A paper that did not come, taken off the invoice. */
    readonly credit: (date: string) => string;
  };
  readonly payment: {
    readonly heading: string;
    readonly status: string;
    readonly paid: string;
    readonly unpaid: string;
    readonly overdue: string;
    readonly paidWith: string;
    readonly paidOn: string;
    readonly billedTo: string;
    readonly account: string;
    readonly kid: string;
    readonly payBy: string;
    readonly refunded: string;
    readonly giro: (amount: string, account: string, kid: string, date: string) => string;
    /** The same, for an invoice past its due date. */
    readonly giroOverdue: (amount: string, account: string, kid: string) => string;
  };
  readonly providers: Readonly<Record<PaymentProvider, string>>;
  readonly noMethod: string;
  readonly vatNote: string;
  readonly questions: (phone: string, email: string) => string;
  readonly made: (date: string) => string;
}

export const documentWords: Readonly<Record<Language, DocumentWords>> = {
  nb: {
    heading: { invoice: 'Faktura', receipt: 'Kvittering' },
    organisation: (number) => `Org.nr. ${number}`,
    customer: 'Kunde',
    contact: (name) => `Kontaktperson: ${name}`,
    facts: {
      invoiceNo: 'Fakturanummer',
      orderReference: 'Ordrereferanse',
      invoiceDate: 'Fakturadato',
      paymentDate: 'Betalingsdato',
      dueDate: 'Forfallsdato',
      customerNo: 'Kundenummer',
      subscriptionNo: 'Abonnementsnummer',
    },
    table: {
      description: 'Beskrivelse',
      period: 'Periode',
      amount: 'Beløp',
      withoutVat: 'Sum uten mva.',
      vat: 'Mva 0 %',
      total: 'Totalt',
      toPay: 'Å betale',
      credit: (date: string) => `Trekk for avis som ikke kom ${date}`,
    },
    payment: {
      heading: 'Betaling',
      status: 'Status',
      paid: 'Betalt',
      unpaid: 'Ikke betalt',
      overdue: 'Forfalt, ikke betalt',
      paidWith: 'Betalt med',
      paidOn: 'Betalt dato',
      billedTo: 'Betalingsmåte',
      account: 'Kontonummer',
      kid: 'KID',
      payBy: 'Betal innen',
      refunded: 'Betalt tilbake',
      giro: (amount, account, kid, date) =>
        `Betal ${amount} til konto ${account} med KID ${kid} innen ${date}.`,
      giroOverdue: (amount, account, kid) =>
        `Fakturaen er forfalt. Betal ${amount} til konto ${account} med KID ${kid} så snart som mulig.`,
    },
    providers: {
      'SWEDBANK-PPG': 'Betalingskort',
      VIPPS: 'Vipps',
      BANKGIRO: 'Faktura',
      AVTALEGIRO: 'AvtaleGiro',
      STREX: 'Mobilregning (Strex)',
    },
    noMethod: 'Ingen betalingsmåte',
    vatNote: 'Det er ikke merverdiavgift på aviser og digitale nyhetstjenester (nullsats).',
    questions: (phone, email) => `Spørsmål? Kundeservice: ${phone} · ${email}`,
    made: (date) => `Hentet fra Min side ${date}`,
  },
  nn: {
    heading: { invoice: 'Faktura', receipt: 'Kvittering' },
    organisation: (number) => `Org.nr. ${number}`,
    customer: 'Kunde',
    contact: (name) => `Kontaktperson: ${name}`,
    facts: {
      invoiceNo: 'Fakturanummer',
      orderReference: 'Ordrereferanse',
      invoiceDate: 'Fakturadato',
      paymentDate: 'Betalingsdato',
      dueDate: 'Forfallsdato',
      customerNo: 'Kundenummer',
      subscriptionNo: 'Abonnementsnummer',
    },
    table: {
      description: 'Skildring',
      period: 'Periode',
      amount: 'Beløp',
      withoutVat: 'Sum utan mva.',
      vat: 'Mva 0 %',
      total: 'Totalt',
      toPay: 'Å betale',
      credit: (date: string) => `Trekk for avis som ikkje kom ${date}`,
    },
    payment: {
      heading: 'Betaling',
      status: 'Status',
      paid: 'Betalt',
      unpaid: 'Ikkje betalt',
      overdue: 'Forfallen, ikkje betalt',
      paidWith: 'Betalt med',
      paidOn: 'Betalt dato',
      billedTo: 'Betalingsmåte',
      account: 'Kontonummer',
      kid: 'KID',
      payBy: 'Betal innan',
      refunded: 'Betalt tilbake',
      giro: (amount, account, kid, date) =>
        `Betal ${amount} til konto ${account} med KID ${kid} innan ${date}.`,
      giroOverdue: (amount, account, kid) =>
        `Fakturaen er forfallen. Betal ${amount} til konto ${account} med KID ${kid} så snart som mogleg.`,
    },
    providers: {
      'SWEDBANK-PPG': 'Betalingskort',
      VIPPS: 'Vipps',
      BANKGIRO: 'Faktura',
      AVTALEGIRO: 'AvtaleGiro',
      STREX: 'Mobilrekning (Strex)',
    },
    noMethod: 'Inga betalingsmåte',
    vatNote: 'Det er ikkje meirverdiavgift på aviser og digitale nyheitstenester (nullsats).',
    questions: (phone, email) => `Spørsmål? Kundeservice: ${phone} · ${email}`,
    made: (date) => `Henta frå Mi side ${date}`,
  },
};
