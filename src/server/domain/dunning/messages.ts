// The dunning e-mails in the title's language (bokmål, or nynorsk for the nynorsk titles): the
// reminder (what is unpaid, the day access stops if it stays unpaid, how to pay) and the notice
// that the subscription is suspended (why, and how to get access back); for a card or Vipps
// charge that failed, the e-mail that says so at once (why, when it is tried again, how to fix
// it, the day access stops) and its own suspension notice. Each is a letter (messaging/letter):
// sent as plain text and as HTML in the title's brand.
import { formatKroner } from '../../../shared/money/money';
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { addDays } from '../../../shared/time/oslo';
import type { Letter } from '../../messaging/letter/letter';
import { longDate } from '../../messaging/wording';

/** What the messages say about the invoice (all from the server's own records). */
export interface DunnedInvoiceFacts {
  readonly titleCode: string;
  readonly planName: string;
  readonly firstName: string | null;
  readonly ariaInvoiceNo: string;
  readonly amountOre: number;
  readonly dueDate: string;
  readonly kid: string;
  readonly payeeAccountNumber: string;
  /** The day the subscription is (or was) suspended. */
  readonly suspendsOn: string;
}

/** What the messages say about a card or Vipps charge that failed (the server's own records). */
export interface FailedChargeFacts {
  readonly titleCode: string;
  readonly planName: string;
  readonly firstName: string | null;
  readonly ariaInvoiceNo: string;
  readonly amountOre: number;
  /** The day it was due: the first day of the period it pays for. */
  readonly dueDate: string;
  readonly method: 'VIPPS' | 'SWEDBANK-PPG';
  /** Why (payments/port.ts ChargeFailure, or NO_MANDATE); null when not said. */
  readonly failure: string | null;
  /** The day it is tried again by itself; null: not by itself. */
  readonly retryOn: string | null;
  readonly suspendsOn: string;
}

/** A Norwegian bank account number as it is written: 1506.12.34567. */
const accountNumber = (digits: string) =>
  digits.length === 11 ? `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}` : digits;

const words = {
  nb: {
    reminderSubject: (title: string) => `Påminnelse: Fakturaen fra ${title} er ikke betalt`,
    unpaid: (no: string, amount: string, due: string) =>
      `Vi har ikke fått betaling for faktura ${no} på ${amount}, som forfalt ${due}.`,
    willSuspend: (plan: string, lastDay: string, suspendsOn: string) =>
      `Betal fakturaen innen ${lastDay}. Er den ikke betalt da, blir abonnementet ditt (${plan}) stanset fra ${suspendsOn} til fakturaen er betalt.`,
    justPaid: 'Har du betalt i det siste, kan du se bort fra denne påminnelsen.',
    suspendedSubject: (title: string) => `Abonnementet ditt hos ${title} er stanset`,
    suspended: (plan: string, no: string, amount: string, due: string) =>
      `Abonnementet ditt (${plan}) er stanset fordi faktura ${no} på ${amount} forfalt ${due} og fortsatt ikke er betalt.`,
    comesBack: 'Betaler du med kort eller Vipps på Min side, får du tilgangen tilbake med en gang.',
    payOnline: (url: string) => `Betal på Min side: ${url}`,
    payInBank: (account: string, kid: string) =>
      `Du kan også betale i nettbanken til konto ${account} med KID ${kid}. Da får du tilgangen tilbake når betalingen er registrert.`,
    payInBankReminder: (account: string, kid: string) =>
      `Du kan også betale i nettbanken til konto ${account} med KID ${kid}.`,
    failedSubject: (title: string) => `Betalingen for abonnementet ditt hos ${title} feilet`,
    failed: (amount: string, plan: string, from: string, due: string) =>
      `Vi fikk ikke trukket ${amount} for abonnementet ditt (${plan}) ${from} ${due}.`,
    fromCard: 'fra kortet ditt',
    fromVipps: 'med Vipps',
    why: {
      USER_ACTION_REQUIRED: {
        'SWEDBANK-PPG':
          'Banken avviste trekket, for eksempel fordi det ikke var dekning eller kortet er sperret.',
        VIPPS: 'Vipps fikk ikke gjennomført trekket. I Vipps-appen ser du hvorfor.',
      },
      MANDATE_INACTIVE: {
        'SWEDBANK-PPG': 'Kortet er utløpt eller ikke lenger i bruk.',
        VIPPS: 'Vipps-avtalen din er ikke lenger aktiv.',
      },
      NO_MANDATE: {
        'SWEDBANK-PPG': 'Vi har ikke noe kort å trekke fra.',
        VIPPS: 'Vi har ingen Vipps-avtale å trekke fra.',
      },
      TECHNICAL: {
        'SWEDBANK-PPG': 'Det oppstod en feil hos betalingstjenesten.',
        VIPPS: 'Det oppstod en feil hos Vipps.',
      },
    },
    retry: (date: string) => `Vi prøver å trekke beløpet igjen ${date}.`,
    fixIt: (lastDay: string, suspendsOn: string) =>
      `Oppdater betalingsmåten eller betal beløpet på Min side innen ${lastDay}. Ellers blir abonnementet stanset fra ${suspendsOn} til beløpet er betalt.`,
    updateMethod: (url: string) => `Oppdater betalingsmåten: ${url}`,
    payNow: (url: string) => `Betal nå: ${url}`,
    chargeSuspended: (plan: string, amount: string, due: string) =>
      `Abonnementet ditt (${plan}) er stanset fordi vi ikke fikk trukket ${amount}, som forfalt ${due}.`,
    chargeComesBack:
      'Oppdaterer du betalingsmåten eller betaler beløpet på Min side, får du tilgangen tilbake med en gang.',
  },
  nn: {
    reminderSubject: (title: string) => `Påminning: Fakturaen frå ${title} er ikkje betalt`,
    unpaid: (no: string, amount: string, due: string) =>
      `Vi har ikkje fått betaling for faktura ${no} på ${amount}, som forfall ${due}.`,
    willSuspend: (plan: string, lastDay: string, suspendsOn: string) =>
      `Betal fakturaen innan ${lastDay}. Er han ikkje betalt då, blir abonnementet ditt (${plan}) stansa frå ${suspendsOn} til fakturaen er betalt.`,
    justPaid: 'Har du betalt i det siste, kan du sjå bort frå denne påminninga.',
    suspendedSubject: (title: string) => `Abonnementet ditt hos ${title} er stansa`,
    suspended: (plan: string, no: string, amount: string, due: string) =>
      `Abonnementet ditt (${plan}) er stansa fordi faktura ${no} på ${amount} forfall ${due} og framleis ikkje er betalt.`,
    comesBack: 'Betaler du med kort eller Vipps på Mi side, får du tilgangen tilbake med ein gong.',
    payOnline: (url: string) => `Betal på Mi side: ${url}`,
    payInBank: (account: string, kid: string) =>
      `Du kan òg betale i nettbanken til konto ${account} med KID ${kid}. Då får du tilgangen tilbake når betalinga er registrert.`,
    payInBankReminder: (account: string, kid: string) =>
      `Du kan òg betale i nettbanken til konto ${account} med KID ${kid}.`,
    failedSubject: (title: string) => `Betalinga for abonnementet ditt hos ${title} feila`,
    failed: (amount: string, plan: string, from: string, due: string) =>
      `Vi fekk ikkje trekt ${amount} for abonnementet ditt (${plan}) ${from} ${due}.`,
    fromCard: 'frå kortet ditt',
    fromVipps: 'med Vipps',
    why: {
      USER_ACTION_REQUIRED: {
        'SWEDBANK-PPG':
          'Banken avviste trekket, til dømes fordi det ikkje var dekning eller kortet er sperra.',
        VIPPS: 'Vipps fekk ikkje gjennomført trekket. I Vipps-appen ser du kvifor.',
      },
      MANDATE_INACTIVE: {
        'SWEDBANK-PPG': 'Kortet er gått ut på dato eller ikkje lenger i bruk.',
        VIPPS: 'Vipps-avtalen din er ikkje lenger aktiv.',
      },
      NO_MANDATE: {
        'SWEDBANK-PPG': 'Vi har ikkje noko kort å trekkje frå.',
        VIPPS: 'Vi har ingen Vipps-avtale å trekkje frå.',
      },
      TECHNICAL: {
        'SWEDBANK-PPG': 'Det oppstod ein feil hos betalingstenesta.',
        VIPPS: 'Det oppstod ein feil hos Vipps.',
      },
    },
    retry: (date: string) => `Vi prøver å trekkje beløpet igjen ${date}.`,
    fixIt: (lastDay: string, suspendsOn: string) =>
      `Oppdater betalingsmåten eller betal beløpet på Mi side innan ${lastDay}. Elles blir abonnementet stansa frå ${suspendsOn} til beløpet er betalt.`,
    updateMethod: (url: string) => `Oppdater betalingsmåten: ${url}`,
    payNow: (url: string) => `Betal no: ${url}`,
    chargeSuspended: (plan: string, amount: string, due: string) =>
      `Abonnementet ditt (${plan}) er stansa fordi vi ikkje fekk trekt ${amount}, som forfall ${due}.`,
    chargeComesBack:
      'Oppdaterer du betalingsmåten eller betaler beløpet på Mi side, får du tilgangen tilbake med ein gong.',
  },
} as const;

/** What every dunning e-mail says the same way: the title, its language, the greeting, the sum. */
function baseContext(facts: Omit<DunnedInvoiceFacts, 'kid' | 'payeeAccountNumber' | 'suspendsOn'>) {
  const title = getPublication(facts.titleCode);
  const language = title.language === 'nn' ? 'nn' : 'nb';
  return {
    title,
    language,
    w: words[language],
    greeting: facts.firstName ? `Hei ${facts.firstName},` : 'Hei,',
    amount: formatKroner(facts.amountOre),
    due: longDate(facts.dueDate, language),
    payUrl: `https://${minsideHost(title)}/betal-faktura/${facts.ariaInvoiceNo}`,
  } as const;
}

function context(facts: DunnedInvoiceFacts) {
  return { ...baseContext(facts), account: accountNumber(facts.payeeAccountNumber) } as const;
}

/** A letter of paragraphs (each a list of lines) after the greeting; the title signs it. */
function compose(
  subject: string,
  greeting: string,
  paragraphs: readonly (readonly string[])[],
  title: ReturnType<typeof getPublication>,
): Letter {
  return {
    titleCode: title.titleCode,
    subject,
    greeting,
    blocks: paragraphs.map((lines) => ({ kind: 'paragraph' as const, lines })),
  };
}

/** The reminder: unpaid since the due date, stopped on `suspendsOn` unless paid the day before. */
export function reminderEmail(facts: DunnedInvoiceFacts): Letter {
  const { title, language, w, greeting, amount, due, payUrl, account } = context(facts);
  return compose(
    w.reminderSubject(title.displayName),
    greeting,
    [
      [w.unpaid(facts.ariaInvoiceNo, amount, due)],
      [
        w.willSuspend(
          facts.planName,
          longDate(addDays(facts.suspendsOn, -1), language),
          longDate(facts.suspendsOn, language),
        ),
      ],
      [w.payOnline(payUrl), w.payInBankReminder(account, facts.kid)],
      [w.justPaid],
    ],
    title,
  );
}

/** The subscription is suspended: why, and that paying brings access back. */
export function suspensionEmail(facts: DunnedInvoiceFacts): Letter {
  const { title, w, greeting, amount, due, payUrl, account } = context(facts);
  return compose(
    w.suspendedSubject(title.displayName),
    greeting,
    [
      [w.suspended(facts.planName, facts.ariaInvoiceNo, amount, due)],
      [w.comesBack, w.payOnline(payUrl)],
      [w.payInBank(account, facts.kid)],
    ],
    title,
  );
}

function chargeContext(facts: FailedChargeFacts) {
  const base = baseContext(facts);
  return {
    ...base,
    methodUrl: `https://${minsideHost(base.title)}/endre-betalingsmetode`,
  } as const;
}

type WhyKey = keyof (typeof words)['nb']['why'];
const whyKey = (failure: string | null): WhyKey =>
  failure === 'USER_ACTION_REQUIRED' || failure === 'MANDATE_INACTIVE' || failure === 'NO_MANDATE'
    ? failure
    : 'TECHNICAL';

/**
 * A card or Vipps charge failed: what and why, when it is tried again (if it is), how to fix it,
 * and the day the subscription is suspended unless it is paid the day before.
 */
export function paymentFailedEmail(facts: FailedChargeFacts): Letter {
  const { title, language, w, greeting, amount, due, payUrl, methodUrl } = chargeContext(facts);
  return compose(
    w.failedSubject(title.displayName),
    greeting,
    [
      [
        w.failed(amount, facts.planName, facts.method === 'VIPPS' ? w.fromVipps : w.fromCard, due),
        w.why[whyKey(facts.failure)][facts.method],
        ...(facts.retryOn ? [w.retry(longDate(facts.retryOn, language))] : []),
      ],
      [
        w.fixIt(
          longDate(addDays(facts.suspendsOn, -1), language),
          longDate(facts.suspendsOn, language),
        ),
      ],
      [w.updateMethod(methodUrl), w.payNow(payUrl)],
    ],
    title,
  );
}

/** The subscription is suspended because a charge failed: why, and how to get access back. */
export function chargeSuspensionEmail(facts: FailedChargeFacts): Letter {
  const { title, w, greeting, amount, due, payUrl, methodUrl } = chargeContext(facts);
  return compose(
    w.suspendedSubject(title.displayName),
    greeting,
    [
      [w.chargeSuspended(facts.planName, amount, due)],
      [w.chargeComesBack, w.updateMethod(methodUrl), w.payNow(payUrl)],
    ],
    title,
  );
}
