// The catalogue of FVN as GET /api/catalogue/FVN answers it (prices of the reference catalogue),
// for the plan-change and price screens.
import type { Catalogue } from '../../../src/app/api/order';

export const fvnCatalogue: Catalogue = {
  titleCode: 'FVN',
  currency: 'NOK',
  minimumAge: 18,
  youthMaximumAge: 34,
  firstMonthOffer: { ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Månedlig', price: 100 },
  products: [
    {
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      product: 'Digitalt abonnement',
      planProductType: 'DIGITAL',
      youth: false,
      requiresDeliveryAddress: false,
      features: ['content', 'family-share'],
      options: [
        { period: 'Månedlig', ariaScheduleId: 'MND', price: 27_900 },
        { period: 'Kvartalsvis', ariaScheduleId: 'KVT', price: 79_900 },
        { period: 'Årlig', ariaScheduleId: 'AAR', price: 299_000 },
        { period: 'Månedlig Premium', ariaScheduleId: 'MND-PREMIUM', price: 37_900 },
      ],
    },
    {
      ariaPlanID: 'C-DIGITAL-UNG',
      planName: 'UNG digital',
      product: 'Digitalt abonnement for unge under 34',
      planProductType: 'DIGITAL',
      youth: true,
      requiresDeliveryAddress: false,
      features: ['content'],
      options: [
        { period: 'Månedlig', ariaScheduleId: 'MND', price: 9_900 },
        { period: 'Årlig', ariaScheduleId: 'AAR', price: 99_000 },
      ],
    },
    {
      ariaPlanID: 'C-DIGITAL-STUDENT',
      planName: 'Student digital',
      product: 'Digitalt studentabonnement',
      planProductType: 'DIGITAL',
      youth: false,
      requiresDeliveryAddress: false,
      features: ['content'],
      options: [{ period: 'Månedlig', ariaScheduleId: 'MND', price: 4_900 }],
    },
    {
      ariaPlanID: 'C-DIGITAL-BEDRIFT',
      planName: 'Bedrift digital',
      product: 'Digitalt bedriftsabonnement',
      planProductType: 'DIGITAL',
      youth: false,
      requiresDeliveryAddress: false,
      features: ['content', 'e-paper'],
      options: [{ period: 'Årlig', ariaScheduleId: 'AAR', price: 1_990_000 }],
    },
    {
      ariaPlanID: 'C-COMBO-PAPIR',
      planName: 'Papir + digital',
      product: 'Papiravis alle dager og digitalt',
      planProductType: 'COMBO',
      youth: false,
      requiresDeliveryAddress: true,
      features: ['content', 'e-paper', 'paper', 'family-share', 'partner-content'],
      options: [
        { period: 'Månedlig', ariaScheduleId: 'MND', price: 59_900 },
        { period: 'Årlig', ariaScheduleId: 'AAR', price: 649_000 },
      ],
    },
  ],
};
