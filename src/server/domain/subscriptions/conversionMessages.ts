// The notice of a plan conversion (conversions.ts), in the title's language: why the plan ends
// (the student verification lapses; the 34th birthday), what the subscription becomes from which
// day and at what price, the other plans to choose in one tap on Min Side, how to verify again
// (a student), and how to end it instead. Plain text: the outbox keeps subject and body.
import { formatKroner } from '../../../shared/money/money';
import { getPublication, minsideHost } from '../../../shared/publications/registry';
import type { ConversionReason } from '../../../shared/subscription/conversions';
import type { Period } from '../../../shared/subscription/plans';
import { addDays } from '../../../shared/time/oslo';
import { type Email, type Language, languageOf, longDate } from '../../messaging/wording';

export interface ConversionNoticeFacts {
  readonly titleCode: string;
  readonly reason: ConversionReason;
  readonly firstName: string | null;
  readonly fromPlanName: string;
  readonly lapseDate: string;
  readonly effectiveDate: string;
  readonly plan: { readonly planName: string; readonly period: Period; readonly price: number };
  readonly others: readonly {
    readonly planName: string;
    readonly period: Period;
    readonly price: number;
  }[];
  /** Where a student verifies again (null for the youth plan). */
  readonly verifyAgainPath: string | null;
}

const perPeriod: Readonly<Record<Language, Readonly<Record<Period, string>>>> = {
  nb: {
    Månedlig: 'per måned',
    'Månedlig Premium': 'per måned',
    Kvartalsvis: 'per kvartal',
    Årlig: 'per år',
  },
  nn: {
    Månedlig: 'per månad',
    'Månedlig Premium': 'per månad',
    Kvartalsvis: 'per kvartal',
    Årlig: 'per år',
  },
};

const words = {
  nb: {
    subject: (title: string, date: string) => `Abonnementet ditt hos ${title} endres ${date}`,
    studentEnds: (plan: string, lastDay: string) =>
      `Studentbekreftelsen din gjelder til og med ${lastDay}. ${plan} er for studenter, så abonnementet kan ikke fortsette på studentprisen etter det.`,
    youthEnds: (plan: string, birthday: string) =>
      `Du fyller 34 år ${birthday}. ${plan} er for lesere under 34, så abonnementet kan ikke fortsette på ungdomsprisen etter det.`,
    becomes: (date: string, plan: string, price: string) =>
      `Fra ${date} blir abonnementet ditt ${plan} til ${price}. Det er første gang du betaler den nye prisen.`,
    verifyAgain: (url: string) =>
      `Studerer du fortsatt? Bekreft det med e-postadressen fra studiestedet, så beholder du studentprisen: ${url}`,
    others: 'Vil du heller ha noe annet, velger du det med ett trykk på Min side:',
    choose: (url: string) => `Velg her: ${url}`,
    end: (date: string) =>
      `Vil du ikke fortsette, kan du avslutte abonnementet på Min side før ${date}. Da har du tilgang ut perioden du har betalt for, og betaler ikke mer.`,
    bye: 'Hilsen',
  },
  nn: {
    subject: (title: string, date: string) => `Abonnementet ditt hos ${title} blir endra ${date}`,
    studentEnds: (plan: string, lastDay: string) =>
      `Studentstadfestinga di gjeld til og med ${lastDay}. ${plan} er for studentar, så abonnementet kan ikkje halde fram på studentprisen etter det.`,
    youthEnds: (plan: string, birthday: string) =>
      `Du fyller 34 år ${birthday}. ${plan} er for lesarar under 34, så abonnementet kan ikkje halde fram på ungdomsprisen etter det.`,
    becomes: (date: string, plan: string, price: string) =>
      `Frå ${date} blir abonnementet ditt ${plan} til ${price}. Det er første gong du betaler den nye prisen.`,
    verifyAgain: (url: string) =>
      `Studerer du framleis? Stadfest det med e-postadressa frå studiestaden, så beheld du studentprisen: ${url}`,
    others: 'Vil du heller ha noko anna, vel du det med eitt trykk på Mi side:',
    choose: (url: string) => `Vel her: ${url}`,
    end: (date: string) =>
      `Vil du ikkje halde fram, kan du avslutte abonnementet på Mi side før ${date}. Då har du tilgang ut perioden du har betalt for, og betaler ikkje meir.`,
    bye: 'Helsing',
  },
} as const;

/** The notice: why, what it becomes and when, the other choices, and how to stop it. */
export function conversionEmail(facts: ConversionNoticeFacts): Email {
  const title = getPublication(facts.titleCode);
  const language = languageOf(title);
  const w = words[language];
  const url = (path: string) => `https://${minsideHost(title)}${path}`;
  const price = (p: ConversionNoticeFacts['plan']) =>
    `${formatKroner(p.price)} ${perPeriod[language][p.period]}`;
  const date = (d: string) => longDate(d, language);
  const lines = [
    facts.firstName ? `Hei ${facts.firstName},` : 'Hei,',
    '',
    facts.reason === 'student-verification-ends'
      ? w.studentEnds(facts.fromPlanName, date(addDays(facts.lapseDate, -1)))
      : w.youthEnds(facts.fromPlanName, date(facts.lapseDate)),
    '',
    w.becomes(date(facts.effectiveDate), facts.plan.planName, price(facts.plan)),
    ...(facts.verifyAgainPath ? ['', w.verifyAgain(url(facts.verifyAgainPath))] : []),
    ...(facts.others.length > 0
      ? [
          '',
          w.others,
          ...facts.others.map((o) => `- ${o.planName}: ${price(o)}`),
          w.choose(url('/')),
        ]
      : []),
    '',
    w.end(date(facts.effectiveDate)),
    '',
    w.bye,
    title.displayName,
  ];
  return {
    subject: w.subject(title.displayName, date(facts.effectiveDate)),
    body: lines.join('\n'),
  };
}
