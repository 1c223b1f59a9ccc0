// Orders, quotes and a catalogue shaped as the order API answers them (openapi tag `order`),
// for the purchase saga and the screens that order, change plan or show prices.
import type { Catalogue, Order, OrderQuote } from '../../../../src/app/api/order';
import type { PurchaseIntent } from '../../../../src/app/flows/order/purchaseSlice';

export const newOrderIntent: PurchaseIntent = {
  kind: 'new',
  titleCode: 'FVN',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  period: 'Månedlig',
  paymentProvider: 'SWEDBANK-PPG',
};

export function orderWith(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'ord_3f9a1c2b7d4e5f60',
    reference: '7M3KQ2XA',
    kind: 'new',
    status: 'PENDING',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    planName: 'Premium digital',
    period: 'Månedlig',
    amount: 100,
    currency: 'NOK',
    paymentProvider: 'SWEDBANK-PPG',
    redirectUrl: 'http://fvn.localhost:8080/sandbox/pay/pay_8d2e4f6a1b3c5d7e',
    subscriptionNo: null,
    failureReason: null,
    createdAt: '2026-11-22T10:15:00+01:00',
    completedAt: null,
    ariaInvoiceNo: null,
    ...overrides,
  };
}

export const completedOrder = (overrides: Partial<Order> = {}) =>
  orderWith({
    status: 'COMPLETED',
    redirectUrl: null,
    subscriptionNo: '500000001',
    completedAt: '2026-11-22T10:16:30+01:00',
    ...overrides,
  });

export function quoteWith(overrides: Partial<OrderQuote> = {}): OrderQuote {
  return {
    kind: 'new',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    planName: 'Premium digital',
    product: 'Digitalt abonnement',
    planProductType: 'DIGITAL',
    period: 'Månedlig',
    currency: 'NOK',
    amount: 27900,
    ordinaryPrice: 27900,
    offer: null,
    discount: null,
    periodStart: '2026-11-22',
    periodEnd: '2026-12-21',
    renewalDate: '2026-12-22',
    renewalPrice: 27900,
    proration: null,
    firstFullCharge: { date: '2026-11-22', amount: 27900 },
    waivedOffer: null,
    features: ['content', 'family-share'],
    addedFeatures: [],
    ...overrides,
  };
}

/** The catalogue of FVN as GET /api/catalogue/FVN answers it (the reference catalogue's prices). */
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
        {
          period: 'Månedlig',
          ariaScheduleId: 'MND',
          price: 27_900,
          features: ['content', 'family-share'],
        },
        {
          period: 'Kvartalsvis',
          ariaScheduleId: 'KVT',
          price: 79_900,
          features: ['content', 'family-share'],
        },
        {
          period: 'Årlig',
          ariaScheduleId: 'AAR',
          price: 299_000,
          features: ['content', 'family-share'],
        },
        {
          period: 'Månedlig Premium',
          ariaScheduleId: 'MND-PREMIUM',
          price: 37_900,
          features: ['content', 'family-share', 'e-paper', 'partner-content'],
        },
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
        { period: 'Månedlig', ariaScheduleId: 'MND', price: 9_900, features: ['content'] },
        { period: 'Årlig', ariaScheduleId: 'AAR', price: 99_000, features: ['content'] },
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
      options: [{ period: 'Månedlig', ariaScheduleId: 'MND', price: 4_900, features: ['content'] }],
    },
    {
      ariaPlanID: 'C-DIGITAL-BEDRIFT',
      planName: 'Bedrift digital',
      product: 'Digitalt bedriftsabonnement',
      planProductType: 'DIGITAL',
      youth: false,
      requiresDeliveryAddress: false,
      features: ['content', 'e-paper'],
      options: [
        {
          period: 'Årlig',
          ariaScheduleId: 'AAR',
          price: 1_990_000,
          features: ['content', 'e-paper'],
        },
      ],
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
        {
          period: 'Månedlig',
          ariaScheduleId: 'MND',
          price: 59_900,
          features: ['content', 'e-paper', 'paper', 'family-share', 'partner-content'],
        },
        {
          period: 'Årlig',
          ariaScheduleId: 'AAR',
          price: 649_000,
          features: ['content', 'e-paper', 'paper', 'family-share', 'partner-content'],
        },
      ],
    },
  ],
};

export const problem = (
  status: number,
  code: string,
  errors?: { field: string; message: string }[],
) =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'x',
      status,
      code,
      ...(errors ? { errors } : {}),
    }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
