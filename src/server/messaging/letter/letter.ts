// A letter: an e-mail written once and sent as both plain text and HTML in the title's brand.
// The receipts and notices about money (domain/receipts, dunning, withdrawal) say what they say
// as blocks — paragraphs, a table of facts, the one thing to do next — and this module writes the
// text part; Letter.tsx writes the HTML part from the same blocks (render.ts puts them together).
// Both end alike: where to ask, the greeting and the title's name.
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import type { Publication } from '../../../shared/publications/types';
import { languageOf, type Language } from '../wording';

export type Block =
  /** Lines kept together; a web address in a line becomes a link in the HTML part. */
  | { readonly kind: 'paragraph'; readonly lines: readonly string[] }
  /** What was bought, paid or changed: label and value, one per row. */
  | { readonly kind: 'facts'; readonly rows: readonly Fact[] }
  /** The one thing the reader may want to do next (a button in the HTML part). */
  | { readonly kind: 'action'; readonly label: string; readonly url: string };

export interface Fact {
  readonly label: string;
  readonly value: string;
}

export interface Letter {
  readonly titleCode: string;
  readonly subject: string;
  /** The greeting line ("Hei Kari,"). */
  readonly greeting: string;
  readonly blocks: readonly Block[];
}

const closing = {
  nb: {
    questions: (phone: string, email: string) =>
      `Har du spørsmål, svarer kundeservice på ${phone} eller ${email}.`,
    bye: 'Hilsen',
    why: (title: string) =>
      `Du får denne e-posten fordi du har et abonnement hos ${title}. Vi sender kvitteringer og beskjeder om abonnementet til e-postadressen i profilen din.`,
    profile: 'Endre e-postadressen',
    organisation: (no: string) => `Org.nr. ${no}`,
  },
  nn: {
    questions: (phone: string, email: string) =>
      `Har du spørsmål, svarer kundeservice på ${phone} eller ${email}.`,
    bye: 'Helsing',
    why: (title: string) =>
      `Du får denne e-posten fordi du har eit abonnement hos ${title}. Vi sender kvitteringar og beskjedar om abonnementet til e-postadressa i profilen din.`,
    profile: 'Endre e-postadressa',
    organisation: (no: string) => `Org.nr. ${no}`,
  },
} as const;

export interface LetterContext {
  readonly title: Publication;
  readonly language: Language;
  /** Min Side's address for the title, e.g. https://minside.fvn.no. */
  readonly host: string;
  readonly closing: (typeof closing)[Language];
}

export function letterContext(titleCode: string): LetterContext {
  const title = getPublication(titleCode);
  const language = languageOf(title);
  return {
    title,
    language,
    host: `https://${minsideHost(title)}`,
    closing: closing[language],
  };
}

/** An organisation number as it is written: "123 456 789". */
export const organisationNumber = (digits: string) =>
  digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** Drops the empty blocks, so a letter can be written with conditional parts. */
export const present = (blocks: readonly (Block | null | false)[]): Block[] =>
  blocks.filter(
    (b): b is Block =>
      !!b &&
      (b.kind === 'paragraph' ? b.lines.length > 0 : b.kind === 'facts' ? b.rows.length > 0 : true),
  );

/** The text part: the greeting, each block as lines with a blank line between, the closing. */
export function letterText(letter: Letter): string {
  const { title, closing: c } = letterContext(letter.titleCode);
  const lines = [letter.greeting];
  for (const block of letter.blocks) {
    lines.push('');
    if (block.kind === 'paragraph') lines.push(...block.lines);
    else if (block.kind === 'facts') lines.push(...block.rows.map((r) => `${r.label}: ${r.value}`));
    else lines.push(`${block.label}: ${block.url}`);
  }
  lines.push(
    '',
    c.questions(title.customerCenterPhoneNumber, title.customerCenterEmail),
    '',
    c.bye,
    title.displayName,
  );
  return lines.join('\n');
}
