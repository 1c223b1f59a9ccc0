// The texts of the identity provider's own pages (sign-in, logout, errors) in bokmål and
// nynorsk. A page speaks the language of the title it signs in to: the authorization request
// names the title's client (client_id = the title's spidClientId in the publication registry),
// and titles marked `language: 'nn'` get nynorsk. Where no client is known (an expired
// interaction, a broken request) the page is in bokmål, the registry's default.
import { DEFAULT_LANGUAGE, publications } from '../../shared/publications/registry';
import type { PublicationLanguage } from '../../shared/publications/types';

export type PageLanguage = PublicationLanguage;

export interface PageTexts {
  readonly somethingWentWrong: string;
  readonly tryAgain: string;
  readonly unknownStep: string;
  readonly expiredTitle: string;
  readonly expired: string;
  readonly signIn: string;
  readonly continueTo: (clientName: string) => string;
  readonly demoUsers: string;
  readonly demoUsersNote: string;
  readonly signInWithEmail: string;
  readonly email: string;
  readonly password: string;
  readonly abort: string;
  readonly loginFailed: string;
  /** Labels of the demo users' kinds (seed/demo.ts `UserKind`). */
  readonly userKinds: Readonly<Record<string, string>>;
  readonly logOut: string;
  readonly logOutQuestion: string;
  readonly logOutEverywhere: string;
  readonly logOutOnlyFrom: (clientName: string) => string;
  readonly loggedOutTitle: string;
  readonly loggedOut: string;
  readonly loggedOutNote: string;
  readonly signInFailed: string;
  readonly errorCode: string;
}

const nb: PageTexts = {
  somethingWentWrong: 'Noe gikk galt',
  tryAgain: 'Noe gikk galt. Prøv igjen.',
  unknownStep: 'Ukjent innloggingssteg.',
  expiredTitle: 'Innloggingen er utløpt',
  expired: 'Innloggingen er utløpt eller ugyldig. Gå tilbake til nettstedet og prøv igjen.',
  signIn: 'Logg inn',
  continueTo: (name) => `Logg inn for å fortsette til ${name}.`,
  demoUsers: 'Demobrukere',
  demoUsersNote: 'Logg inn uten passord som en av demobrukerne.',
  signInWithEmail: 'Logg inn med e-post',
  email: 'E-post',
  password: 'Passord',
  abort: 'Avbryt innloggingen',
  loginFailed: 'Feil e-post eller passord.',
  userKinds: {
    'no-subscription': 'uten abonnement',
    subscriber: 'abonnent',
    'paper-subscriber': 'papirabonnent',
    youth: 'ungdomsabonnent',
    'family-invitee': 'familiemedlem',
    'business-admin': 'bedriftsadministrator',
    'business-employee': 'bedriftsansatt',
    student: 'student',
    'new-reader': 'ny leser uten fødselsdato',
  },
  logOut: 'Logg ut',
  logOutQuestion:
    'Vil du logge ut? Logger du ut overalt, må du logge inn på nytt hos alle våre aviser.',
  logOutEverywhere: 'Logg ut overalt',
  logOutOnlyFrom: (name) => `Logg ut bare fra ${name}`,
  loggedOutTitle: 'Logget ut',
  loggedOut: 'Du er logget ut',
  loggedOutNote: 'Du kan nå lukke denne siden.',
  signInFailed: 'Innloggingen kunne ikke fullføres. Gå tilbake til nettstedet og prøv igjen.',
  errorCode: 'Feilkode',
};

const nn: PageTexts = {
  somethingWentWrong: 'Noko gjekk gale',
  tryAgain: 'Noko gjekk gale. Prøv igjen.',
  unknownStep: 'Ukjent innloggingssteg.',
  expiredTitle: 'Innlogginga har gått ut',
  expired: 'Innlogginga har gått ut eller er ugyldig. Gå tilbake til nettstaden og prøv igjen.',
  signIn: 'Logg inn',
  continueTo: (name) => `Logg inn for å halde fram til ${name}.`,
  demoUsers: 'Demobrukarar',
  demoUsersNote: 'Logg inn utan passord som ein av demobrukarane.',
  signInWithEmail: 'Logg inn med e-post',
  email: 'E-post',
  password: 'Passord',
  abort: 'Avbryt innlogginga',
  loginFailed: 'Feil e-post eller passord.',
  userKinds: {
    'no-subscription': 'utan abonnement',
    subscriber: 'abonnent',
    'paper-subscriber': 'papirabonnent',
    youth: 'ungdomsabonnent',
    'family-invitee': 'familiemedlem',
    'business-admin': 'bedriftsadministrator',
    'business-employee': 'bedriftstilsett',
    student: 'student',
    'new-reader': 'ny lesar utan fødselsdato',
  },
  logOut: 'Logg ut',
  logOutQuestion:
    'Vil du logge ut? Loggar du ut overalt, må du logge inn på nytt hos alle avisene våre.',
  logOutEverywhere: 'Logg ut overalt',
  logOutOnlyFrom: (name) => `Logg ut berre frå ${name}`,
  loggedOutTitle: 'Logga ut',
  loggedOut: 'Du er logga ut',
  loggedOutNote: 'Du kan no lukke denne sida.',
  signInFailed: 'Innlogginga kunne ikkje fullførast. Gå tilbake til nettstaden og prøv igjen.',
  errorCode: 'Feilkode',
};

export const PAGE_TEXTS: Readonly<Record<PageLanguage, PageTexts>> = { nb, nn };

const languageByClientId: ReadonlyMap<string, PageLanguage> = new Map(
  publications.map((p) => [p.spidClientId, p.language]),
);

/** The language of the title whose client made the request; bokmål for anything else. */
export function languageOfClient(clientId: unknown): PageLanguage {
  return (typeof clientId === 'string' && languageByClientId.get(clientId)) || DEFAULT_LANGUAGE;
}
