// The receipt e-mailed when a reader uses the right of withdrawal.
import { formatKroner as kroner } from '../../../shared/money/money';
import { getPublication } from '../../../shared/publications/registry';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Letter } from '../../messaging/letter/letter';
import { longDate } from '../../messaging/wording';

import type { RefundToday } from './withdrawalRules';

const words = {
  nb: {
    ended: (plan: string, title: string, date: string) =>
      `Du har brukt angreretten. Vi har avsluttet ${plan} hos ${title} ${date}.`,
    to: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskortet du betalte med' },
    when: 'Det tar vanligvis 3–5 virkedager før pengene er på kontoen din.',
    back: (amount: string, to: string) => `Vi betaler tilbake ${amount} til ${to}.`,
    backInAll: (amount: string) => `Vi betaler tilbake ${amount} i alt.`,
    nothing: 'Det er ikke noe å betale tilbake.',
    used: (paid: string, used: string, days: number, periodDays: number) =>
      `Du betalte ${paid}. Av det går ${used} til de ${days} dagene du har hatt abonnementet, av ${periodDays} dager i perioden.`,
    whole: (paid: string) => `Du betalte ${paid} og får hele beløpet tilbake.`,
    paidInAll: (paid: string, count: number) => `Du betalte ${paid} i alt, i ${count} betalinger:`,
    kind: { new: 'Kjøpet', reactivation: 'Reaktiveringen', upgrade: 'Oppgraderingen' },
    part: (kind: string, date: string, paid: string) => `${kind} ${date}: du betalte ${paid}.`,
    partUsed: (used: string, days: number, periodDays: number) =>
      `${used} går til ${days} av ${periodDays} dager i perioden.`,
    partBack: (amount: string, to: string) => `Du får tilbake ${amount} til ${to}.`,
    reference: 'Referanse',
  },
  nn: {
    ended: (plan: string, title: string, date: string) =>
      `Du har brukt angreretten. Vi har avslutta ${plan} hos ${title} ${date}.`,
    to: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskortet du betalte med' },
    when: 'Det tek vanlegvis 3–5 vyrkedagar før pengane er på kontoen din.',
    back: (amount: string, to: string) => `Vi betaler tilbake ${amount} til ${to}.`,
    backInAll: (amount: string) => `Vi betaler tilbake ${amount} i alt.`,
    nothing: 'Det er ikkje noko å betale tilbake.',
    used: (paid: string, used: string, days: number, periodDays: number) =>
      `Du betalte ${paid}. Av det går ${used} til dei ${days} dagane du har hatt abonnementet, av ${periodDays} dagar i perioden.`,
    whole: (paid: string) => `Du betalte ${paid} og får heile beløpet tilbake.`,
    paidInAll: (paid: string, count: number) => `Du betalte ${paid} i alt, i ${count} betalingar:`,
    kind: { new: 'Kjøpet', reactivation: 'Reaktiveringa', upgrade: 'Oppgraderinga' },
    part: (kind: string, date: string, paid: string) => `${kind} ${date}: du betalte ${paid}.`,
    partUsed: (used: string, days: number, periodDays: number) =>
      `${used} går til ${days} av ${periodDays} dagar i perioden.`,
    partBack: (amount: string, to: string) => `Du får tilbake ${amount} til ${to}.`,
    reference: 'Referanse',
  },
} as const;

/**
 * The receipt in the title's language (bokmål, or nynorsk for the nynorsk titles): what ended,
 * what comes back in all and, with more than one payment, each payment and where its money goes.
 */
export function receiptEmail(input: {
  readonly titleCode: string;
  readonly planName: string;
  readonly firstName: string | null;
  readonly today: string;
  readonly refund: RefundToday;
  readonly reference: string;
}): Letter {
  const title = getPublication(input.titleCode);
  const w = words[title.language === 'nn' ? 'nn' : 'nb'];
  const r = input.refund;
  const greeting = input.firstName ? `Hei ${input.firstName},` : 'Hei,';
  const amounts: string[] = [];
  const [only] = r.parts;
  if (r.parts.length <= 1) {
    amounts.push(
      r.refundOre > 0 && only
        ? `${w.back(kroner(r.refundOre), w.to[only.order.paymentProvider])} ${w.when}`
        : w.nothing,
    );
    if (only)
      amounts.push(
        only.daysUsed > 0
          ? w.used(
              kroner(r.amountPaidOre),
              kroner(only.valueUsedOre),
              only.daysUsed,
              only.periodDays,
            )
          : w.whole(kroner(r.amountPaidOre)),
      );
  } else {
    amounts.push(r.refundOre > 0 ? `${w.backInAll(kroner(r.refundOre))} ${w.when}` : w.nothing);
    amounts.push(w.paidInAll(kroner(r.amountPaidOre), r.parts.length));
    for (const p of r.parts)
      amounts.push(
        [
          `- ${w.part(w.kind[p.order.kind], longDate(osloDateOf(p.order.completedAt), title.language), kroner(p.order.amountOre))}`,
          p.daysUsed > 0 ? w.partUsed(kroner(p.valueUsedOre), p.daysUsed, p.periodDays) : null,
          w.partBack(kroner(p.refundOre), w.to[p.order.paymentProvider]),
        ]
          .filter(Boolean)
          .join(' '),
      );
  }
  // "Kvittering" and "angreretten" are the same words in bokmål and nynorsk.
  return {
    titleCode: input.titleCode,
    subject: `Kvittering: Du har brukt angreretten hos ${title.displayName}`,
    greeting,
    blocks: [
      {
        kind: 'paragraph',
        lines: [w.ended(input.planName, title.displayName, longDate(input.today, title.language))],
      },
      { kind: 'paragraph', lines: amounts },
      { kind: 'paragraph', lines: [`${w.reference}: ${input.reference}`] },
    ],
  };
}
