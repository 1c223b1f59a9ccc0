// The family sharing messages in the title's language (bokmål, or nynorsk for the nynorsk
// titles): the invitation (e-mail or SMS, with the link to /verifiser-familiemedlem), what the
// owner is told (accepted, declined, a member left) and what a member is told when the share
// ends or is ending (removed, the owner cancelled or the owner's subscription stopped sharing,
// each offering an own subscription) or goes on after all. Plain text: the outbox keeps subject
// and body. They go to the outbox in the caller's transaction, unless the deps give a sender.
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import type { Queryable } from '../../db/db';
import { outboxSender } from '../../messaging/outbox';
import { longDate } from '../../messaging/wording';

import type { Channel, FamilyDeps } from './rules';

export interface Email {
  readonly subject: string;
  readonly body: string;
}

type Language = 'nb' | 'nn';

const languageOf = (titleCode: string): Language =>
  getPublication(titleCode).language === 'nn' ? 'nn' : 'nb';

/** The Oslo calendar date and time of an instant, for "the link works until …". */
function longInstant(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat([language === 'nn' ? 'nn-NO' : 'nb-NO', 'nb-NO'], {
    timeZone: 'Europe/Oslo',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/**
 * The Min Side origin of a title that links in messages point at. In development (a request on
 * localhost or a `*.localhost` host) the title's local host on the same port, so the links in
 * /dev/outbox open on this server; otherwise the title's Min Side host. The request's own host
 * is never copied into a message: only hosts this function makes.
 */
export function minsideOrigin(titleCode: string, requestOrigin?: string): string {
  const publication = getPublication(titleCode);
  if (requestOrigin) {
    try {
      const url = new URL(requestOrigin);
      const local =
        url.hostname === 'localhost' ||
        url.hostname.endsWith('.localhost') ||
        url.hostname === '127.0.0.1';
      if (local) {
        const port = /^[0-9]{1,5}$/.test(url.port) ? `:${url.port}` : '';
        return `${url.protocol === 'https:' ? 'https' : 'http'}://${publication.titleCode.toLowerCase()}.localhost${port}`;
      }
    } catch {
      // Not a URL: the title's own host below.
    }
  }
  return `https://${minsideHost(publication)}`;
}

export const invitationLink = (origin: string, token: string) =>
  `${origin}/verifiser-familiemedlem?token=${encodeURIComponent(token)}`;

const orderLink = (origin: string) => `${origin}/bestill-abonnement`;

const words = {
  nb: {
    inviteSubject: (inviter: string, title: string) =>
      `${inviter} vil dele abonnementet på ${title} med deg`,
    invited: (inviter: string, title: string, plan: string) =>
      `${inviter} har invitert deg til å dele abonnementet sitt på ${title} (${plan}). Du får digital tilgang uten å betale noe selv.`,
    accept: (link: string) => `Se invitasjonen og godta den her: ${link}`,
    signIn: 'Du logger inn med din egen bruker, eller lager en ny.',
    validUntil: (until: string) => `Lenken gjelder til ${until} og kan brukes én gang.`,
    sms: (inviter: string, title: string, until: string, link: string) =>
      `${inviter} vil dele abonnementet på ${title} med deg. Godta innen ${until}: ${link}`,
    acceptedSubject: (title: string) => `Ny i familiedelingen på ${title}`,
    accepted: (member: string, title: string) =>
      `${member} har godtatt invitasjonen og deler nå abonnementet ditt på ${title}.`,
    declinedSubject: (title: string) => `Invitasjonen til familiedeling på ${title} ble avslått`,
    declined: (recipient: string) =>
      `Invitasjonen til ${recipient} ble avslått. Plassen er ledig igjen.`,
    leftSubject: (title: string) => `Et familiemedlem har gått ut av delingen på ${title}`,
    left: (member: string, title: string) =>
      `${member} deler ikke lenger abonnementet ditt på ${title}. Plassen er ledig igjen.`,
    manage: (link: string) => `Se familiedelingen din: ${link}`,
    removedSubject: (title: string) => `Du er fjernet fra familiedelingen på ${title}`,
    removed: (owner: string, title: string) =>
      `${owner} har fjernet deg fra familiedelingen på ${title}. Tilgangen din er avsluttet.`,
    endingSubject: (title: string) => `Tilgangen din til ${title} tar slutt`,
    ending: (owner: string, title: string, lastDay: string) =>
      `Abonnementet på ${title} som ${owner} deler med deg, er sagt opp. Du har tilgang til og med ${lastDay}.`,
    endedSubject: (title: string) => `Tilgangen din til ${title} er avsluttet`,
    ended: (owner: string, title: string) =>
      `Abonnementet på ${title} som ${owner} delte med deg, deles ikke lenger. Tilgangen din er avsluttet.`,
    continuesSubject: (title: string) => `Du beholder tilgangen til ${title}`,
    continues: (owner: string, title: string) =>
      `${owner} har angret oppsigelsen av abonnementet på ${title}. Du deler det fortsatt og beholder tilgangen.`,
    ownOffer: (link: string) =>
      `Vil du fortsette å lese? Kjøp ditt eget abonnement på Min side: ${link}`,
    bye: 'Hilsen',
  },
  nn: {
    inviteSubject: (inviter: string, title: string) =>
      `${inviter} vil dele abonnementet på ${title} med deg`,
    invited: (inviter: string, title: string, plan: string) =>
      `${inviter} har invitert deg til å dele abonnementet sitt på ${title} (${plan}). Du får digital tilgang utan å betale noko sjølv.`,
    accept: (link: string) => `Sjå invitasjonen og godta han her: ${link}`,
    signIn: 'Du loggar inn med din eigen brukar, eller lagar ein ny.',
    validUntil: (until: string) => `Lenkja gjeld til ${until} og kan brukast éin gong.`,
    sms: (inviter: string, title: string, until: string, link: string) =>
      `${inviter} vil dele abonnementet på ${title} med deg. Godta innan ${until}: ${link}`,
    acceptedSubject: (title: string) => `Ny i familiedelinga på ${title}`,
    accepted: (member: string, title: string) =>
      `${member} har godteke invitasjonen og deler no abonnementet ditt på ${title}.`,
    declinedSubject: (title: string) => `Invitasjonen til familiedeling på ${title} vart avslått`,
    declined: (recipient: string) =>
      `Invitasjonen til ${recipient} vart avslått. Plassen er ledig att.`,
    leftSubject: (title: string) => `Eit familiemedlem har gått ut av delinga på ${title}`,
    left: (member: string, title: string) =>
      `${member} deler ikkje lenger abonnementet ditt på ${title}. Plassen er ledig att.`,
    manage: (link: string) => `Sjå familiedelinga di: ${link}`,
    removedSubject: (title: string) => `Du er fjerna frå familiedelinga på ${title}`,
    removed: (owner: string, title: string) =>
      `${owner} har fjerna deg frå familiedelinga på ${title}. Tilgangen din er avslutta.`,
    endingSubject: (title: string) => `Tilgangen din til ${title} tek slutt`,
    ending: (owner: string, title: string, lastDay: string) =>
      `Abonnementet på ${title} som ${owner} deler med deg, er sagt opp. Du har tilgang til og med ${lastDay}.`,
    endedSubject: (title: string) => `Tilgangen din til ${title} er avslutta`,
    ended: (owner: string, title: string) =>
      `Abonnementet på ${title} som ${owner} delte med deg, blir ikkje delt lenger. Tilgangen din er avslutta.`,
    continuesSubject: (title: string) => `Du held fram med tilgangen til ${title}`,
    continues: (owner: string, title: string) =>
      `${owner} har angra oppseiinga av abonnementet på ${title}. Du deler det framleis og held på tilgangen.`,
    ownOffer: (link: string) =>
      `Vil du halde fram med å lese? Kjøp ditt eige abonnement på Mi side: ${link}`,
    bye: 'Helsing',
  },
} as const;

function letter(titleCode: string, lines: readonly string[]): string {
  const language = languageOf(titleCode);
  return [
    'Hei,',
    '',
    ...lines,
    '',
    words[language].bye,
    getPublication(titleCode).displayName,
  ].join('\n');
}

export interface InvitationFacts {
  readonly titleCode: string;
  readonly inviterName: string;
  readonly planName: string;
  readonly link: string;
  readonly expiresAt: Date;
}

export function invitationEmail(facts: InvitationFacts): Email {
  const language = languageOf(facts.titleCode);
  const w = words[language];
  const title = getPublication(facts.titleCode).displayName;
  return {
    subject: w.inviteSubject(facts.inviterName, title),
    body: letter(facts.titleCode, [
      w.invited(facts.inviterName, title, facts.planName),
      '',
      w.accept(facts.link),
      w.validUntil(longInstant(facts.expiresAt, language)),
      w.signIn,
    ]),
  };
}

export function invitationSms(facts: InvitationFacts): string {
  const language = languageOf(facts.titleCode);
  const title = getPublication(facts.titleCode).displayName;
  return words[language].sms(
    facts.inviterName,
    title,
    longInstant(facts.expiresAt, language),
    facts.link,
  );
}

/** What the owner is told about their family (someone accepted, declined or left). */
export function ownerNotice(
  kind: 'accepted' | 'declined' | 'left',
  facts: { readonly titleCode: string; readonly who: string; readonly origin: string },
): Email {
  const w = words[languageOf(facts.titleCode)];
  const title = getPublication(facts.titleCode).displayName;
  const manage = w.manage(`${facts.origin}/familiedeling`);
  switch (kind) {
    case 'accepted':
      return {
        subject: w.acceptedSubject(title),
        body: letter(facts.titleCode, [w.accepted(facts.who, title), '', manage]),
      };
    case 'declined':
      return {
        subject: w.declinedSubject(title),
        body: letter(facts.titleCode, [w.declined(facts.who), '', manage]),
      };
    case 'left':
      return {
        subject: w.leftSubject(title),
        body: letter(facts.titleCode, [w.left(facts.who, title), '', manage]),
      };
  }
}

/**
 * What a member is told when their share changes because of the owner: removed by the owner,
 * ending on the owner's last day, ended now (the owner's subscription stopped sharing), or going
 * on after all (the owner undid the cancellation). An ending share offers an own subscription.
 */
export function memberNotice(
  kind: 'removed' | 'ending' | 'ended' | 'continues',
  facts: {
    readonly titleCode: string;
    readonly ownerName: string;
    readonly origin: string;
    /** The last day of access (ending). */
    readonly lastDay?: string;
  },
): Email {
  const language = languageOf(facts.titleCode);
  const w = words[language];
  const title = getPublication(facts.titleCode).displayName;
  const offer = w.ownOffer(orderLink(facts.origin));
  switch (kind) {
    case 'removed':
      return {
        subject: w.removedSubject(title),
        body: letter(facts.titleCode, [w.removed(facts.ownerName, title), '', offer]),
      };
    case 'ending':
      return {
        subject: w.endingSubject(title),
        body: letter(facts.titleCode, [
          w.ending(facts.ownerName, title, longDate(facts.lastDay ?? '', language)),
          '',
          offer,
        ]),
      };
    case 'ended':
      return {
        subject: w.endedSubject(title),
        body: letter(facts.titleCode, [w.ended(facts.ownerName, title), '', offer]),
      };
    case 'continues':
      return {
        subject: w.continuesSubject(title),
        body: letter(facts.titleCode, [w.continues(facts.ownerName, title)]),
      };
  }
}

/** Where the messages of an operation go (the outbox, in the transaction, unless given). */
export const senderOf = (deps: FamilyDeps, tx: Queryable, at: Date) =>
  (deps.sender ?? outboxSender)(tx, at);

/** Sends an invitation with its link, by e-mail or SMS as the owner chose. */
export async function sendInvitation(
  deps: FamilyDeps,
  tx: Queryable,
  row: { channel: Channel; recipient: string; key: string; titleCode: string },
  facts: { inviterName: string; planName: string; token: string; expiresAt: Date; now: Date },
): Promise<void> {
  const link = invitationLink(minsideOrigin(row.titleCode, deps.requestOrigin), facts.token);
  const content = {
    titleCode: row.titleCode,
    inviterName: facts.inviterName,
    planName: facts.planName,
    link,
    expiresAt: facts.expiresAt,
  };
  const sender = senderOf(deps, tx, facts.now);
  if (row.channel === 'EMAIL') {
    const email = invitationEmail(content);
    await sender.sendEmail(row.key, email.subject, email.body);
  } else {
    await sender.sendSms(row.key, invitationSms(content));
  }
}
