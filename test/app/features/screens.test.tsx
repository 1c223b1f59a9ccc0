// The information screens: no subscription, customer service (contact and FAQ), maintenance, 404,
// and the login callback. Each reads its texts from its own catalogue namespace.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';

import CallbackScreen from '../../../src/app/features/callback/CallbackScreen';
import CustomerServiceScreen from '../../../src/app/features/customer-service/CustomerServiceScreen';
import MaintenanceScreen from '../../../src/app/features/maintenance/MaintenanceScreen';
import NoSubscriptionScreen from '../../../src/app/features/no-subscription/NoSubscriptionScreen';
import NotFoundScreen from '../../../src/app/features/not-found/NotFoundScreen';
import { UnknownPath } from '../../../src/app/routing/AppRoutes';
import { callbackReceived, loginRequested } from '../../../src/app/session/sessionActions';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import { fvn, subscriberState, subscriptionWith } from '../fixtures';
import { renderWithState } from '../render';

function expectContactDetails() {
  expect(screen.getByRole('link', { name: fvn.customerCenterPhoneNumber })).toHaveAttribute(
    'href',
    'tel:+4740000001',
  );
  expect(screen.getByRole('link', { name: fvn.customerCenterEmail })).toHaveAttribute(
    'href',
    `mailto:${fvn.customerCenterEmail}`,
  );
  expect(screen.getByText('999 000 001')).toBeInTheDocument();
}

describe('NoSubscriptionScreen', () => {
  it('explains that the user has no subscription to this title and how to get help', async () => {
    await renderWithState(<NoSubscriptionScreen />, {
      preloadedState: subscriberState(null),
      namespaces: ['no-subscription'],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Du har ikke et aktivt abonnement' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Vi finner ikke noe aktivt abonnement på Fædrelandsvennen knyttet til brukeren din.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Du er logget inn som kari@example.no/)).toBeInTheDocument();
    expect(screen.queryByText(/ble avsluttet/)).not.toBeInTheDocument();
    expectContactDetails();
    expect(screen.getByRole('link', { name: 'Spørsmål og svar hos kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('says when an ended subscription ended', async () => {
    await renderWithState(<NoSubscriptionScreen />, {
      preloadedState: subscriberState(
        subscriptionWith({
          instStatusCode: SubscriptionStatus.CANCELLED,
          status: 'CANCELLED',
          hasSubscription: false,
          renewalDate: null,
          expiryDate: '2026-03-31',
        }),
      ),
      namespaces: ['no-subscription'],
    });
    expect(
      screen.getByText('Abonnementet ditt (Digital) ble avsluttet 31. mars 2026.'),
    ).toBeInTheDocument();
  });

  it('reads in nynorsk', async () => {
    await renderWithState(<NoSubscriptionScreen />, {
      preloadedState: subscriberState(null),
      language: 'nn',
      namespaces: ['no-subscription'],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Du har ikkje eit aktivt abonnement' }),
    ).toBeInTheDocument();
  });
});

describe('CustomerServiceScreen', () => {
  it("shows the title's contact channels", async () => {
    await renderWithState(<CustomerServiceScreen />, {
      preloadedState: subscriberState(),
      namespaces: ['customer-service'],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Kundeservice' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Kontakt kundesenteret til Fædrelandsvennen' }),
    ).toBeInTheDocument();
    expectContactDetails();
  });

  it('answers common questions in disclosures that open from the keyboard', async () => {
    const { user } = await renderWithState(<CustomerServiceScreen />, {
      preloadedState: subscriberState(),
      namespaces: ['customer-service'],
    });
    const faq = screen.getByRole('region', { name: 'Ofte stilte spørsmål' });
    const questions = within(faq).getAllByRole('group');
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.length).toBeLessThanOrEqual(8);

    const summary = within(faq).getByText(
      'Hvordan får jeg en kopi av dataene mine, eller får dem slettet?',
    );
    const answer = within(faq).getByText(/etter 30 dager sletter vi opplysningene/);
    expect(answer).toHaveTextContent('5 år');
    expect(answer).not.toBeVisible();

    // A <summary> is in the tab order, and Enter or Space runs its activation (a click), which
    // opens the <details>. jsdom implements the activation but not the key binding, so the test
    // focuses the summary and activates it the way the key does.
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.tabIndex).toBe(0);
    summary.focus();
    expect(summary).toHaveFocus();
    await user.click(summary);
    expect(answer).toBeVisible();
    await user.click(summary);
    expect(answer).not.toBeVisible();
  });

  it('reads in nynorsk', async () => {
    await renderWithState(<CustomerServiceScreen />, {
      preloadedState: subscriberState(),
      language: 'nn',
      namespaces: ['customer-service'],
    });
    expect(screen.getByText('Korleis loggar eg inn på Mi side?')).toBeInTheDocument();
  });
});

describe('MaintenanceScreen', () => {
  it('says Min Side is down for maintenance and how to reach customer service', async () => {
    await renderWithState(<MaintenanceScreen />, {
      preloadedState: subscriberState(),
      namespaces: ['maintenance'],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Min side er stengt for vedlikehold' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Prøv igjen om litt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prøv igjen' })).toHaveAttribute('href', '/');
    expectContactDetails();
  });
});

describe('NotFoundScreen', () => {
  it('says the page was not found and offers the way home and to customer service', async () => {
    await renderWithState(<NotFoundScreen />, { route: '/finnes-ikke', namespaces: ['not-found'] });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vi fant ikke siden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
  });

  it('names the address the reader asked for, carried by the redirect of an unknown path', async () => {
    await renderWithState(
      <Routes>
        <Route path="/404" element={<NotFoundScreen />} />
        <Route path="*" element={<UnknownPath />} />
      </Routes>,
      { route: '/fakturaoversikt2?ar=2026', namespaces: ['not-found'] },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vi fant ikke siden' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/fakturaoversikt2?ar=2026')).toBeVisible();
    expect(screen.getByText(/Du prøvde å åpne adressen/)).toBeVisible();
  });

  it('names no address when /404 is opened by itself', async () => {
    await renderWithState(<NotFoundScreen />, { route: '/404', namespaces: ['not-found'] });
    expect(screen.queryByText(/Du prøvde å åpne adressen/)).toBeNull();
  });

  it("loads its own namespace when it renders, and no other screen's", async () => {
    // Nothing preloaded but `common`: the screen asks for `not-found` and suspends until it is
    // there, as on a first visit to /404.
    const { i18n } = await renderWithState(<NotFoundScreen />, { route: '/finnes-ikke' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vi fant ikke siden' }),
    ).toBeInTheDocument();
    expect(i18n.hasResourceBundle('nb', 'not-found')).toBe(true);
    for (const namespace of ['home', 'no-subscription', 'customer-service', 'callback'])
      expect([namespace, i18n.hasResourceBundle('nb', namespace)]).toEqual([namespace, false]);
  });
});

describe('CallbackScreen', () => {
  it('hands code and state to the session and says it is signing in', async () => {
    const { actions } = await renderWithState(<CallbackScreen />, {
      route: '/callback?code=c-1&state=s-1',
      namespaces: ['callback'],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Logger deg inn …');
    expect(actions).toContainEqual(callbackReceived({ code: 'c-1', state: 's-1' }));
  });

  it('says a cancelled login was cancelled and offers to log in again', async () => {
    const { user, actions } = await renderWithState(<CallbackScreen />, {
      route: '/callback?error=access_denied',
      namespaces: ['callback'],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Innlogging' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Innloggingen ble avbrutt.');
    await user.click(screen.getByRole('button', { name: 'Logg inn på nytt' }));
    expect(actions).toContainEqual(loginRequested({ returnUrl: '/' }));
  });

  it('reads in nynorsk', async () => {
    await renderWithState(<CallbackScreen />, {
      route: '/callback',
      language: 'nn',
      namespaces: ['callback'],
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Vi fekk ikkje logga deg inn. Prøv igjen.');
  });
});
