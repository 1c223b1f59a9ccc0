// The e-mails of business seats, in the title's language (nb or nn), sent through the outbox in
// the transaction that makes the change: the invitation with its verification link to /bedrift
// (also when sent again), the 6-digit code to the invited address, and the notice that an
// employee's seat has ended.
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { osloDateOf } from '../../../shared/time/oslo';
import { longDate } from '../../messaging/wording';

export interface Email {
  readonly subject: string;
  readonly body: string;
}

type Language = 'nb' | 'nn';

const languageOf = (titleCode: string): Language =>
  getPublication(titleCode).language === 'nn' ? 'nn' : 'nb';

/** Where Min Side of the title is in production: https://minside.fvn.no. */
export const productionOrigin = (titleCode: string): string =>
  `https://${minsideHost(getPublication(titleCode))}`;

/** The verification link of an invitation, on the Min Side `origin` of the agreement's title. */
export const invitationLink = (origin: string, token: string): string =>
  `${origin}/bedrift?invitasjon=${encodeURIComponent(token)}`;

const words = {
  nb: {
    inviteSubject: (company: string, title: string) => `${company} gir deg tilgang til ${title}`,
    invite: (company: string, title: string, email: string) =>
      `${company} har et bedriftsabonnement på ${title} og har invitert deg (${email}) til å bruke det. Du får tilgang til det digitale innholdet, og bedriften betaler.`,
    activate: (link: string) => `Aktiver tilgangen din her: ${link}`,
    how: 'Logg inn med denne e-postadressen. Logger du inn med en annen, sender vi en kode hit som du bruker for å bekrefte at adressen er din.',
    valid: (date: string) =>
      `Lenken gjelder til ${date}. Har du fått en ny e-post om dette, er det lenken i den nyeste som gjelder.`,
    ignore: 'Kjenner du ikke til dette, kan du se bort fra e-posten.',
    codeSubject: (title: string) => `Koden din for å aktivere bedriftstilgang til ${title}`,
    code: (code: string, minutes: number) =>
      `Koden din er ${code}. Den gjelder i ${minutes} minutter og kan brukes én gang.`,
    codeUse: (company: string) =>
      `Skriv den inn på siden der du aktiverer tilgangen fra ${company}.`,
    codeIgnore:
      'Har du ikke bedt om koden, kan du se bort fra denne e-posten. Ingen får tilgang uten koden.',
    endedSubject: (title: string) => `Bedriftstilgangen din til ${title} er avsluttet`,
    ended: (company: string, title: string, date: string) =>
      `${company} har avsluttet bedriftstilgangen din til ${title}. Den gjaldt til og med ${date}.`,
    own: (title: string, url: string) =>
      `Vil du fortsatt lese ${title}, kan du kjøpe ditt eget abonnement: ${url}`,
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    bye: 'Hilsen',
  },
  nn: {
    inviteSubject: (company: string, title: string) => `${company} gir deg tilgang til ${title}`,
    invite: (company: string, title: string, email: string) =>
      `${company} har eit bedriftsabonnement på ${title} og har invitert deg (${email}) til å bruke det. Du får tilgang til det digitale innhaldet, og bedrifta betaler.`,
    activate: (link: string) => `Aktiver tilgangen din her: ${link}`,
    how: 'Logg inn med denne e-postadressa. Loggar du inn med ei anna, sender vi ein kode hit som du brukar for å stadfeste at adressa er di.',
    valid: (date: string) =>
      `Lenkja gjeld til ${date}. Har du fått ein ny e-post om dette, er det lenkja i den nyaste som gjeld.`,
    ignore: 'Kjenner du ikkje til dette, kan du sjå bort frå e-posten.',
    codeSubject: (title: string) => `Koden din for å aktivere bedriftstilgang til ${title}`,
    code: (code: string, minutes: number) =>
      `Koden din er ${code}. Han gjeld i ${minutes} minutt og kan brukast éin gong.`,
    codeUse: (company: string) =>
      `Skriv han inn på sida der du aktiverer tilgangen frå ${company}.`,
    codeIgnore:
      'Har du ikkje bede om koden, kan du sjå bort frå denne e-posten. Ingen får tilgang utan koden.',
    endedSubject: (title: string) => `Bedriftstilgangen din til ${title} er avslutta`,
    ended: (company: string, title: string, date: string) =>
      `${company} har avslutta bedriftstilgangen din til ${title}. Han galdt til og med ${date}.`,
    own: (title: string, url: string) =>
      `Vil du framleis lese ${title}, kan du kjøpe ditt eige abonnement: ${url}`,
    hello: (name: string | null) => (name ? `Hei ${name},` : 'Hei,'),
    bye: 'Helsing',
  },
} as const;

/** The invitation (also when sent again): who invites, to what, the link and until when. */
export function invitationEmail(input: {
  readonly titleCode: string;
  readonly companyName: string;
  readonly email: string;
  readonly link: string;
  readonly linkExpiresAt: Date;
}): Email {
  const language = languageOf(input.titleCode);
  const w = words[language];
  const title = getPublication(input.titleCode).displayName;
  return {
    subject: w.inviteSubject(input.companyName, title),
    body: [
      w.hello(null),
      '',
      w.invite(input.companyName, title, input.email),
      '',
      w.activate(input.link),
      '',
      w.how,
      w.valid(longDate(osloDateOf(input.linkExpiresAt), language)),
      '',
      w.ignore,
      '',
      w.bye,
      title,
    ].join('\n'),
  };
}

/** The 6-digit code, to the invited address. */
export function codeEmail(input: {
  readonly titleCode: string;
  readonly companyName: string;
  readonly code: string;
  readonly minutes: number;
}): Email {
  const language = languageOf(input.titleCode);
  const w = words[language];
  const title = getPublication(input.titleCode).displayName;
  return {
    subject: w.codeSubject(title),
    body: [
      w.hello(null),
      '',
      w.code(input.code, input.minutes),
      w.codeUse(input.companyName),
      '',
      w.codeIgnore,
      '',
      w.bye,
      title,
    ].join('\n'),
  };
}

/** The employee's seat has ended (the admin removed it): the last day, and their own offer. */
export function seatEndedEmail(input: {
  readonly titleCode: string;
  readonly companyName: string;
  readonly name: string | null;
  /** The last day with access (Oslo date). */
  readonly lastDay: string;
  /** Min Side of the title (invitationLink's origin). */
  readonly origin: string;
}): Email {
  const language = languageOf(input.titleCode);
  const w = words[language];
  const title = getPublication(input.titleCode).displayName;
  return {
    subject: w.endedSubject(title),
    body: [
      w.hello(input.name),
      '',
      w.ended(input.companyName, title, longDate(input.lastDay, language)),
      '',
      w.own(title, `${input.origin}/bestill-abonnement`),
      '',
      w.bye,
      title,
    ].join('\n'),
  };
}
