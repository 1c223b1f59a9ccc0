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
  /** Too many sign-in attempts: wait `minutes` (at least 1) before trying again. */
  readonly tooManyAttempts: (minutes: number) => string;
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
  /** The account page (account-page.ts). */
  readonly account: {
    readonly title: string;
    readonly intro: string;
    readonly givenName: string;
    readonly familyName: string;
    readonly birthDate: string;
    readonly birthDateNote: string;
    readonly birthDateOptionalNote: string;
    readonly loginEmail: string;
    readonly loginEmailNote: string;
    readonly save: string;
    readonly saved: string;
    readonly invalid: string;
    readonly nameRequired: string;
    readonly birthDateInvalid: string;
    readonly birthDateLocked: string;
    readonly signedOut: string;
    readonly backTo: (clientName: string) => string;
  };
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
  tooManyAttempts: (minutes) =>
    `For mange forsøk på å logge inn. Vent ${minutes === 1 ? 'ett minutt' : `${minutes} minutter`} og prøv igjen.`,
  userKinds: {
    'no-subscription': 'uten abonnement',
    subscriber: 'abonnent',
    'paper-subscriber': 'papirabonnent',
    youth: 'ungdomsabonnent',
    'family-invitee': 'familiemedlem',
    'business-admin': 'bedriftsadministrator',
    'business-employee': 'bedriftsansatt',
    student: 'student',
    pupil: 'elev',
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
  account: {
    title: 'Kontoen din',
    intro:
      'Navnet og fødselsdatoen her gjelder hos alle avisene du logger inn hos. Min side viser endringene neste gang du logger inn.',
    givenName: 'Fornavn',
    familyName: 'Etternavn',
    birthDate: 'Fødselsdato',
    birthDateNote:
      'Avisene bruker den til aldersgrensene for abonnementer, så den kan ikke endres her. Er den feil, kontakt kundeservice hos avisen din.',
    birthDateOptionalNote: 'Valgfritt. Avisene bruker den til aldersgrensene for abonnementer.',
    loginEmail: 'E-postadressen du logger inn med',
    loginEmailNote: 'Den kan ikke endres i denne innloggingstjenesten.',
    save: 'Lagre',
    saved: 'Endringene er lagret. Min side viser dem neste gang du logger inn.',
    invalid: 'Sjekk feltene under og prøv igjen.',
    nameRequired: 'Fyll inn fornavn og etternavn (høyst 100 tegn hver).',
    birthDateInvalid: 'Fødselsdatoen må være en ekte dato mellom 1900 og i dag.',
    birthDateLocked:
      'Fødselsdatoen kan ikke endres her. Er den feil, kontakt kundeservice hos avisen din.',
    signedOut:
      'Du er ikke logget inn hos innloggingstjenesten. Logg inn i Min side på nytt, og følg lenken derfra.',
    backTo: (name) => `Tilbake til ${name}`,
  },
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
  tooManyAttempts: (minutes) =>
    `For mange forsøk på å logge inn. Vent ${minutes === 1 ? 'eitt minutt' : `${minutes} minutt`} og prøv igjen.`,
  userKinds: {
    'no-subscription': 'utan abonnement',
    subscriber: 'abonnent',
    'paper-subscriber': 'papirabonnent',
    youth: 'ungdomsabonnent',
    'family-invitee': 'familiemedlem',
    'business-admin': 'bedriftsadministrator',
    'business-employee': 'bedriftstilsett',
    student: 'student',
    pupil: 'elev',
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
  account: {
    title: 'Kontoen din',
    intro:
      'Namnet og fødselsdatoen her gjeld hos alle avisene du loggar inn hos. Mi side viser endringane neste gong du loggar inn.',
    givenName: 'Førenamn',
    familyName: 'Etternamn',
    birthDate: 'Fødselsdato',
    birthDateNote:
      'Avisene bruker han til aldersgrensene for abonnement, så han kan ikkje endrast her. Er han feil, kontakt kundeservice hos avisa di.',
    birthDateOptionalNote: 'Valfritt. Avisene bruker han til aldersgrensene for abonnement.',
    loginEmail: 'E-postadressa du loggar inn med',
    loginEmailNote: 'Ho kan ikkje endrast i denne innloggingstenesta.',
    save: 'Lagre',
    saved: 'Endringane er lagra. Mi side viser dei neste gong du loggar inn.',
    invalid: 'Sjekk felta under og prøv igjen.',
    nameRequired: 'Fyll inn førenamn og etternamn (høgst 100 teikn kvar).',
    birthDateInvalid: 'Fødselsdatoen må vere ein ekte dato mellom 1900 og i dag.',
    birthDateLocked:
      'Fødselsdatoen kan ikkje endrast her. Er han feil, kontakt kundeservice hos avisa di.',
    signedOut:
      'Du er ikkje logga inn hos innloggingstenesta. Logg inn i Mi side på nytt, og følg lenkja derifrå.',
    backTo: (name) => `Tilbake til ${name}`,
  },
};

export const PAGE_TEXTS: Readonly<Record<PageLanguage, PageTexts>> = { nb, nn };

const languageByClientId: ReadonlyMap<string, PageLanguage> = new Map(
  publications.map((p) => [p.spidClientId, p.language]),
);

/** The language of the title whose client made the request; bokmål for anything else. */
export function languageOfClient(clientId: unknown): PageLanguage {
  return (typeof clientId === 'string' && languageByClientId.get(clientId)) || DEFAULT_LANGUAGE;
}
