// The subscriber's overview: plan, price, status in words, renewal or expiry, payment, a planned
// change and the notes for trial, family share and business subscriptions.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { Subscription } from '../../../src/app/api/subscription';
import HomeScreen from '../../../src/app/features/home/HomeScreen';
import {
  statusCodes,
  statusName,
  SubscriptionStatus,
} from '../../../src/shared/subscription/status';
import { subscriberState, subscriptionWith } from '../fixtures';
import { json, renderWithState, serveApi } from '../render';

import { callsTo, lookupRoute, problem, route } from './lifecycle-support';

const renderHome = (
  subscription: Subscription | null = subscriptionWith(),
  language: 'nb' | 'nn' = 'nb',
) =>
  renderWithState(<HomeScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['home'],
  });

/** The value of a fact (<dt> label → its <dd>) in the overview. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`No value for ${label}`);
  return value;
}

describe('HomeScreen', () => {
  it('greets the user and shows the subscription', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Hei, Kari!' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Abonnementet ditt' }),
    ).toBeInTheDocument();
    expect(fact('Abonnement')).toHaveTextContent('Digital');
    expect(fact('Produkt')).toHaveTextContent('Fædrelandsvennen Digital');
    expect(fact('Periode')).toHaveTextContent('Månedlig');
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per måned');
    expect(fact('Status')).toHaveTextContent('Aktivt');
    expect(fact('Fornyes')).toHaveTextContent('22. november 2026');
    expect(fact('Betalingsmåte')).toHaveTextContent('Betalingskort **** 1234, utløper 08/28');
    expect(fact('Kundenummer')).toHaveTextContent('K-555');
    expect(fact('Kontonummer')).toHaveTextContent('A-2001');
    const features = within(fact('Dette er inkludert')).getAllByRole('listitem');
    expect(features.map((f) => f.textContent)).toEqual([
      'Alt innhold på nett og i appen',
      'E-avis',
    ]);
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('shows a cancelled subscription with its expiry date instead of a renewal', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    expect(fact('Status')).toHaveTextContent('Sagt opp, aktivt ut perioden');
    expect(fact('Utløper')).toHaveTextContent('31. desember 2026');
    expect(screen.queryByText('Fornyes')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Abonnementet ditt er sagt opp. Du har tilgang til og med 31. desember 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('words more statuses', async () => {
    const cases: [number, string][] = [
      [SubscriptionStatus.SUSPENDED, 'Midlertidig stanset'],
      [SubscriptionStatus.PENDING_ACTIVATION, 'Venter på aktivering'],
      [SubscriptionStatus.TERMINATED, 'Avsluttet'],
    ];
    for (const [code, words] of cases) {
      const { unmount } = await renderHome(
        subscriptionWith({ instStatusCode: code as Subscription['instStatusCode'] }),
      );
      expect(fact('Status')).toHaveTextContent(words);
      unmount();
    }
  });

  it.each(['nb', 'nn'] as const)(
    'words every status code in %s without a missing key',
    async (language) => {
      for (const code of statusCodes) {
        const { container, unmount } = await renderHome(
          subscriptionWith({
            instStatusCode: code,
            status: statusName(code),
            expiryDate: '2026-12-31',
            pendingChange: {
              ariaPlanID: 'C-DIGITAL-PREMIUM',
              planName: 'Premium',
              period: 'Årlig',
              price: 349_900,
              effectiveDate: '2027-01-01',
            },
          }),
          language,
        );
        const status = fact('Status').textContent ?? '';
        expect(status).not.toMatch(/home\.|status\./);
        expect(status.length).toBeGreaterThan(2);
        // No catalogue key leaks anywhere on the page.
        expect(container.textContent).not.toMatch(/\b(home|status|price|period|payment)\.[a-z-]+/);
        unmount();
      }
    },
  );

  it('announces a planned plan change', async () => {
    await renderHome(
      subscriptionWith({
        pendingChange: {
          ariaPlanID: 'C-DIGITAL-PREMIUM',
          planName: 'Premium',
          period: 'Årlig',
          price: 349_900,
          effectiveDate: '2027-01-01',
        },
      }),
    );
    // (Testing Library reads the price's no-break space as a space.)
    expect(
      screen.getByText('Fra 1. januar 2027 endres abonnementet til Premium (Årlig, kr 3 499,00).'),
    ).toBeInTheDocument();
  });

  it('notes a family share and does not ask the invitee to pay', async () => {
    await renderHome(subscriptionWith({ eligibleForSharing: false }));
    expect(screen.getByText(/Du har tilgang gjennom familiedeling/)).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('Betales av den som deler abonnementet med deg');
  });

  it('notes a trial and the price after it', async () => {
    await renderHome(
      subscriptionWith({ instStatusCode: SubscriptionStatus.TRIAL, status: 'TRIAL' }),
    );
    expect(fact('Status')).toHaveTextContent('Prøveperiode');
    expect(screen.getByText(/Du har et prøveabonnement/)).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per måned etter prøveperioden');
  });

  it('notes a business subscription for the admin and the employee', async () => {
    const admin = await renderHome(
      subscriptionWith({
        subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'business-admin' },
      }),
    );
    expect(screen.getByText(/du er administrator for bedriften/)).toBeInTheDocument();
    expect(fact('Pris')).toHaveTextContent('Betales av bedriften');
    admin.unmount();

    await renderHome(
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
    );
    expect(screen.getByText(/bedriftsabonnement fra arbeidsgiveren din/)).toBeInTheDocument();
  });

  it('says when no payment method is registered', async () => {
    await renderHome(subscriptionWith({ paymentMethod: null }));
    expect(fact('Betalingsmåte')).toHaveTextContent('Ingen betalingsmåte registrert');
  });

  it('shows Vipps and the other providers with their labels', async () => {
    const cases: [NonNullable<Subscription['paymentMethod']>['provider'], string][] = [
      ['VIPPS', 'Vipps'],
      ['AVTALEGIRO', 'AvtaleGiro'],
      ['BANKGIRO', 'Faktura'],
    ];
    for (const [provider, words] of cases) {
      const { unmount } = await renderHome(
        subscriptionWith({
          paymentMethod: { provider, label: provider, maskedCardNumber: null, cardExpiry: null },
        }),
      );
      expect(within(fact('Betalingsmåte')).getByText(words, { exact: true })).toBeVisible();
      unmount();
    }
  });

  it('says exactly that a card without details has none to show', async () => {
    await renderHome(
      subscriptionWith({
        paymentMethod: {
          provider: 'SWEDBANK-PPG',
          label: 'Betalingskort',
          maskedCardNumber: null,
          cardExpiry: null,
        },
      }),
    );
    expect(
      within(fact('Betalingsmåte')).getByText('Ingen kortdetaljer tilgjengelig.', { exact: true }),
    ).toBeVisible();
  });

  it('says the payment method could not be fetched when the subscription lookup failed', async () => {
    const state = subscriberState(subscriptionWith());
    await renderWithState(<HomeScreen />, {
      preloadedState: { ...state, subscription: { ...state.subscription!, error: 'FETCH_ERROR' } },
      namespaces: ['home'],
    });
    expect(
      within(fact('Betalingsmåte')).getByText(
        'Det oppstod en feil ved henting av betalingsmetode.',
        { exact: true },
      ),
    ).toBeVisible();
    expect(fact('Betalingsmåte')).not.toHaveTextContent('1234');
  });

  it('links a paying subscriber to Vipps and to a new card', async () => {
    await renderHome();
    const payment = fact('Betalingsmåte');
    expect(within(payment).getByRole('link', { name: 'Endre til Vipps' })).toHaveAttribute(
      'href',
      '/endre-betalingsmetode',
    );
    expect(
      within(payment).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toHaveAttribute('href', '/legg-til-betalingskort');
  });

  it('offers no switch to Vipps when the subscription is paid with Vipps already', async () => {
    await renderHome(
      subscriptionWith({
        paymentMethod: {
          provider: 'VIPPS',
          label: 'Vipps',
          maskedCardNumber: null,
          cardExpiry: null,
        },
      }),
    );
    const payment = fact('Betalingsmåte');
    expect(within(payment).queryByRole('link', { name: 'Endre til Vipps' })).toBeNull();
    expect(
      within(payment).getByRole('link', { name: 'Legg til nytt betalingskort' }),
    ).toBeVisible();
  });

  it('offers no payment method change to those who do not pay for their subscription', async () => {
    const others = [
      subscriptionWith({ eligibleForSharing: false }),
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
      subscriptionWith({ instStatusCode: SubscriptionStatus.TRIAL, status: 'TRIAL' }),
      subscriptionWith({
        instStatusCode: SubscriptionStatus.CANCELLED,
        status: 'CANCELLED',
        hasSubscription: false,
      }),
    ];
    for (const subscription of others) {
      const { unmount } = await renderHome(subscription);
      expect(screen.queryByRole('link', { name: 'Endre til Vipps' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Legg til nytt betalingskort' })).toBeNull();
      unmount();
    }
  });

  it('links to contact details, prices and invoices, and to the delivery address only for paper', async () => {
    await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Innstillinger og priser' });
    expect(within(nav).getByRole('link', { name: 'Kontaktinformasjon' })).toHaveAttribute(
      'href',
      '/kontakt',
    );
    expect(
      within(nav).getByRole('link', { name: 'Priser og kommende prisendringer' }),
    ).toHaveAttribute('href', '/nye-priser');
    expect(within(nav).getByRole('link', { name: 'Fakturaer' })).toHaveAttribute(
      'href',
      '/fakturaoversikt',
    );
    expect(within(nav).queryByRole('link', { name: /Leveringsadresse/ })).toBeNull();
  });

  it('links a paper subscriber to the delivery address', async () => {
    await renderHome(subscriptionWith({ planProductType: 'COMBO' }));
    expect(screen.getByRole('link', { name: 'Leveringsadresse for papiravisen' })).toHaveAttribute(
      'href',
      '/leveringsadresse',
    );
  });

  it('tells that the Vipps agreement was stopped in the app and how to keep the subscription', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-24',
        paymentMethod: {
          provider: 'VIPPS',
          label: 'Vipps',
          maskedCardNumber: null,
          cardExpiry: null,
        },
        paymentNotice: 'VIPPS_AGREEMENT_STOPPED',
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Vipps-avtalen din ble stoppet i Vipps-appen');
    expect(alert).toHaveTextContent('avsluttes 24. desember 2026');
    expect(within(alert).getByRole('link', { name: 'Angre oppsigelse' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
  });

  it('reads in nynorsk', async () => {
    await renderHome(subscriptionWith(), 'nn');
    expect(fact('Periode')).toHaveTextContent('Månadleg');
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per månad');
    expect(fact('Blir fornya')).toHaveTextContent('22. november 2026');
    expect(fact('Betalingsmåte')).toHaveTextContent('Betalingskort **** 1234, går ut 08/28');
  });
});

describe('HomeScreen actions by state (spec §4)', () => {
  const actions = () =>
    screen
      .queryAllByRole('link')
      .filter((link) => link.closest('nav[aria-labelledby="home-actions-heading"]'))
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it('offers to change or cancel an active subscription', async () => {
    await renderHome();
    expect(screen.getByRole('navigation', { name: 'Hva vil du gjøre?' })).toBeVisible();
    expect(actions()).toEqual([
      ['Endre abonnement', '/endre-abonnement'],
      ['Avslutt abonnement', '/avslutt-abonnement'],
    ]);
  });

  it('offers to undo a cancellation while the subscription runs out', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.PENDING_CANCELLATION,
        status: 'PENDING_CANCELLATION',
        renewalDate: null,
        expiryDate: '2026-12-31',
      }),
    );
    expect(actions()).toEqual([['Angre oppsigelse', '/angre-oppsigelse']]);
  });

  it('offers to start an ended subscription again through the payment', async () => {
    await renderHome(
      subscriptionWith({
        instStatusCode: SubscriptionStatus.CANCELLED,
        status: 'CANCELLED',
        renewalDate: null,
        expiryDate: '2026-10-31',
      }),
    );
    expect(screen.getByText('Abonnementet ditt ble avsluttet 31. oktober 2026.')).toBeVisible();
    expect(actions()).toEqual([['Start abonnementet igjen', '/betaling?type=reaktivering']]);
  });

  it('offers no change or cancellation to a family-share invitee or a business employee', async () => {
    const shared = await renderHome(subscriptionWith({ eligibleForSharing: false }));
    expect(actions()).toEqual([]);
    shared.unmount();
    await renderHome(
      subscriptionWith({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'employee' } }),
    );
    expect(actions()).toEqual([]);
  });

  const withChange = subscriptionWith({
    pendingChange: {
      ariaPlanID: 'C-DIGITAL-DIGITAL',
      planName: 'Digital',
      period: 'Årlig',
      price: 299_000,
      effectiveDate: '2026-11-22',
    },
  });

  it('keeps the current plan instead of a scheduled change, and reloads', async () => {
    const calls = serveApi([
      route('DELETE', '/api/subscription/planChange', () =>
        json(subscriptionWith({ pendingChange: null })),
      ),
      lookupRoute(() => subscriptionWith({ pendingChange: null })),
    ]);
    const { user, store } = await renderHome(withChange);
    expect(
      screen.getByText(
        'Fra 22. november 2026 endres abonnementet til Digital (Årlig, kr 2 990,00).',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Behold nåværende abonnement (Digital)' }));
    await waitFor(() =>
      expect(screen.queryByText(/endres abonnementet til/)).not.toBeInTheDocument(),
    );
    const [withdraw] = callsTo(calls, 'DELETE', '/api/subscription/planChange');
    expect(await withdraw!.json()).toEqual({ subscriptionNo: 'S-1001' });
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription.subscription?.pendingChange).toBeNull();
  });

  it('says so when the change could not be withdrawn, and keeps it shown', async () => {
    serveApi([
      route('DELETE', '/api/subscription/planChange', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderHome(withChange);
    await user.click(screen.getByRole('button', { name: 'Behold nåværende abonnement (Digital)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke trukket tilbake endringen. Prøv igjen om litt.',
    );
    expect(screen.getByText(/endres abonnementet til Digital/)).toBeVisible();
  });
});
