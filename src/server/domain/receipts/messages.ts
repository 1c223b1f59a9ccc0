// The receipts a reader gets by e-mail for what they do with money on Min Side, in the title's
// language (bokmål, or nynorsk for the nynorsk titles), as the durable confirmation the
// consumer rules ask for: a purchase (what was bought, the price now and later, no binding, the
// terms and the 14-day right of withdrawal with its last day), a restart, an upgrade, an invoice
// paid, a cancellation (the last day, and how to undo it until then), an undone cancellation and
// a plan change made for the next renewal. Every fact comes from the server's own records.
// Plain text: the outbox keeps subject and body.
import { formatKroner } from '../../../shared/money/money';
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { periodMonths, type Period } from '../../../shared/subscription/plans';
import { longDate, type Email, type Language } from '../../messaging/wording';

type Method = 'VIPPS' | 'SWEDBANK-PPG';

export interface OrderReceiptFacts {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly kind: 'new' | 'reactivation' | 'upgrade' | 'invoice';
  readonly planName: string;
  readonly period: Period;
  readonly amountOre: number;
  readonly method: Method;
  /** The day it was paid (Europe/Oslo). */
  readonly paidOn: string;
  readonly reference: string;
  readonly customerNumber: string | null;
  /** The subscription's next renewal and its price, when it renews. */
  readonly renewal: {
    readonly date: string;
    readonly priceOre: number;
    readonly period: Period;
  } | null;
  /** The last day of the right of withdrawal (a purchase or a restart), else null. */
  readonly withdrawalLastDay: string | null;
  /** The invoice an invoice payment paid. */
  readonly ariaInvoiceNo: string | null;
  /** The introductory offer the order was priced with. */
  readonly offer: 'FIRST_MONTH_1KR' | 'REACTIVATION_3_FOR_1' | null;
}

export interface CancellationFacts {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly planName: string;
  /** The last day (access until then, or the day it ends when suspended). */
  readonly lastDay: string;
  /** Cancelled while suspended for an unpaid amount: that amount is still owed. */
  readonly suspended: boolean;
  readonly customerNumber: string | null;
}

export interface UndoFacts {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly planName: string;
  readonly renewal: {
    readonly date: string;
    readonly priceOre: number;
    readonly period: Period;
  } | null;
  readonly customerNumber: string | null;
}

export interface PlanChangeFacts {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly fromPlan: string;
  readonly toPlan: string;
  readonly toPeriod: Period;
  readonly toPriceOre: number;
  readonly effectiveDate: string;
  readonly customerNumber: string | null;
}

const perSlug = (period: Period) =>
  periodMonths[period] === 12 ? 'year' : periodMonths[period] === 3 ? 'quarter' : 'month';

const words = {
  nb: {
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    per: { year: 'per år', quarter: 'per kvartal', month: 'per måned' },
    period: { year: 'årlig', quarter: 'kvartalsvis', month: 'månedlig' },
    method: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskort' },
    orderSubject: {
      new: (title: string) => `Kvittering for kjøpet hos ${title}`,
      reactivation: (title: string) => `Kvittering: Abonnementet hos ${title} er startet igjen`,
      upgrade: (title: string) => `Kvittering for endringen av abonnementet hos ${title}`,
      invoice: (title: string) => `Kvittering for betalingen til ${title}`,
    },
    orderIntro: {
      new: (plan: string, title: string) =>
        `Takk for at du abonnerer på ${title}! Abonnementet ${plan} er klart, og du kan begynne å lese med en gang.`,
      reactivation: (plan: string) => `Velkommen tilbake! ${plan} er aktivt igjen.`,
      upgrade: (plan: string) => `Abonnementet ditt er endret til ${plan} fra i dag.`,
      invoice: (plan: string) => `Takk for betalingen for ${plan}.`,
    },
    plan: 'Abonnement',
    paid: 'Betalt',
    paidValue: (amount: string, method: string, date: string) => `${amount} med ${method} ${date}`,
    invoiceNo: 'Faktura',
    offer: {
      FIRST_MONTH_1KR: 'Tilbud: første måned for 1 kr',
      REACTIVATION_3_FOR_1: 'Tilbud: 3 måneder for prisen av 1',
    },
    renews: (date: string, price: string) =>
      `Abonnementet fornyes automatisk ${date} til ${price}. Det er ingen bindingstid: du kan si opp når du vil, og har tilgang ut perioden du har betalt for.`,
    cancelAt: (url: string) => `Si opp på Min side: ${url}`,
    withdrawal: (lastDay: string, url: string) =>
      `Du har 14 dagers angrerett. Vil du angre kjøpet, gjør du det innen ${lastDay} på ${url}. Du får da tilbake det du har betalt, fratrukket verdien av det du har brukt.`,
    terms: (url: string) => `Vilkårene for abonnementet: ${url}`,
    reference: (ref: string, invoice: boolean) =>
      `Referanse: ${ref} (oppgi den hvis du kontakter kundeservice om ${invoice ? 'betalingen' : 'kjøpet'})`,
    customer: (no: string) => `Kundenummer: ${no}`,
    cancelSubject: (title: string) => `Kvittering: Du har sagt opp abonnementet hos ${title}`,
    cancelled: (plan: string, lastDay: string) =>
      `Vi har registrert oppsigelsen av ${plan}. Du har tilgang til og med ${lastDay}, og du betaler ikke mer.`,
    undoUntil: (lastDay: string, url: string) =>
      `Ombestemmer du deg, kan du angre oppsigelsen fram til ${lastDay}: ${url}`,
    cancelledSuspended: (plan: string, lastDay: string) =>
      `Vi har registrert oppsigelsen av ${plan}. Abonnementet fornyes ikke mer og avsluttes ${lastDay}.`,
    stillOwed: (url: string) =>
      `Beløpet som ikke er betalt, skal fortsatt betales. Betaler du det, kan du lese som før fram til da: ${url}`,
    undoSubject: (title: string) => `Kvittering: Oppsigelsen hos ${title} er angret`,
    undone: (plan: string) => `Oppsigelsen er angret, og ${plan} fortsetter som før.`,
    changeSubject: (title: string) => `Kvittering: Abonnementet hos ${title} endres`,
    change: (from: string, to: string, period: string, price: string, date: string) =>
      `Fra ${date} endres abonnementet fra ${from} til ${to} (${period}), ${price}. Fram til da fortsetter du med ${from} som før.`,
    changePeriod: (plan: string, period: string, price: string, date: string) =>
      `Fra ${date} betaler du ${period} for ${plan}: ${price}. Fram til da fortsetter alt som før.`,
    changeBack: (url: string) =>
      `Vil du heller beholde det du har, kan du angre endringen på Min side: ${url}`,
    questions: (phone: string, email: string) =>
      `Har du spørsmål, svarer kundeservice på ${phone} eller ${email}.`,
    bye: 'Hilsen',
  },
  nn: {
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    per: { year: 'per år', quarter: 'per kvartal', month: 'per månad' },
    period: { year: 'årleg', quarter: 'kvartalsvis', month: 'månadleg' },
    method: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskort' },
    orderSubject: {
      new: (title: string) => `Kvittering for kjøpet hos ${title}`,
      reactivation: (title: string) => `Kvittering: Abonnementet hos ${title} er starta att`,
      upgrade: (title: string) => `Kvittering for endringa av abonnementet hos ${title}`,
      invoice: (title: string) => `Kvittering for betalinga til ${title}`,
    },
    orderIntro: {
      new: (plan: string, title: string) =>
        `Takk for at du abonnerer på ${title}! Abonnementet ${plan} er klart, og du kan byrje å lese med ein gong.`,
      reactivation: (plan: string) => `Velkomen tilbake! ${plan} er aktivt att.`,
      upgrade: (plan: string) => `Abonnementet ditt er endra til ${plan} frå i dag.`,
      invoice: (plan: string) => `Takk for betalinga for ${plan}.`,
    },
    plan: 'Abonnement',
    paid: 'Betalt',
    paidValue: (amount: string, method: string, date: string) => `${amount} med ${method} ${date}`,
    invoiceNo: 'Faktura',
    offer: {
      FIRST_MONTH_1KR: 'Tilbod: første månad for 1 kr',
      REACTIVATION_3_FOR_1: 'Tilbod: 3 månader for prisen av 1',
    },
    renews: (date: string, price: string) =>
      `Abonnementet blir fornya automatisk ${date} til ${price}. Det er inga bindingstid: du kan seie opp når du vil, og har tilgang ut perioden du har betalt for.`,
    cancelAt: (url: string) => `Sei opp på Mi side: ${url}`,
    withdrawal: (lastDay: string, url: string) =>
      `Du har 14 dagars angrerett. Vil du angre kjøpet, gjer du det innan ${lastDay} på ${url}. Du får då tilbake det du har betalt, fråtrekt verdien av det du har brukt.`,
    terms: (url: string) => `Vilkåra for abonnementet: ${url}`,
    reference: (ref: string, invoice: boolean) =>
      `Referanse: ${ref} (oppgi han viss du kontaktar kundeservice om ${invoice ? 'betalinga' : 'kjøpet'})`,
    customer: (no: string) => `Kundenummer: ${no}`,
    cancelSubject: (title: string) => `Kvittering: Du har sagt opp abonnementet hos ${title}`,
    cancelled: (plan: string, lastDay: string) =>
      `Vi har registrert oppseiinga av ${plan}. Du har tilgang til og med ${lastDay}, og du betaler ikkje meir.`,
    undoUntil: (lastDay: string, url: string) =>
      `Ombestemmer du deg, kan du angre oppseiinga fram til ${lastDay}: ${url}`,
    cancelledSuspended: (plan: string, lastDay: string) =>
      `Vi har registrert oppseiinga av ${plan}. Abonnementet blir ikkje fornya meir og blir avslutta ${lastDay}.`,
    stillOwed: (url: string) =>
      `Beløpet som ikkje er betalt, skal framleis betalast. Betaler du det, kan du lese som før fram til då: ${url}`,
    undoSubject: (title: string) => `Kvittering: Oppseiinga hos ${title} er angra`,
    undone: (plan: string) => `Oppseiinga er angra, og ${plan} held fram som før.`,
    changeSubject: (title: string) => `Kvittering: Abonnementet hos ${title} blir endra`,
    change: (from: string, to: string, period: string, price: string, date: string) =>
      `Frå ${date} blir abonnementet endra frå ${from} til ${to} (${period}), ${price}. Fram til då held du fram med ${from} som før.`,
    changePeriod: (plan: string, period: string, price: string, date: string) =>
      `Frå ${date} betaler du ${period} for ${plan}: ${price}. Fram til då held alt fram som før.`,
    changeBack: (url: string) =>
      `Vil du heller halde på det du har, kan du angre endringa på Mi side: ${url}`,
    questions: (phone: string, email: string) =>
      `Har du spørsmål, svarer kundeservice på ${phone} eller ${email}.`,
    bye: 'Helsing',
  },
} as const;

function context(titleCode: string) {
  const title = getPublication(titleCode);
  const language: Language = title.language === 'nn' ? 'nn' : 'nb';
  const host = `https://${minsideHost(title)}`;
  return { title, language, w: words[language], host };
}

function compose(
  titleCode: string,
  subject: string,
  firstName: string | null,
  paragraphs: readonly (readonly string[])[],
): Email {
  const { title, w } = context(titleCode);
  const lines = [
    w.hello(firstName),
    ...paragraphs.filter((p) => p.length > 0).flatMap((p) => ['', ...p]),
    '',
    w.questions(title.customerCenterPhoneNumber, title.customerCenterEmail),
    '',
    w.bye,
    title.displayName,
  ];
  return { subject, body: lines.join('\n') };
}

const pricePer = (w: (typeof words)[Language], priceOre: number, period: Period) =>
  `${formatKroner(priceOre)} ${w.per[perSlug(period)]}`;

/** A purchase, a restart, an upgrade or an invoice paid on Min Side. */
export function orderReceiptEmail(f: OrderReceiptFacts): Email {
  const { title, language, w, host } = context(f.titleCode);
  const date = (d: string) => longDate(d, language);
  const facts = [
    `${w.plan}: ${f.planName} (${w.period[perSlug(f.period)]})`,
    ...(f.ariaInvoiceNo ? [`${w.invoiceNo}: ${f.ariaInvoiceNo}`] : []),
    `${w.paid}: ${w.paidValue(formatKroner(f.amountOre), w.method[f.method], date(f.paidOn))}`,
    ...(f.offer ? [w.offer[f.offer]] : []),
  ];
  const renewal =
    f.kind === 'invoice' || !f.renewal
      ? []
      : [
          w.renews(date(f.renewal.date), pricePer(w, f.renewal.priceOre, f.renewal.period)),
          w.cancelAt(`${host}/avslutt-abonnement`),
        ];
  const rights = [
    ...(f.withdrawalLastDay ? [w.withdrawal(date(f.withdrawalLastDay), `${host}/angrerett`)] : []),
    ...(f.kind === 'invoice' ? [] : [w.terms(`${host}/vilkaar`)]),
  ];
  const numbers = [
    w.reference(f.reference, f.kind === 'invoice'),
    ...(f.customerNumber ? [w.customer(f.customerNumber)] : []),
  ];
  return compose(f.titleCode, w.orderSubject[f.kind](title.displayName), f.firstName, [
    [w.orderIntro[f.kind](f.planName, title.displayName)],
    facts,
    renewal,
    rights,
    numbers,
  ]);
}

/** A cancellation: the last day, and how to undo it until then (or what is still owed). */
export function cancellationReceiptEmail(f: CancellationFacts): Email {
  const { title, language, w, host } = context(f.titleCode);
  const lastDay = longDate(f.lastDay, language);
  return compose(f.titleCode, w.cancelSubject(title.displayName), f.firstName, [
    f.suspended
      ? [w.cancelledSuspended(f.planName, lastDay), w.stillOwed(`${host}/fakturaoversikt`)]
      : [w.cancelled(f.planName, lastDay), w.undoUntil(lastDay, `${host}/angre-oppsigelse`)],
    f.customerNumber ? [w.customer(f.customerNumber)] : [],
  ]);
}

/** An undone cancellation: it goes on, and when and at what price it renews. */
export function undoReceiptEmail(f: UndoFacts): Email {
  const { title, language, w, host } = context(f.titleCode);
  return compose(f.titleCode, w.undoSubject(title.displayName), f.firstName, [
    [w.undone(f.planName)],
    f.renewal
      ? [
          w.renews(
            longDate(f.renewal.date, language),
            pricePer(w, f.renewal.priceOre, f.renewal.period),
          ),
          w.cancelAt(`${host}/avslutt-abonnement`),
        ]
      : [],
    f.customerNumber ? [w.customer(f.customerNumber)] : [],
  ]);
}

/** A plan change made for the next renewal: from when, to what, at what price. */
export function planChangeReceiptEmail(f: PlanChangeFacts): Email {
  const { title, language, w, host } = context(f.titleCode);
  return compose(f.titleCode, w.changeSubject(title.displayName), f.firstName, [
    [
      // The same plan paid for another period is named as that, not as a change to itself.
      f.fromPlan === f.toPlan
        ? w.changePeriod(
            f.toPlan,
            w.period[perSlug(f.toPeriod)],
            pricePer(w, f.toPriceOre, f.toPeriod),
            longDate(f.effectiveDate, language),
          )
        : w.change(
            f.fromPlan,
            f.toPlan,
            w.period[perSlug(f.toPeriod)],
            pricePer(w, f.toPriceOre, f.toPeriod),
            longDate(f.effectiveDate, language),
          ),
      w.changeBack(`${host}/endre-abonnement`),
    ],
    f.customerNumber ? [w.customer(f.customerNumber)] : [],
  ]);
}
