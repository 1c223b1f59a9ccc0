// The receipts a reader gets by e-mail for what they do with money on Min Side, in the title's
// language (bokmål, or nynorsk for the nynorsk titles), as the durable confirmation the
// consumer rules ask for: a purchase (what was bought, the price now and later, no binding, the
// terms and the 14-day right of withdrawal with its last day), a restart, an upgrade, an invoice
// paid, a cancellation (the last day, and how to undo it until then), an undone cancellation and
// a plan change made for the next renewal, and money sent back for an order that could not be
// carried out. Every fact comes from the server's own records. Each is a letter
// (messaging/letter): one set of blocks, sent as plain text and as HTML in the title's brand.
import { formatKroner } from '../../../shared/money/money';
import { periodMonths, type Period } from '../../../shared/subscription/plans';
import { letterContext, present, type Letter } from '../../messaging/letter/letter';
import { longDate, type Language } from '../../messaging/wording';

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

export interface RefundFacts {
  readonly titleCode: string;
  readonly firstName: string | null;
  readonly kind: OrderReceiptFacts['kind'];
  readonly planName: string;
  readonly amountOre: number;
  readonly method: Method;
  /** The day the provider took the refund (Europe/Oslo). */
  readonly refundedOn: string;
  /** Only reserved, never captured: the reservation was released, nothing was taken. */
  readonly released: boolean;
  /** A purchase refused because the account subscribes to the title already. */
  readonly alreadySubscriber: boolean;
  readonly reference: string;
}

const perSlug = (period: Period) =>
  periodMonths[period] === 12 ? 'year' : periodMonths[period] === 3 ? 'quarter' : 'month';

const words = {
  nb: {
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    read: (title: string) => `Begynn å lese ${title}`,
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
    offerLabel: 'Tilbud',
    offer: {
      FIRST_MONTH_1KR: 'første måned for 1 kr',
      REACTIVATION_3_FOR_1: '3 måneder for prisen av 1',
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
    undoUntil: (lastDay: string) =>
      `Ombestemmer du deg, kan du angre oppsigelsen fram til ${lastDay}.`,
    undoAction: 'Angre oppsigelsen',
    payAction: 'Se det som skal betales',
    cancelledSuspended: (plan: string, lastDay: string) =>
      `Vi har registrert oppsigelsen av ${plan}. Abonnementet fornyes ikke mer og avsluttes ${lastDay}.`,
    stillOwed:
      'Beløpet som ikke er betalt, skal fortsatt betales. Betaler du det, kan du lese som før fram til da.',
    undoSubject: (title: string) => `Kvittering: Oppsigelsen hos ${title} er angret`,
    undone: (plan: string) => `Oppsigelsen er angret, og ${plan} fortsetter som før.`,
    changeSubject: (title: string) => `Kvittering: Abonnementet hos ${title} endres`,
    change: (from: string, to: string, period: string, price: string, date: string) =>
      `Fra ${date} endres abonnementet fra ${from} til ${to} (${period}), ${price}. Fram til da fortsetter du med ${from} som før.`,
    changePeriod: (plan: string, period: string, price: string, date: string) =>
      `Fra ${date} betaler du ${period} for ${plan}: ${price}. Fram til da fortsetter alt som før.`,
    changeBack: (url: string) =>
      `Vil du heller beholde det du har, kan du angre endringen på Min side: ${url}`,
    refundSubject: {
      refunded: (title: string) => `Du får pengene tilbake fra ${title}`,
      released: (title: string) => `Du er ikke trukket for betalingen til ${title}`,
    },
    refundIntro: {
      new: (plan: string, alreadySubscriber: boolean) =>
        alreadySubscriber
          ? `Vi fikk ikke fullført kjøpet av ${plan}, fordi du allerede har et abonnement på avisen. Du betaler ikke for det to ganger.`
          : `Vi fikk ikke fullført kjøpet av ${plan}, så du har ikke fått abonnementet.`,
      reactivation: (plan: string) =>
        `Vi fikk ikke startet ${plan} igjen, fordi abonnementet ble endret mens du betalte.`,
      upgrade: (plan: string) =>
        `Vi fikk ikke endret abonnementet til ${plan}, fordi det ble endret mens du betalte. Abonnementet ditt er som før.`,
      invoice: () =>
        'Fakturaen var allerede betalt eller avsluttet da betalingen din kom fram, så den er ikke betalt to ganger.',
    },
    refundLabel: { refunded: 'Tilbakebetalt', released: 'Frigitt' },
    refundedValue: (amount: string, method: string, date: string) =>
      `${amount} til ${method} ${date}`,
    refundWhen: {
      refunded: {
        VIPPS: 'Pengene kommer tilbake på kontoen din i løpet av noen få dager.',
        'SWEDBANK-PPG':
          'Pengene kommer tilbake på kortet ditt, vanligvis innen noen få virkedager, avhengig av banken din.',
      },
      released: {
        VIPPS:
          'Beløpet var bare reservert, så ingenting er trukket. Reservasjonen forsvinner fra kontoen din i løpet av noen få dager.',
        'SWEDBANK-PPG':
          'Beløpet var bare reservert på kortet, så ingenting er trukket. Reservasjonen forsvinner i løpet av noen få dager, avhengig av banken din.',
      },
    },
    refundAction: 'Se abonnementet ditt på Min side',
  },
  nn: {
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    read: (title: string) => `Byrj å lese ${title}`,
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
    offerLabel: 'Tilbod',
    offer: {
      FIRST_MONTH_1KR: 'første månad for 1 kr',
      REACTIVATION_3_FOR_1: '3 månader for prisen av 1',
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
    undoUntil: (lastDay: string) =>
      `Ombestemmer du deg, kan du angre oppseiinga fram til ${lastDay}.`,
    undoAction: 'Angre oppseiinga',
    payAction: 'Sjå det som skal betalast',
    cancelledSuspended: (plan: string, lastDay: string) =>
      `Vi har registrert oppseiinga av ${plan}. Abonnementet blir ikkje fornya meir og blir avslutta ${lastDay}.`,
    stillOwed:
      'Beløpet som ikkje er betalt, skal framleis betalast. Betaler du det, kan du lese som før fram til då.',
    undoSubject: (title: string) => `Kvittering: Oppseiinga hos ${title} er angra`,
    undone: (plan: string) => `Oppseiinga er angra, og ${plan} held fram som før.`,
    changeSubject: (title: string) => `Kvittering: Abonnementet hos ${title} blir endra`,
    change: (from: string, to: string, period: string, price: string, date: string) =>
      `Frå ${date} blir abonnementet endra frå ${from} til ${to} (${period}), ${price}. Fram til då held du fram med ${from} som før.`,
    changePeriod: (plan: string, period: string, price: string, date: string) =>
      `Frå ${date} betaler du ${period} for ${plan}: ${price}. Fram til då held alt fram som før.`,
    changeBack: (url: string) =>
      `Vil du heller halde på det du har, kan du angre endringa på Mi side: ${url}`,
    refundSubject: {
      refunded: (title: string) => `Du får pengane tilbake frå ${title}`,
      released: (title: string) => `Du er ikkje trekt for betalinga til ${title}`,
    },
    refundIntro: {
      new: (plan: string, alreadySubscriber: boolean) =>
        alreadySubscriber
          ? `Vi fekk ikkje fullført kjøpet av ${plan}, fordi du alt har eit abonnement på avisa. Du betaler ikkje for det to gonger.`
          : `Vi fekk ikkje fullført kjøpet av ${plan}, så du har ikkje fått abonnementet.`,
      reactivation: (plan: string) =>
        `Vi fekk ikkje starta ${plan} att, fordi abonnementet vart endra medan du betalte.`,
      upgrade: (plan: string) =>
        `Vi fekk ikkje endra abonnementet til ${plan}, fordi det vart endra medan du betalte. Abonnementet ditt er som før.`,
      invoice: () =>
        'Fakturaen var alt betalt eller avslutta då betalinga di kom fram, så ho er ikkje betalt to gonger.',
    },
    refundLabel: { refunded: 'Tilbakebetalt', released: 'Frigjort' },
    refundedValue: (amount: string, method: string, date: string) =>
      `${amount} til ${method} ${date}`,
    refundWhen: {
      refunded: {
        VIPPS: 'Pengane kjem tilbake på kontoen din i løpet av nokre få dagar.',
        'SWEDBANK-PPG':
          'Pengane kjem tilbake på kortet ditt, vanlegvis innan nokre få yrkedagar, avhengig av banken din.',
      },
      released: {
        VIPPS:
          'Beløpet var berre reservert, så ingenting er trekt. Reservasjonen forsvinn frå kontoen din i løpet av nokre få dagar.',
        'SWEDBANK-PPG':
          'Beløpet var berre reservert på kortet, så ingenting er trekt. Reservasjonen forsvinn i løpet av nokre få dagar, avhengig av banken din.',
      },
    },
    refundAction: 'Sjå abonnementet ditt på Mi side',
  },
} as const;

function context(titleCode: string) {
  const c = letterContext(titleCode);
  return { ...c, w: words[c.language] };
}

const pricePer = (w: (typeof words)[Language], priceOre: number, period: Period) =>
  `${formatKroner(priceOre)} ${w.per[perSlug(period)]}`;

/** A purchase, a restart, an upgrade or an invoice paid on Min Side. */
export function orderReceiptEmail(f: OrderReceiptFacts): Letter {
  const { title, language, w, host } = context(f.titleCode);
  const date = (d: string) => longDate(d, language);
  const renews = f.kind !== 'invoice' && f.renewal;
  return {
    titleCode: f.titleCode,
    subject: w.orderSubject[f.kind](title.displayName),
    greeting: w.hello(f.firstName),
    blocks: present([
      { kind: 'paragraph', lines: [w.orderIntro[f.kind](f.planName, title.displayName)] },
      {
        kind: 'facts',
        rows: [
          { label: w.plan, value: `${f.planName} (${w.period[perSlug(f.period)]})` },
          ...(f.ariaInvoiceNo ? [{ label: w.invoiceNo, value: f.ariaInvoiceNo }] : []),
          {
            label: w.paid,
            value: w.paidValue(formatKroner(f.amountOre), w.method[f.method], date(f.paidOn)),
          },
          ...(f.offer ? [{ label: w.offerLabel, value: w.offer[f.offer] }] : []),
        ],
      },
      // What was bought is there to be read: the receipt leads to it.
      { kind: 'action', label: w.read(title.displayName), url: title.baseUrl },
      renews && {
        kind: 'paragraph',
        lines: [
          w.renews(date(renews.date), pricePer(w, renews.priceOre, renews.period)),
          w.cancelAt(`${host}/avslutt-abonnement`),
        ],
      },
      {
        kind: 'paragraph',
        lines: [
          ...(f.withdrawalLastDay
            ? [w.withdrawal(date(f.withdrawalLastDay), `${host}/angrerett`)]
            : []),
          ...(f.kind === 'invoice' ? [] : [w.terms(`${host}/vilkaar`)]),
        ],
      },
      {
        kind: 'paragraph',
        lines: [
          w.reference(f.reference, f.kind === 'invoice'),
          ...(f.customerNumber ? [w.customer(f.customerNumber)] : []),
        ],
      },
    ]),
  };
}

/** A cancellation: the last day, and how to undo it until then (or what is still owed). */
export function cancellationReceiptEmail(f: CancellationFacts): Letter {
  const { title, language, w, host } = context(f.titleCode);
  const lastDay = longDate(f.lastDay, language);
  return {
    titleCode: f.titleCode,
    subject: w.cancelSubject(title.displayName),
    greeting: w.hello(f.firstName),
    blocks: present([
      ...(f.suspended
        ? [
            {
              kind: 'paragraph' as const,
              lines: [w.cancelledSuspended(f.planName, lastDay), w.stillOwed],
            },
            { kind: 'action' as const, label: w.payAction, url: `${host}/fakturaoversikt` },
          ]
        : [
            {
              kind: 'paragraph' as const,
              lines: [w.cancelled(f.planName, lastDay), w.undoUntil(lastDay)],
            },
            { kind: 'action' as const, label: w.undoAction, url: `${host}/angre-oppsigelse` },
          ]),
      { kind: 'paragraph', lines: f.customerNumber ? [w.customer(f.customerNumber)] : [] },
    ]),
  };
}

/** An undone cancellation: it goes on, and when and at what price it renews. */
export function undoReceiptEmail(f: UndoFacts): Letter {
  const { title, language, w, host } = context(f.titleCode);
  return {
    titleCode: f.titleCode,
    subject: w.undoSubject(title.displayName),
    greeting: w.hello(f.firstName),
    blocks: present([
      { kind: 'paragraph', lines: [w.undone(f.planName)] },
      f.renewal && {
        kind: 'paragraph',
        lines: [
          w.renews(
            longDate(f.renewal.date, language),
            pricePer(w, f.renewal.priceOre, f.renewal.period),
          ),
          w.cancelAt(`${host}/avslutt-abonnement`),
        ],
      },
      { kind: 'paragraph', lines: f.customerNumber ? [w.customer(f.customerNumber)] : [] },
    ]),
  };
}

/** A plan change made for the next renewal: from when, to what, at what price. */
export function planChangeReceiptEmail(f: PlanChangeFacts): Letter {
  const { title, language, w, host } = context(f.titleCode);
  const price = pricePer(w, f.toPriceOre, f.toPeriod);
  const period = w.period[perSlug(f.toPeriod)];
  const on = longDate(f.effectiveDate, language);
  return {
    titleCode: f.titleCode,
    subject: w.changeSubject(title.displayName),
    greeting: w.hello(f.firstName),
    blocks: present([
      {
        kind: 'paragraph',
        lines: [
          // The same plan paid for another period is named as that, not as a change to itself.
          f.fromPlan === f.toPlan
            ? w.changePeriod(f.toPlan, period, price, on)
            : w.change(f.fromPlan, f.toPlan, period, price, on),
          w.changeBack(`${host}/endre-abonnement`),
        ],
      },
      { kind: 'paragraph', lines: f.customerNumber ? [w.customer(f.customerNumber)] : [] },
    ]),
  };
}

/** An order paid for that could not be carried out: the money goes back, and what to do now. */
export function refundReceiptEmail(f: RefundFacts): Letter {
  const { title, language, w, host } = context(f.titleCode);
  const how = f.released ? 'released' : 'refunded';
  return {
    titleCode: f.titleCode,
    subject: w.refundSubject[how](title.displayName),
    greeting: w.hello(f.firstName),
    blocks: present([
      {
        kind: 'paragraph',
        lines: [w.refundIntro[f.kind](f.planName, f.alreadySubscriber)],
      },
      {
        kind: 'facts',
        rows: [
          {
            label: w.refundLabel[how],
            value: w.refundedValue(
              formatKroner(f.amountOre),
              w.method[f.method],
              longDate(f.refundedOn, language),
            ),
          },
        ],
      },
      { kind: 'paragraph', lines: [w.refundWhen[how][f.method]] },
      { kind: 'action', label: w.refundAction, url: `${host}/` },
      { kind: 'paragraph', lines: [w.reference(f.reference, false)] },
    ]),
  };
}
