// Orders and quotes shaped as the order API answers them (openapi tag `order`), for the purchase
// saga and the screens that order or change plan.
import type { Order, OrderQuote } from '../../../../src/app/api/order';
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
    offer: 'FIRST_MONTH_1KR',
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
    unavailableOffer: null,
    features: ['content', 'family-share'],
    addedFeatures: [],
    ...overrides,
  };
}
