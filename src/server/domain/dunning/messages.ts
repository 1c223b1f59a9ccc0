// The dunning e-mails in the title's language (bokmål, or nynorsk for the nynorsk titles): the
// reminder (what is unpaid, the day access stops if it stays unpaid, how to pay) and the notice
// that the subscription is suspended (why, and how to get access back). Plain text: the outbox
// keeps subject and body.
import { formatKroner } from '../../../shared/money/money';
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { addDays } from '../../../shared/time/oslo';
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

export interface Email {
  readonly subject: string;
  readonly body: string;
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
    questions: (phone: string, email: string) =>
      `Spørsmål? Ring kundeservice på ${phone} eller skriv til ${email}.`,
    bye: 'Hilsen',
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
    questions: (phone: string, email: string) =>
      `Spørsmål? Ring kundeservice på ${phone} eller skriv til ${email}.`,
    bye: 'Helsing',
  },
} as const;

function context(facts: DunnedInvoiceFacts) {
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
    account: accountNumber(facts.payeeAccountNumber),
  } as const;
}

/** The reminder: unpaid since the due date, stopped on `suspendsOn` unless paid the day before. */
export function reminderEmail(facts: DunnedInvoiceFacts): Email {
  const { title, language, w, greeting, amount, due, payUrl, account } = context(facts);
  const lines = [
    greeting,
    '',
    w.unpaid(facts.ariaInvoiceNo, amount, due),
    '',
    w.willSuspend(
      facts.planName,
      longDate(addDays(facts.suspendsOn, -1), language),
      longDate(facts.suspendsOn, language),
    ),
    '',
    w.payOnline(payUrl),
    w.payInBankReminder(account, facts.kid),
    '',
    w.justPaid,
    w.questions(title.customerCenterPhoneNumber, title.customerCenterEmail),
    '',
    w.bye,
    title.displayName,
  ];
  return { subject: w.reminderSubject(title.displayName), body: lines.join('\n') };
}

/** The subscription is suspended: why, and that paying brings access back. */
export function suspensionEmail(facts: DunnedInvoiceFacts): Email {
  const { title, w, greeting, amount, due, payUrl, account } = context(facts);
  const lines = [
    greeting,
    '',
    w.suspended(facts.planName, facts.ariaInvoiceNo, amount, due),
    '',
    w.comesBack,
    w.payOnline(payUrl),
    '',
    w.payInBank(account, facts.kid),
    w.questions(title.customerCenterPhoneNumber, title.customerCenterEmail),
    '',
    w.bye,
    title.displayName,
  ];
  return { subject: w.suspendedSubject(title.displayName), body: lines.join('\n') };
}
