// What the server's messages (e-mails, SMS) share in the title's language: a date as it is
// written in Norwegian ("3. mars 2027", with the weekday where a delivery day matters) and the
// language of a title (bokmål, or nynorsk for the nynorsk titles).
import type { Publication } from '../../shared/publications/types';

export type Language = 'nb' | 'nn';

export interface Email {
  readonly subject: string;
  readonly body: string;
}

export const languageOf = (publication: Pick<Publication, 'language'>): Language =>
  publication.language === 'nn' ? 'nn' : 'nb';

/** An Oslo calendar date written out: "3. mars 2027" (with `weekday`: "onsdag 3. mars 2027"). */
export function longDate(date: string, language: Language, options?: { weekday: true }): string {
  return new Intl.DateTimeFormat([language === 'nn' ? 'nn-NO' : 'nb-NO', 'nb-NO'], {
    timeZone: 'Europe/Oslo',
    ...(options?.weekday ? { weekday: 'long' as const } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}
