// Store state for component tests: a title, a logged-in user, an account and a subscription
// shaped as the API returns them. Override what a test is about.
import type { Subscription } from '../../src/app/api/subscription';
import type { Title } from '../../src/app/api/title';
import type { RootState } from '../../src/app/store/store';

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
