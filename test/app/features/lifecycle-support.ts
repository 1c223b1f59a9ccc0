// Shared by the cancellation, undo, reactivation and winback screen tests: the FVN catalogue as
// GET /api/catalogue answers it, dates relative to today (the screens read the real clock), and
// API routes for the subscription lookup and the lifecycle calls.
import type { Catalogue } from '../../../src/app/api/order';
import type { Subscription } from '../../../src/app/api/subscription';
import { formatLongDate } from '../../../src/app/lib/format/date';
import { featuresOf, planDefinitions, type Period } from '../../../src/shared/subscription/plans';
import { addDays, osloDateOf } from '../../../src/shared/time/oslo';
import { subscriptionWith } from '../fixtures';
import { type ApiRoute, json } from '../render';

export const today = () => osloDateOf(new Date());
/** A calendar date `days` from today. */
export const inDays = (days: number) => addDays(today(), days);
export const long = (date: string) => formatLongDate(date, 'nb');

export const fvnCatalogue: Catalogue = {
  titleCode: 'FVN',
  currency: 'NOK',
  minimumAge: 18,
  youthMaximumAge: 34,
  firstMonthOffer: { ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Månedlig', price: 100 },
  products: planDefinitions('FVN').map((plan) => ({
    ariaPlanID: plan.ariaPlanID,
    planName: plan.planName,
    product: plan.product,
    planProductType: plan.productType,
    youth: plan.youth,
    requiresDeliveryAddress: plan.productType === 'COMBO',
    features: [...plan.features],
    options: (Object.entries(plan.prices) as [Period, number][]).map(([period, price]) => ({
      period,
      ariaScheduleId: period,
      price,
      features: [...featuresOf(plan, period)],
    })),
  })),
};

/** FVN's premium plan, monthly at kr 279, renewing in 12 days (as the digital demo user). */
export const premium = (overrides: Partial<Subscription> = {}) =>
  subscriptionWith({
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    planName: 'Premium digital',
    renewalDate: inDays(12),
    ...overrides,
  });

export const pendingCancellation = (overrides: Partial<Subscription> = {}) =>
  premium({
    instStatusCode: 2,
    status: 'PENDING_CANCELLATION',
    renewalDate: null,
    expiryDate: inDays(11),
    ...overrides,
  });

export const cancelled = (overrides: Partial<Subscription> = {}) =>
  premium({
    instStatusCode: -2,
    status: 'CANCELLED',
    renewalDate: null,
    expiryDate: inDays(-21),
    hasSubscription: false,
    ...overrides,
  });

export const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

const pathOf = (request: Request) => new URL(request.url).pathname;

/** Answers `method path` with `answer()`; a function so each call can answer differently. */
export const route =
  (method: string, path: string, answer: (request: Request) => Response | Promise<Response>) =>
  (request: Request) =>
    request.method === method && pathOf(request) === path ? answer(request) : undefined;

export const catalogueRoute = (answer: () => Response = () => json(fvnCatalogue)): ApiRoute =>
  route('GET', '/api/catalogue/FVN', answer);

/** The subscription lookup (the reload after a change) answering `current()`. */
export const lookupRoute = (current: () => Subscription | null): ApiRoute =>
  route('GET', '/api/subscription/A-2001/FVN', () => {
    const subscription = current();
    return json({
      hasSubscription: subscription?.hasSubscription ?? false,
      subscription,
      error: null,
    });
  });

export const callsTo = (calls: Request[], method: string, path: string) =>
  calls.filter((c) => c.method === method && pathOf(c) === path);

/** A response that waits until `release()` is called (to see the progress while a call runs). */
export function held(response: () => Response) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: async () => (await gate, response()), release: () => release() };
}
