// The two e-mails of a delivery complaint, sent through the outbox in the transaction that files
// it: the case for the title's customer centre (bokmål, the centre's working language; everything
// it needs to follow up, with the count of complaints on the address) and the confirmation to the
// reader in the title's language (nb or nn), with today's e-paper and what happens next, and the
// amount taken off the next invoice when a missed paper was credited (never a word about money
// otherwise).
import { formatKroner } from '../../../shared/money/money';
import { getPublication } from '../../../shared/publications/registry';
import { longDate } from '../../messaging/wording';

/** A complaint as the e-mails tell it. */
export interface ComplaintMessageInput {
  readonly reference: string;
  readonly titleCode: string;
  readonly subscriptionNo: string;
  readonly planName: string;
  readonly customerNumber: string;
  readonly reader: {
    readonly firstName: string | null;
    readonly lastName: string | null;
    readonly email: string | null;
    readonly phoneNumber: string | null;
  };
  /** The delivery address as filed, one line (null: the account has none). */
  readonly address: string | null;
  /** The address filed is a delivery change's temporary address. */
  readonly temporaryAddress?: boolean;
  /** Days of the complaint whose paper went to another address than the one filed. */
  readonly otherAddresses?: readonly {
    readonly dates: readonly string[];
    readonly address: string | null;
    readonly temporary: boolean;
  }[];
  /** Most recent first. */
  readonly dates: readonly string[];
  readonly code: string;
  /** The code's text as the catalogue keeps it (bokmål). */
  readonly description: string;
  readonly comment: string | null;
  /** Complaints on the address in the counting period, this one included. */
  readonly addressCount: number;
  readonly repeatDays: number;
  readonly repeated: boolean;
  readonly epaperUrl: string;
  /** The missed papers credited on the next invoice (missedPaperCredits.ts); null: none. */
  readonly credit?: { readonly amountOre: number; readonly appliesTo: string } | null;
}

export interface Email {
  readonly subject: string;
  readonly body: string;
}

/** The codes' texts in nynorsk (the catalogue's `description` is bokmål). */
const nynorskDescriptions: Readonly<Record<string, string>> = {
  UTEBLITT: 'Avisa kom ikkje',
  SEN: 'Avisa kom for seint',
  FEILSTED: 'Avisa vart levert på feil stad',
  SKADET: 'Avisa var våt eller skadd',
  FEILAVIS: 'Eg fekk feil avis',
  BILAG: 'Bilag eller magasin mangla',
};

const dateList = (dates: readonly string[], language: 'nb' | 'nn') =>
  dates.map((date) => longDate(date, language, { weekday: true })).join(', ');

/**
 * The reader's own words as a quoted block: every line of the comment begins with '> ', so a
 * comment can never pass for a line of the message itself (a forged "Referanse:" or "Gjentatte
 * klager:" line in the case customer service reads).
 */
export const quoted = (comment: string): string[] =>
  comment.split(/\r\n|\r|\n/).map((line) => `> ${line}`);

const addressText = (address: string | null, temporary: boolean) =>
  address === null
    ? 'ingen registrert i Min Side'
    : temporary
      ? `${address} (midlertidig adresse)`
      : address;

/** The case for customer service, at the title's customer centre. */
export function customerServiceEmail(input: ComplaintMessageInput): Email {
  const title = getPublication(input.titleCode);
  const name = [input.reader.firstName, input.reader.lastName].filter(Boolean).join(' ');
  const repeat = `${input.addressCount}. klage på denne adressen siste ${input.repeatDays} dager.`;
  const lines = [
    'Ny leveringsklage fra Min Side.',
    '',
    `Referanse: ${input.reference}`,
    `Avis: ${title.displayName} (${title.titleCode})`,
    `Abonnement: ${input.subscriptionNo} (${input.planName}), kundenummer ${input.customerNumber}`,
    `Abonnent: ${[name || 'Uten navn', input.reader.email, input.reader.phoneNumber].filter(Boolean).join(', ')}`,
    `Leveringsadresse: ${addressText(input.address, input.temporaryAddress ?? false)}`,
    ...(input.otherAddresses ?? []).map(
      (other) =>
        `Annen adresse ${dateList(other.dates, 'nb')}: ${addressText(other.address, other.temporary)}`,
    ),
    `${input.dates.length > 1 ? 'Dager' : 'Dag'}: ${dateList(input.dates, 'nb')}`,
    `Klage: ${input.description} (${input.code})`,
    ...(input.comment
      ? ['Kommentar fra abonnenten:', ...quoted(input.comment)]
      : ['Kommentar: (ingen)']),
    '',
    `Gjentatte klager: ${repeat}`,
    ...(input.repeated
      ? [
          `Adressen har hatt ${input.addressCount} klager på ${input.repeatDays} dager: gi beskjed til distributøren.`,
        ]
      : []),
    ...(input.credit
      ? [
          '',
          `Trekk for avis som ikke kom: ${formatKroner(input.credit.amountOre)} trekkes automatisk fra neste faktura (${longDate(input.credit.appliesTo, 'nb')}). Abonnenten har fått beskjed.`,
        ]
      : []),
    '',
    `Abonnenten har fått lenke til dagens e-avis (${input.epaperUrl}) og beskjed om at kundeservice følger opp.`,
  ];
  return {
    subject: `Leveringsklage ${input.reference}: ${input.description} – ${title.displayName}${input.repeated ? ` (${input.addressCount}. klage på adressen)` : ''}`,
    body: lines.join('\n'),
  };
}

const words = {
  nb: {
    subject: (title: string) => `Vi har fått klagen din på levering av ${title}`,
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    thanks: (title: string) =>
      `Takk for at du sa fra. Vi har registrert klagen din på leveringen av ${title}.`,
    dates: (count: number) => (count > 1 ? 'Gjelder dagene' : 'Gjelder'),
    complaint: 'Klage',
    comment: 'Kommentar',
    reference: 'Referanse',
    epaper: (url: string) => `Dagens e-avis kan du lese med en gang: ${url}`,
    credit: (amount: string) => `Vi trekker ${amount} fra neste faktura.`,
    next: 'Kundeservice følger opp klagen. Kommer ikke avisen fram ofte, gir vi beskjed til distributøren.',
    repeated:
      'Vi har fått flere klager på leveringen til adressen din den siste tiden, og ber distributøren rette det opp.',
    bye: 'Hilsen',
  },
  nn: {
    subject: (title: string) => `Vi har fått klaga di på levering av ${title}`,
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    thanks: (title: string) =>
      `Takk for at du sa frå. Vi har registrert klaga di på leveringa av ${title}.`,
    dates: (count: number) => (count > 1 ? 'Gjeld dagane' : 'Gjeld'),
    complaint: 'Klage',
    comment: 'Kommentar',
    reference: 'Referanse',
    epaper: (url: string) => `Dagens e-avis kan du lese med ein gong: ${url}`,
    credit: (amount: string) => `Vi trekkjer ${amount} frå neste faktura.`,
    next: 'Kundeservice følgjer opp klaga. Kjem ikkje avisa fram ofte, seier vi frå til distributøren.',
    repeated:
      'Vi har fått fleire klager på leveringa til adressa di den siste tida, og ber distributøren rette det opp.',
    bye: 'Helsing',
  },
} as const;

/** The confirmation to the reader, in the title's language. */
export function readerConfirmationEmail(input: ComplaintMessageInput): Email {
  const title = getPublication(input.titleCode);
  const language = title.language === 'nn' ? 'nn' : 'nb';
  const w = words[language];
  const description =
    language === 'nn' ? (nynorskDescriptions[input.code] ?? input.description) : input.description;
  const lines = [
    w.hello(input.reader.firstName),
    '',
    w.thanks(title.displayName),
    '',
    `${w.dates(input.dates.length)}: ${dateList(input.dates, language)}`,
    `${w.complaint}: ${description}`,
    ...(input.comment ? [`${w.comment}:`, ...quoted(input.comment)] : []),
    `${w.reference}: ${input.reference}`,
    '',
    w.epaper(input.epaperUrl),
    '',
    ...(input.credit ? [w.credit(formatKroner(input.credit.amountOre)), ''] : []),
    w.next,
    ...(input.repeated ? [w.repeated] : []),
    '',
    w.bye,
    title.displayName,
  ];
  return { subject: w.subject(title.displayName), body: lines.join('\n') };
}
