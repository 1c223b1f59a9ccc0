// The demo data's segment messages, through their owner (domain/segments): subscribers whose
// next renewal costs another amount are told what it will cost (home page, to /nye-priser);
// readers whose subscription has ended and who may have the reactivation offer are asked back
// with it (to /winback). Both run from the seed's day for two months.
import type { Queryable } from '../db/db';
import { publishMessage } from '../domain/segments/segments';

const DAY = 86_400_000;

export async function seedSegmentDemo(db: Queryable, now: Date): Promise<void> {
  const startsAt = new Date(now.getTime() - DAY);
  const endsAt = new Date(now.getTime() + 60 * DAY);
  await publishMessage(db, {
    id: 'nye-priser-2027',
    segmentId: 'price-change',
    titleCode: null,
    context: 'home',
    nb: {
      heading: 'Ny pris fra neste fornying',
      body: 'Abonnementet ditt får en annen pris fra neste fornying. Se hva det koster, og hva de andre abonnementene koster.',
      ctaLabel: 'Se prisene',
    },
    nn: {
      heading: 'Ny pris frå neste fornying',
      body: 'Abonnementet ditt får ein annan pris frå neste fornying. Sjå kva det kostar, og kva dei andre abonnementa kostar.',
      ctaLabel: 'Sjå prisane',
    },
    ctaUrl: '/nye-priser',
    startsAt,
    endsAt,
  });
  await publishMessage(db, {
    id: 'kom-tilbake',
    segmentId: 'reactivation-offer',
    titleCode: null,
    context: 'home',
    nb: {
      heading: 'Savner du oss?',
      body: 'Start abonnementet igjen nå, og få 3 måneder for prisen av 1. Det tar bare et par minutter.',
      ctaLabel: 'Se tilbudet',
    },
    nn: {
      heading: 'Saknar du oss?',
      body: 'Start abonnementet att no, og få 3 månader for prisen av 1. Det tek berre eit par minutt.',
      ctaLabel: 'Sjå tilbodet',
    },
    ctaUrl: '/winback',
    startsAt,
    endsAt,
  });
}
