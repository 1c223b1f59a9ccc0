// The winback offer: built from the catalogue, only changes the engine schedules (never an
// upgrade), the largest yearly saving, the youth plan only for an eligible age, and none for
// subscribers who do not pay or already have a change waiting.
import { describe, expect, it } from '@jest/globals';

import { lastDayIfCancelled } from '../../../src/shared/subscription/cancellation';
import { planDefinitions, type Period } from '../../../src/shared/subscription/plans';
import {
  winbackOffer,
  yearlyCost,
  youthEligible,
  type WinbackCatalogue,
  type WinbackSubscription,
} from '../../../src/shared/subscription/winback';

/** The catalogue a title sells, shaped as GET /api/catalogue/{titleCode} answers it. */
function catalogueOf(titleCode: string): WinbackCatalogue {
  return {
    minimumAge: 18,
    youthMaximumAge: 34,
    products: planDefinitions(titleCode).map((plan) => ({
      ariaPlanID: plan.ariaPlanID,
      planName: plan.planName,
      planProductType: plan.productType,
      youth: plan.youth,
      options: (Object.entries(plan.prices) as [Period, number][]).map(([period, price]) => ({
        period,
        price,
      })),
    })),
  };
}

const fvn = catalogueOf('FVN');
const today = '2026-03-10';
const adult = { birthDate: '1979-09-30', today };
const young = { birthDate: '2000-01-01', today };

function subscription(overrides: Partial<WinbackSubscription> = {}): WinbackSubscription {
  return {
    instStatusCode: 1,
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    planProductType: 'DIGITAL',
    eligibleForSharing: true,
    subscriptionInfo1: null,
    period: 'Månedlig',
    price: 27_900,
    renewalDate: '2026-03-22',
    pendingChange: null,
    ...overrides,
  };
}

describe('winbackOffer', () => {
  it('offers the same plan yearly to a monthly subscriber, from the next renewal date', () => {
    expect(winbackOffer(subscription(), fvn, adult)).toEqual({
      kind: 'period',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      period: 'Årlig',
      price: 299_000,
      effectiveDate: '2026-03-22',
      currentYearlyCost: 334_800,
      offerYearlyCost: 299_000,
      yearlySaving: 35_800,
    });
  });

  it('offers the youth plan on the same length of period when the reader is young enough', () => {
    const offer = winbackOffer(subscription(), fvn, young);
    expect(offer).toMatchObject({
      kind: 'youth',
      ariaPlanID: 'C-DIGITAL-UNG',
      period: 'Månedlig',
      price: 9_900,
      yearlySaving: 334_800 - 118_800,
    });
  });

  it('does not offer the youth plan at 34, below 18, without a birth date, or on paper', () => {
    expect(winbackOffer(subscription(), fvn, { birthDate: '1992-03-10', today })?.kind).toBe(
      'period',
    );
    expect(winbackOffer(subscription(), fvn, { birthDate: '1992-03-11', today })?.kind).toBe(
      'youth',
    );
    expect(winbackOffer(subscription(), fvn, { birthDate: '2010-01-01', today })?.kind).toBe(
      'period',
    );
    expect(winbackOffer(subscription(), fvn, { birthDate: null, today })?.kind).toBe('period');
    const paper = subscription({
      ariaPlanID: 'C-COMBO-PAPIR',
      planProductType: 'COMBO',
      period: 'Kvartalsvis',
      price: 174_900,
    });
    expect(winbackOffer(paper, fvn, young)).toMatchObject({
      kind: 'period',
      ariaPlanID: 'C-COMBO-PAPIR',
      period: 'Årlig',
      yearlySaving: 174_900 * 4 - 649_000,
    });
  });

  it('offers a youth subscriber the youth plan yearly', () => {
    const ung = subscription({ ariaPlanID: 'C-DIGITAL-UNG', price: 9_900 });
    expect(winbackOffer(ung, fvn, young)).toMatchObject({
      kind: 'period',
      ariaPlanID: 'C-DIGITAL-UNG',
      period: 'Årlig',
      yearlySaving: 118_800 - 99_000,
    });
  });

  it('never offers an upgrade or something dearer', () => {
    // Already yearly: every other period of the plan costs more per year.
    expect(winbackOffer(subscription({ period: 'Årlig', price: 299_000 }), fvn, adult)).toBeNull();
    // A catalogue where the yearly option is dearer per year than paying monthly.
    const dear: WinbackCatalogue = {
      ...fvn,
      products: [
        {
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          planName: 'Premium digital',
          planProductType: 'DIGITAL',
          youth: false,
          options: [
            { period: 'Månedlig', price: 27_900 },
            { period: 'Årlig', price: 400_000 },
          ],
        },
      ],
    };
    expect(winbackOffer(subscription(), dear, adult)).toBeNull();
  });

  it('makes no offer to a trial, business, family share, a cancelled one or one with a change waiting', () => {
    for (const s of [
      subscription({ instStatusCode: 41 }),
      subscription({ instStatusCode: 61 }),
      subscription({ instStatusCode: 2, renewalDate: null }),
      subscription({ subscriptionInfo1: 'admin' }),
      subscription({ eligibleForSharing: false }),
      subscription({ renewalDate: null }),
      subscription({ pendingChange: { ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Årlig' } }),
    ])
      expect(winbackOffer(s, fvn, young)).toBeNull();
  });
});

describe('youthEligible and yearlyCost', () => {
  it('reads the age limits from the catalogue', () => {
    expect(youthEligible(fvn, { birthDate: '2008-03-10', today })).toBe(true);
    expect(youthEligible(fvn, { birthDate: '2008-03-11', today })).toBe(false);
    expect(youthEligible(fvn, { birthDate: '1992-03-11', today })).toBe(true);
    expect(youthEligible(fvn, { birthDate: '1992-03-10', today })).toBe(false);
  });

  it('prices a year of each period', () => {
    expect(yearlyCost(27_900, 'Månedlig')).toBe(334_800);
    expect(yearlyCost(79_900, 'Kvartalsvis')).toBe(319_600);
    expect(yearlyCost(299_000, 'Årlig')).toBe(299_000);
  });
});

describe('lastDayIfCancelled', () => {
  it('is the day before the renewal date, never before today', () => {
    expect(lastDayIfCancelled('2026-03-22', today)).toBe('2026-03-21');
    expect(lastDayIfCancelled('2026-04-01', today)).toBe('2026-03-31');
    expect(lastDayIfCancelled('2026-03-10', today)).toBe(today);
    expect(lastDayIfCancelled('2026-03-01', today)).toBe(today);
    expect(lastDayIfCancelled(null, today)).toBe(today);
  });
});
