// The e-mails of student and pupil verification, in the title's language (nb or nn), sent
// through the outbox in the transaction that makes the code: the 6-digit code to the address
// being verified.
import { getPublication } from '../../../shared/publications/registry';
import type { StudentKind } from '../../../shared/student/institutions';

export interface Email {
  readonly subject: string;
  readonly body: string;
}

const words = {
  nb: {
    subject: (title: string, kind: StudentKind) =>
      `Koden din for ${kind === 'pupil' ? 'elevtilbudet' : 'studenttilbudet'} fra ${title}`,
    code: (code: string, minutes: number) =>
      `Koden din er ${code}. Den gjelder i ${minutes} minutter og kan brukes én gang.`,
    use: (institution: string) =>
      `Skriv den inn på Min side for å bekrefte at du har en e-postadresse fra ${institution}.`,
    ignore:
      'Har du ikke bedt om koden, kan du se bort fra denne e-posten. Ingen får tilbudet uten koden.',
    bye: 'Hilsen',
  },
  nn: {
    subject: (title: string, kind: StudentKind) =>
      `Koden din for ${kind === 'pupil' ? 'elevtilbodet' : 'studenttilbodet'} frå ${title}`,
    code: (code: string, minutes: number) =>
      `Koden din er ${code}. Han gjeld i ${minutes} minutt og kan brukast éin gong.`,
    use: (institution: string) =>
      `Skriv han inn på Mi side for å stadfeste at du har ei e-postadresse frå ${institution}.`,
    ignore:
      'Har du ikkje bede om koden, kan du sjå bort frå denne e-posten. Ingen får tilbodet utan koden.',
    bye: 'Helsing',
  },
} as const;

/** The code e-mail: the code, how long it works, where to use it. */
export function codeEmail(input: {
  readonly titleCode: string;
  readonly kind: StudentKind;
  readonly institution: string;
  readonly code: string;
  readonly minutes: number;
}): Email {
  const publication = getPublication(input.titleCode);
  const w = words[publication.language === 'nn' ? 'nn' : 'nb'];
  return {
    subject: w.subject(publication.displayName, input.kind),
    body: [
      'Hei,',
      '',
      w.code(input.code, input.minutes),
      w.use(input.institution),
      '',
      w.ignore,
      '',
      w.bye,
      publication.displayName,
    ].join('\n'),
  };
}
