// The words of an invoice's description and of the payment text the reader sees at the provider
// (card statement, Vipps), in the title's language: bokmål, or nynorsk for the titles that write
// it. The plan's name is a product name and stays as it is; the period and why the money is
// asked for are words.
import type { PublicationLanguage } from '../../../shared/publications/types';
import type { Period } from '../../../shared/subscription/plans';

type Words<K extends string> = Readonly<Record<K, Readonly<Record<PublicationLanguage, string>>>>;

/** The periods as a description writes them, in lower case ("årlig", "månadleg"). */
const periodWords: Words<Period> = {
  Årlig: { nb: 'årlig', nn: 'årleg' },
  Kvartalsvis: { nb: 'kvartalsvis', nn: 'kvartalsvis' },
  Månedlig: { nb: 'månedlig', nn: 'månadleg' },
  'Månedlig Premium': { nb: 'månedlig premium', nn: 'månadleg premium' },
};

/** Why a billing effect asks for money (billing_effects.reason). */
export type InvoiceReason =
  | 'renewal'
  | 'trial-conversion'
  | 'reactivation'
  | 'reactivation-offer'
  | 'upgrade'
  | 'order-new'
  | 'order-reactivation'
  | 'order-upgrade';

const reasonWords: Words<InvoiceReason> = {
  renewal: { nb: 'fornyelse', nn: 'fornying' },
  'trial-conversion': {
    nb: 'første periode etter prøvetiden',
    nn: 'første periode etter prøvetida',
  },
  reactivation: { nb: 'reaktivering', nn: 'reaktivering' },
  'reactivation-offer': {
    nb: 'reaktivering, 3 måneder for prisen av 1',
    nn: 'reaktivering, 3 månader for prisen av 1',
  },
  upgrade: { nb: 'oppgradering, mellomlegg', nn: 'oppgradering, mellomlegg' },
  'order-new': { nb: 'bestilling', nn: 'bestilling' },
  'order-reactivation': {
    nb: 'reaktivering, 3 måneder for prisen av 1',
    nn: 'reaktivering, 3 månader for prisen av 1',
  },
  'order-upgrade': { nb: 'oppgradering, mellomlegg', nn: 'oppgradering, mellomlegg' },
};

const isReason = (reason: string): reason is InvoiceReason => Object.hasOwn(reasonWords, reason);

/** A plan and its period: "Digital (månedlig)", "Digital (månadleg)". */
export function planDescription(
  planName: string,
  period: Period,
  language: PublicationLanguage,
): string {
  return `${planName} (${periodWords[period]?.[language] ?? period.toLowerCase()})`;
}

/**
 * An invoice's description: the plan, its period and why it is asked for, e.g. "Digital
 * (månedlig), fornyelse" on a bokmål title and "Digital (månadleg), fornying" on a nynorsk one.
 * A reason without words (none today) is left out rather than shown as a code.
 */
export function invoiceDescription(
  invoice: { readonly planName: string; readonly period: Period; readonly reason: string },
  language: PublicationLanguage,
): string {
  const plan = planDescription(invoice.planName, invoice.period, language);
  return isReason(invoice.reason) ? `${plan}, ${reasonWords[invoice.reason][language]}` : plan;
}

/** The payment text of an order at the provider, e.g. "Oppgradering til Digital (årleg)". */
export function orderPaymentDescription(
  order: {
    readonly kind: 'new' | 'reactivation' | 'upgrade' | 'invoice';
    readonly planName: string;
    readonly period: Period;
    /** The invoice an order of kind `invoice` pays. */
    readonly ariaInvoiceNo?: string | undefined;
  },
  language: PublicationLanguage,
): string {
  const what = planDescription(order.planName, order.period, language);
  switch (order.kind) {
    case 'invoice':
      return `Faktura ${order.ariaInvoiceNo ?? ''}: ${what}`;
    case 'upgrade':
      return `Oppgradering til ${what}`;
    case 'reactivation':
      return `Reaktivering av ${what}`;
    default:
      return what;
  }
}
