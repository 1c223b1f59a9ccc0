// Store state for component tests: a title, a logged-in user, an account and a subscription
// shaped as the API returns them, and FVN's catalogue as its route of the fake API. Override
// what a test is about.
import type { Catalogue } from '../../src/app/api/order';
import type { Subscription } from '../../src/app/api/subscription';
import type { Title } from '../../src/app/api/title';
import type { RootState } from '../../src/app/store/store';

import { type Answer, json, route } from './render';

export const fvn: Title = {
  titleCode: 'FVN',
  titleDomain: 'fvn.no',
  pageUrl: 'https://www.fvn.no/',
  name: 'Fædrelandsvennen',
  customerCenterPhoneNumber: '+47 400 00 001',
  customerCenterEmail: 'kundesenter@fvn.no',
  organizationNumber: '999000001',
  language: 'nb',
  spidCredential: { clientId: 'minside-fvn' },
  analyticsEnabled: true,
  videoBaseUrl: 'https://tv.fvn.no',
  group: 'Sør',
};

export function subscriptionWith(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionNo: 'S-1001',
    ariaAccountNo: 'A-2001',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-DIGITAL',
    ariaScheduleId: 'MONTHLY',
    planName: 'Digital',
    product: 'Fædrelandsvennen Digital',
    planProductType: 'DIGITAL',
    period: 'Månedlig',
    price: 27_900,
    currency: 'NOK',
    instStatusCode: 1,
    status: 'ACTIVE',
    eligibleForSharing: true,
    renewalDate: '2026-11-22',
    expiryDate: null,
    paymentMethod: {
      provider: 'SWEDBANK-PPG',
      label: 'Betalingskort',
      maskedCardNumber: '**** **** **** 1234',
      cardExpiry: '08/28',
    },
    customerNumber: 'K-555',
    features: ['content', 'e-paper'],
    subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: null },
    pendingChange: null,
    isPaying: true,
    hasSubscription: true,
    ...overrides,
  };
}

export const loggedInUser: RootState['user'] = {
  loggedIn: true,
  schibstedId: 'u-1',
  sp_id: 'sp-1',
  displayName: 'Kari Nordmann',
  givenName: 'Kari',
  familyName: 'Nordmann',
  phoneNumber: '',
  email: 'kari@example.no',
  birthDate: '1990-05-17',
};

export const account: RootState['account'] = {
  ariaAccountNo: 'A-2001',
  spidId: 'u-1',
  accountBalance: 0,
  firstTitleCode: 'FVN',
};

/** The state of a subscriber after navigation: spinner off, title, user, account, subscription. */
export function subscriberState(
  subscription: Subscription | null = subscriptionWith(),
): Partial<RootState> {
  return {
    title: { title: fvn },
    user: loggedInUser,
    account,
    subscription: {
      loaded: true,
      hasSubscription: subscription?.hasSubscription ?? false,
      subscription,
    },
    spinner: { showSpinner: false, spinnerMsg: '' },
  };
}

/**
 * The catalogue of FVN as GET /api/catalogue/FVN answers it (the reference catalogue's prices),
 * for every screen that reads it; a test that needs another spreads this one and names the change.
 */
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

/** GET /api/catalogue/FVN, by default answering `fvnCatalogue`. */
export const catalogueRoute = (answer: Answer = () => json(fvnCatalogue)) =>
  route('GET', '/api/catalogue/FVN', answer);
