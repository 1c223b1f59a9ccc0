// The demo data's segment messages (issue 14), through their owner (domain/segments): the
// subscribers of every title are told next year's prices are out (home page, to /nye-priser);
// readers whose subscription has ended are asked back (to /winback). Both run from the seed's
// day for two months.
import type { Queryable } from '../db/db';
import { publishMessage } from '../domain/segments/segments';

const DAY = 86_400_000;

export async function seedSegmentDemo(db: Queryable, now: Date): Promise<void> {
  const startsAt = new Date(now.getTime() - DAY);
  const endsAt = new Date(now.getTime() + 60 * DAY);
  await publishMessage(db, {
    id: 'nye-priser-2027',
    segmentId: 'subscribers',
    titleCode: null,
    context: 'home',
    nb: {
      heading: 'Prisene for neste år er klare',
      body: 'Se hva abonnementet ditt koster fra neste fornying, og hva de andre abonnementene koster.',
      ctaLabel: 'Se prisene',
    },
    nn: {
      heading: 'Prisane for neste år er klare',
      body: 'Sjå kva abonnementet ditt kostar frå neste fornying, og kva dei andre abonnementa kostar.',
      ctaLabel: 'Sjå prisane',
    },
    ctaUrl: '/nye-priser',
    startsAt,
    endsAt,
  });
  await publishMessage(db, {
    id: 'kom-tilbake',
    segmentId: 'winback',
    titleCode: null,
    context: 'home',
    nb: {
      heading: 'Savner du oss?',
      body: 'Start abonnementet igjen når du vil. Det tar bare et par minutter.',
      ctaLabel: 'Se tilbudet',
    },
    nn: {
      heading: 'Saknar du oss?',
      body: 'Start abonnementet att når du vil. Det tek berre eit par minutt.',
      ctaLabel: 'Sjå tilbodet',
    },
    ctaUrl: '/winback',
    startsAt,
    endsAt,
  });
}
