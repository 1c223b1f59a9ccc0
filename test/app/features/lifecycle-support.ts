// Shared by the cancellation, undo, reactivation and winback screen tests: dates relative to
// today (the screens read the real clock), the subscription in each state of its life, and the
// subscription lookup as a route of the fake API.
import type { Subscription } from '../../../src/app/api/subscription';
import { formatLongDate } from '../../../src/app/lib/format/date';
import { addDays, osloDateOf } from '../../../src/shared/time/oslo';
import { subscriptionWith } from '../fixtures';
import { type ApiRoute, json, route } from '../render';

export const today = () => osloDateOf(new Date());
/** A calendar date `days` from today. */
export const inDays = (days: number) => addDays(today(), days);
export const long = (date: string) => formatLongDate(date, 'nb');

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
