// Dunning on the home page: an overdue giro invoice in its grace period says the day
// the subscription is suspended; a suspended subscription says why (the invoice, its due date)
// and links to pay it, in bokmål and nynorsk; the actions offer only what a suspended subscriber
// may enter, and the guard lets them reach home and the invoice payment but nothing else.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { Subscription } from '../../../src/app/api/subscription';
import HomeScreen from '../../../src/app/features/home/HomeScreen';
import NoSubscriptionScreen from '../../../src/app/features/no-subscription/NoSubscriptionScreen';
import { routes } from '../../../src/app/routing/routes';
import {
  accessFor,
  OPEN_WHILE_SUSPENDED,
  openWhileSuspended,
} from '../../../src/app/session/access';
import { navigationRequested } from '../../../src/app/session/navigationSlice';
import { bootstrapRequested } from '../../../src/app/session/sessionActions';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import { subscriberState, subscriptionWith } from '../fixtures';
import { json, renderWithState, route } from '../render';
import { session, startApp } from '../session/harness';

const renderHome = (subscription: Subscription, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<HomeScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['home'],
  });

const attentionItems = (heading: string) =>
  within(screen.getByRole('region', { name: heading })).getAllByRole('listitem');

const overdueInGrace = subscriptionWith({
  paymentMethod: {
    provider: 'BANKGIRO',
    label: 'Faktura',
    maskedCardNumber: null,
    cardExpiry: null,
  },
  unpaidInvoices: [
    {
      ariaInvoiceNo: '800000021',
      amount: 79_900,
      dueDate: '2026-03-02',
      overdue: true,
      suspendsOn: '2026-03-16',
    },
  ],
  suspension: null,
});

const suspended = subscriptionWith({
  instStatusCode: SubscriptionStatus.SUSPENDED,
  status: 'SUSPENDED',
  hasSubscription: false,
  planProductType: 'COMBO',
  paymentMethod: {
    provider: 'AVTALEGIRO',
    label: 'AvtaleGiro',
    maskedCardNumber: null,
    cardExpiry: null,
  },
  unpaidInvoices: [
    {
      ariaInvoiceNo: '800000021',
      amount: 79_900,
      dueDate: '2026-02-10',
      overdue: true,
      suspendsOn: null,
    },
  ],
  suspension: {
    ariaInvoiceNo: '800000021',
    amount: 79_900,
    dueDate: '2026-02-10',
    since: '2026-02-24',
  },
});

describe('home: an overdue giro invoice in its grace period', () => {
  it('says when the subscription will be suspended, and links to pay it', async () => {
    await renderHome(overdueInGrace);
    const [item] = attentionItems('Trenger oppmerksomheten din');
    expect(item).toHaveTextContent(
      'Fakturaen på kr 799,00 forfalt 2. mars 2026 og er ikke betalt.',
    );
    expect(item).toHaveTextContent(
      'Abonnementet blir stanset 16. mars 2026 hvis fakturaen ikke er betalt før det.',
    );
    expect(within(item!).getByRole('link', { name: 'Betal kr 799,00' })).toHaveAttribute(
      'href',
      '/betal-faktura/800000021',
    );
    expect(item!.querySelector('.ds-alert')).toHaveAttribute('data-color', 'danger');
  });

  it('reads in nynorsk', async () => {
    await renderHome(overdueInGrace, 'nn');
    const [item] = attentionItems('Treng merksemda di');
    expect(item).toHaveTextContent(
      'Abonnementet blir stansa 16. mars 2026 dersom fakturaen ikkje er betalt før det.',
    );
  });

  it('names no day for an invoice that does not suspend it (a card charge, a cancelled one)', async () => {
    await renderHome(
      subscriptionWith({
        unpaidInvoices: [{ ...overdueInGrace.unpaidInvoices![0]!, suspendsOn: null }],
      }),
    );
    const [item] = attentionItems('Trenger oppmerksomheten din');
    expect(item).toHaveTextContent('forfalt 2. mars 2026 og er ikke betalt.');
    expect(item).not.toHaveTextContent('stanset');
  });

  it('says nothing of suspension for an invoice that is not overdue yet', async () => {
    await renderHome(
      subscriptionWith({
        unpaidInvoices: [{ ...overdueInGrace.unpaidInvoices![0]!, overdue: false }],
      }),
    );
    const [item] = attentionItems('Trenger oppmerksomheten din');
    expect(item).toHaveTextContent('Du har en faktura på kr 799,00 som forfaller 2. mars 2026.');
    expect(item).not.toHaveTextContent('stanset');
  });
});

describe('home: a subscription suspended for an unpaid invoice', () => {
  it('says why first, with the invoice once and a link to pay it', async () => {
    await renderHome(suspended);
    const items = attentionItems('Trenger oppmerksomheten din');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      'Abonnementet er stanset fordi faktura 800000021 på kr 799,00 forfalt 10. februar 2026 og ikke er betalt.',
    );
    expect(items[0]).toHaveTextContent(
      'Betaler du fakturaen med kort eller Vipps, får du tilgangen tilbake med en gang.',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Betal kr 799,00' })).toHaveAttribute(
      'href',
      '/betal-faktura/800000021',
    );
    expect(screen.getByText('Midlertidig stanset', { selector: 'dd' })).toBeVisible();
  });

  it('says on the card since when it is stopped and that access comes back when paid, never a renewal', async () => {
    await renderHome({ ...suspended, renewalDate: '2027-01-27' });
    const card = within(screen.getByRole('region', { name: 'Fædrelandsvennen Digital' }));
    expect(card.getByText('Stanset siden').nextElementSibling).toHaveTextContent(
      '24. februar 2026',
    );
    expect(card.getByText('Tilgang').nextElementSibling).toHaveTextContent(
      'Kommer tilbake når beløpet er betalt',
    );
    expect(card.queryByText('Fornyes')).toBeNull();
    expect(card.queryByText(/27. januar 2027/)).toBeNull();
  });

  it('once cancelled while suspended: says the day it ends, and offers no second cancellation', async () => {
    await renderHome({ ...suspended, renewalDate: null, expiryDate: '2026-05-31' });
    const card = within(screen.getByRole('region', { name: 'Fædrelandsvennen Digital' }));
    expect(card.getByText('Utløper').nextElementSibling).toHaveTextContent('31. mai 2026');
    expect(card.queryByText('Tilgang')).toBeNull();
    const actions = within(screen.getByRole('navigation', { name: 'Hva vil du gjøre?' }));
    expect(actions.queryByRole('link', { name: /Si opp|Avslutt/ })).toBeNull();
  });

  it('reads in nynorsk', async () => {
    await renderHome(suspended, 'nn');
    const [item] = attentionItems('Treng merksemda di');
    expect(item).toHaveTextContent(
      'Abonnementet er stansa fordi faktura 800000021 på kr 799,00 forfall 10. februar 2026 og ikkje er betalt.',
    );
    expect(item).toHaveTextContent('får du tilgangen tilbake med ein gong.');
  });

  it('lists another overdue invoice after it', async () => {
    await renderHome({
      ...suspended,
      unpaidInvoices: [
        ...suspended.unpaidInvoices!,
        {
          ariaInvoiceNo: '800000034',
          amount: 27_900,
          dueDate: '2026-02-20',
          overdue: true,
          suspendsOn: null,
        },
      ],
    });
    const [why, other] = attentionItems('Trenger oppmerksomheten din');
    expect(why).toHaveTextContent('faktura 800000021');
    expect(within(other!).getByRole('link', { name: 'Betal kr 279,00' })).toHaveAttribute(
      'href',
      '/betal-faktura/800000034',
    );
  });

  it('offers only what a suspended subscriber can do: cancel, invoices, contact details, profile, prices', async () => {
    await renderHome(suspended);
    const actions = within(screen.getByRole('navigation', { name: 'Hva vil du gjøre?' }));
    expect(actions.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/avslutt-abonnement',
      '/nye-priser',
      '/fakturaoversikt',
      '/endre-profil',
      '/kontakt',
    ]);
  });

  it('sends a reader suspended by the billing system (no invoice known) to customer service', async () => {
    await renderHome({ ...suspended, suspension: null, unpaidInvoices: [] });
    const [item] = attentionItems('Trenger oppmerksomheten din');
    expect(item).toHaveTextContent('Abonnementet er midlertidig stanset.');
    expect(within(item!).getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('on /ingen-abonnement (another screen was asked for) says it is suspended and links home', async () => {
    await renderWithState(<NoSubscriptionScreen />, {
      preloadedState: subscriberState(suspended),
      namespaces: ['no-subscription'],
    });
    expect(
      screen.getByText(/Abonnementet ditt \(Digital\) er stanset fordi en faktura ikke er betalt/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Se hva du skal betale' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

const failedCharge = subscriptionWith({
  unpaidInvoices: [
    {
      ariaInvoiceNo: '800000045',
      amount: 27_900,
      dueDate: '2026-04-10',
      overdue: true,
      suspendsOn: '2026-04-24',
      paymentFailure: {
        method: 'SWEDBANK-PPG',
        reason: 'USER_ACTION_REQUIRED',
        retryOn: '2026-04-13',
      },
    },
  ],
  suspension: null,
});

const suspendedForFailedCharge = {
  cause: 'PAYMENT_FAILED',
  ariaInvoiceNo: '800000045',
  amount: 27_900,
  dueDate: '2026-04-10',
  since: '2026-04-24',
} as const;

describe('home: a renewal that could not be charged', () => {
  it('says so first: why, when it is tried again, the day it suspends, and what to do', async () => {
    await renderHome(failedCharge);
    const [item] = attentionItems('Trenger oppmerksomheten din');
    expect(item).toHaveTextContent('Betalingen feilet — oppdater betalingsmåten');
    expect(item).toHaveTextContent(
      'Vi fikk ikke trukket kr 279,00 fra kortet ditt 10. april 2026. Banken avviste trekket, for eksempel fordi det ikke var dekning eller kortet er sperret. Vi prøver igjen 13. april 2026.',
    );
    expect(item).toHaveTextContent(
      'Oppdater betalingsmåten eller betal før 24. april 2026, ellers blir abonnementet stanset den dagen.',
    );
    const links = within(item!).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Legg til nytt betalingskort', '/legg-til-betalingskort'],
      ['Endre til Vipps', '/endre-betalingsmetode'],
      ['Betal kr 279,00 nå', '/betal-faktura/800000045'],
    ]);
    // Said once: not again as an overdue invoice.
    expect(attentionItems('Trenger oppmerksomheten din')).toHaveLength(1);
  });

  it('a stopped Vipps agreement with no retry: a new agreement first, in nynorsk', async () => {
    await renderHome(
      subscriptionWith({
        unpaidInvoices: [
          {
            ...failedCharge.unpaidInvoices![0]!,
            paymentFailure: { method: 'VIPPS', reason: 'MANDATE_INACTIVE', retryOn: null },
          },
        ],
        suspension: null,
      }),
      'nn',
    );
    const [item] = attentionItems('Treng merksemda di');
    expect(item).toHaveTextContent('Betalinga feila — oppdater betalingsmåten');
    expect(item).toHaveTextContent(
      'Vi fekk ikkje trekt kr 279,00 med Vipps 10. april 2026. Vipps-avtalen din er ikkje lenger aktiv.',
    );
    expect(item).not.toHaveTextContent('Vi prøver igjen');
    expect(within(item!).getAllByRole('link')[0]).toHaveTextContent('Ny Vipps-avtale');
  });

  it('suspended for it: why, and a new payment method or paying brings it back', async () => {
    await renderHome({
      ...suspended,
      unpaidInvoices: [{ ...failedCharge.unpaidInvoices![0]!, suspendsOn: null }],
      suspension: suspendedForFailedCharge,
    });
    const items = attentionItems('Trenger oppmerksomheten din');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      'Abonnementet er stanset fordi vi ikke fikk trukket kr 279,00, som forfalt 10. april 2026.',
    );
    expect(
      within(items[0]!).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toBeVisible();
  });

  it('on /ingen-abonnement says the payment failed, not that an invoice is unpaid', async () => {
    await renderWithState(<NoSubscriptionScreen />, {
      preloadedState: subscriberState({
        ...suspended,
        suspension: suspendedForFailedCharge,
      }),
      namespaces: ['no-subscription'],
    });
    expect(
      screen.getByText(
        /Abonnementet ditt \(Digital\) er stanset fordi vi ikke fikk trukket betalingen/,
      ),
    ).toBeVisible();
  });

  it('lets the suspended reader change the payment method', () => {
    const suspendedUser = { loggedIn: true, hasSubscription: false, suspended: true };
    for (const path of ['/endre-betalingsmetode', '/legg-til-betalingskort'])
      expect(accessFor('auth+subscription', suspendedUser, path)).toBe('allow');
  });
});

describe('the guard and a suspended subscription', () => {
  const suspendedUser = { loggedIn: true, hasSubscription: false, suspended: true };

  it('lets a suspended subscriber into home, the invoices, paying one, cancelling, the contact details and the profile', () => {
    for (const path of [
      '/',
      '/fakturaoversikt',
      '/betal-faktura/:ariaInvoiceNo',
      '/kontakt',
      '/endre-profil',
      '/avslutt-abonnement',
      '/abonnement-avsluttet',
    ])
      expect(accessFor('auth+subscription', suspendedUser, path)).toBe('allow');
    for (const path of [
      '/endre-abonnement',
      '/leveringsadresse',
      '/endre-avislevering',
      '/tilbakemelding',
      undefined,
    ])
      expect(accessFor('auth+subscription', suspendedUser, path)).toBe('no-subscription');
    // Without a subscription at all nothing changes.
    expect(accessFor('auth+subscription', { ...suspendedUser, suspended: false }, '/')).toBe(
      'no-subscription',
    );
  });

  it('names only routes of the table that are A+S or unguarded', () => {
    for (const path of OPEN_WHILE_SUSPENDED) {
      const found = routes.find((r) => r.path === path);
      expect(found && ['auth+subscription', 'none'].includes(found.guard)).toBe(true);
    }
    expect(openWhileSuspended('/betal-faktura/800000021')).toBe(true);
    expect(openWhileSuspended('/fakturaoversikt?x=1')).toBe(true);
    expect(openWhileSuspended('/endre-abonnement')).toBe(false);
  });

  it('runs through the guard saga: home is let in, a change of plan is sent to /ingen-abonnement', async () => {
    const answer = () => json(session({ subscription: suspended }));
    const app = startApp([route('GET', '/api/session', answer)]);
    app.store.dispatch(bootstrapRequested());
    app.store.dispatch(
      navigationRequested({ location: '/', guard: 'auth+subscription', path: '/' }),
    );
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/'));
    app.store.dispatch(
      navigationRequested({
        location: '/endre-abonnement',
        guard: 'auth+subscription',
        path: '/endre-abonnement',
      }),
    );
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([{ path: '/ingen-abonnement', replace: true }]),
    );
  });
});
