// The subscriber's overview: plan, price, status in words, renewal or expiry, payment, a planned
// change and the notes for trial, family share and business subscriptions.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import type { Subscription } from '../../../src/app/api/subscription';
import HomeScreen from '../../../src/app/features/home/HomeScreen';
import {
  statusCodes,
  statusName,
  SubscriptionStatus,
} from '../../../src/shared/subscription/status';
import { subscriberState, subscriptionWith } from '../fixtures';
import { renderWithState } from '../render';

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
    expect(fact('Betalingsmåte')).toHaveTextContent(
      'Betalingskort, **** **** **** 1234, utløper 08/28',
    );
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

  it('reads in nynorsk', async () => {
    await renderHome(subscriptionWith(), 'nn');
    expect(fact('Periode')).toHaveTextContent('Månadleg');
    expect(fact('Pris')).toHaveTextContent('kr 279,00 per månad');
    expect(fact('Blir fornya')).toHaveTextContent('22. november 2026');
  });
});
