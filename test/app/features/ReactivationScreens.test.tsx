// Coming back: /winback for every kind of reader, /ingen-abonnement offering to start an ended
// subscription again, /abonnement-reaktivert after a reactivation (with and without an order)
// and /allerede-abonnent for a subscriber who tries to order again. Opened in the wrong state
// by hand, the outcome screens read what happened from the server and report only that, or
// send the reader home.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';

import type { Order, OrderQuote } from '../../../src/app/api/order';
import type { Subscription, SubscriptionChange } from '../../../src/app/api/subscription';
import AlreadySubscriberScreen from '../../../src/app/features/already-subscriber/AlreadySubscriberScreen';
import NoSubscriptionScreen from '../../../src/app/features/no-subscription/NoSubscriptionScreen';
import ReactivatedScreen from '../../../src/app/features/reactivation/ReactivatedScreen';
import WinbackScreen from '../../../src/app/features/winback/WinbackScreen';
import { loginRequested } from '../../../src/app/session/sessionActions';
import type { RootState } from '../../../src/app/store/store';
import { catalogueRoute, subscriberState } from '../fixtures';
import { quoteWith } from '../flows/order/fixtures';
import { bodies, callsTo, held, json, problem, renderWithState, route, serveApi } from '../render';

import {
  cancelled,
  inDays,
  long,
  lookupRoute,
  pendingCancellation,
  premium,
} from './lifecycle-support';

const ready = { session: { status: 'ready', loginError: null, callbackError: null } } as const;

/** Where a navigation ended (a screen not under test). */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** The subscription's audit trail (listSubscriptionChanges), newest first. */
const changesRoute = (changes: readonly Partial<SubscriptionChange>[]) =>
  route('GET', '/api/subscription/A-2001/FVN/changes', () =>
    json({
      subscriptionNo: 'S-1001',
      changes: changes.map((change) => ({
        kind: 'renewed',
        occurredAt: '2026-11-22T09:00:00.000Z',
        actor: 'user',
        fromStatus: 'ACTIVE',
        toStatus: 'ACTIVE',
        ...change,
      })),
    }),
  );

/** The server's price of starting `cancelled()` again (quoteOrder, kind reactivation). */
const reactivationQuote = (overrides: Partial<OrderQuote> = {}) =>
  route('POST', '/api/orders/quote', () =>
    json(
      quoteWith({
        kind: 'reactivation',
        offer: 'REACTIVATION_3_FOR_1',
        amount: 27_900,
        periodEnd: '2027-02-21',
        renewalDate: '2027-02-22',
        ...overrides,
      }),
    ),
  );

/** The quote of a reader who had the offer within the last 12 months. */
const usedOffer = {
  offer: null,
  unavailableOffer: {
    offer: 'REACTIVATION_3_FOR_1',
    reason: 'USED_RECENTLY',
    usedOn: '2026-03-02',
    availableFrom: '2027-03-02',
  },
} as const;

const reactivatedChange: Partial<SubscriptionChange> = {
  kind: 'reactivated',
  fromStatus: 'CANCELLED',
  toStatus: 'ACTIVE',
};

/** All the screens of coming back, so a test can follow the links and navigations. */
function renderAt(
  path: string,
  subscription: Subscription | null,
  overrides: Partial<RootState> = {},
  language: 'nb' | 'nn' = 'nb',
) {
  return renderWithState(
    <Routes>
      <Route path="/winback" element={<WinbackScreen />} />
      <Route path="/ingen-abonnement" element={<NoSubscriptionScreen />} />
      <Route path="/abonnement-reaktivert" element={<ReactivatedScreen />} />
      <Route path="/allerede-abonnent" element={<AlreadySubscriberScreen />} />
      <Route path="/betaling" element={<h1>Betaling</h1>} />
      <Route path="/receipt2" element={<h1>Kvittering for endringen</h1>} />
      <Route path="*" element={<Where />} />
    </Routes>,
    {
      preloadedState: { ...subscriberState(subscription), ...ready, ...overrides },
      route: path,
      language,
      namespaces: ['winback', 'no-subscription', 'reactivation', 'already-subscriber'],
    },
  );
}

const order = (overrides: Partial<Order> = {}): Order => ({
  orderId: 'ord_1',
  reference: '7M3KQ2XA',
  kind: 'reactivation',
  status: 'COMPLETED',
  titleCode: 'FVN',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  period: 'Månedlig',
  amount: 27_900,
  currency: 'NOK',
  paymentProvider: 'SWEDBANK-PPG',
  redirectUrl: null,
  subscriptionNo: 'S-1001',
  failureReason: null,
  createdAt: '2026-11-22T10:00:00+01:00',
  completedAt: '2026-11-22T10:01:00+01:00',
  ariaInvoiceNo: null,
  offer: 'REACTIVATION_3_FOR_1',
  ...overrides,
});

const business = (s: Subscription) => ({
  ...s,
  isPaying: false,
  subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'admin' },
});

describe('WinbackScreen', () => {
  it('asks an anonymous visitor to log in first, returning to the campaign page', async () => {
    const { user, actions } = await renderAt('/winback?kampanje=vinter', null, {
      user: { ...subscriberState().user!, loggedIn: false },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Et tilbud til deg' })).toBeVisible();
    expect(screen.getByText(/3 måneder for prisen av 1/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Logg inn og se tilbudet' }));
    expect(actions).toContainEqual(loginRequested({ returnUrl: '/winback?kampanje=vinter' }));
  });

  it('waits for the session before deciding what to offer', async () => {
    await renderAt('/winback', null, {
      session: { status: 'loading', loginError: null, callbackError: null },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Henter tilbudet ditt …');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a cancelled subscriber 3 months for the price of 1, ordered on /betaling', async () => {
    const calls = serveApi([reactivationQuote()]);
    await renderAt('/winback', cancelled());
    expect(
      screen.getByText(`Abonnementet ditt (Premium digital) ble avsluttet ${long(inDays(-21))}.`),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: '3 måneder for prisen av 1' })).toBeVisible();
    expect(await bodies(calls, 'POST', '/api/orders/quote')).toEqual([
      {
        kind: 'reactivation',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
        subscriptionNo: 'S-1001',
      },
    ]);
    expect(
      screen.getByText(
        'Start Premium digital igjen og få 3 måneder for kr 279,00 (ordinær pris kr 837,00). Deretter kr 279,00 per måned, uten bindingstid.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start abonnementet igjen' })).toHaveAttribute(
      'href',
      '/betaling?type=reaktivering',
    );
  });

  it('does not promise the offer to a reader the server no longer gives it to', async () => {
    serveApi([reactivationQuote(usedOffer)]);
    await renderAt('/winback', cancelled());
    expect(
      await screen.findByText(
        'Start Premium digital igjen for kr 279,00 per måned, uten bindingstid.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Start abonnementet igjen' })).toBeVisible();
    expect(
      screen.getByText(
        `3 måneder for prisen av 1 får du én gang i året, og du har fått det. Du kan få det igjen fra ${long('2027-03-02')}.`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/ordinær pris/)).not.toBeInTheDocument();
  });

  it('shows the ordinary price, promising nothing, while the price cannot be had', async () => {
    const answer = held(() => problem(503, 'SERVICE_UNAVAILABLE'));
    serveApi([route('POST', '/api/orders/quote', answer.answer)]);
    await renderAt('/winback', cancelled());
    expect(await screen.findByText('Henter prisen din …')).toBeVisible();
    answer.release();
    expect(
      await screen.findByText(
        'Start Premium digital igjen for kr 279,00 per måned, uten bindingstid.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: '3 måneder for prisen av 1' })).toBeNull();
  });

  it('restarts a cancelled business subscription at no cost and shows it reactivated', async () => {
    let current: Subscription = business(cancelled());
    const calls = serveApi([
      route('POST', '/api/reactivateSubscription/', () => {
        current = business(premium({ renewalDate: inDays(365) }));
        return json(current);
      }),
      lookupRoute(() => current),
      changesRoute([reactivatedChange]),
    ]);
    const { user } = await renderAt('/winback', business(cancelled()));
    await user.click(screen.getByRole('button', { name: 'Start abonnementet igjen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er aktivt igjen' }),
    ).toBeVisible();
    const [reactivate] = callsTo(calls, 'POST', '/api/reactivateSubscription/');
    expect(await reactivate!.json()).toEqual({ subscriptionNo: 'S-1001', action: 'reactivate' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeEmptyDOMElement());
    expect(screen.getByText(new RegExp(`Neste fornyelse er ${long(inDays(365))}`))).toBeVisible();
  });

  it('sends the reader to the payment when the server says the reactivation must be paid', async () => {
    serveApi([
      route('POST', '/api/reactivateSubscription/', () => problem(409, 'PAYMENT_REQUIRED')),
    ]);
    const { user } = await renderAt('/winback', business(cancelled()));
    await user.click(screen.getByRole('button', { name: 'Start abonnementet igjen' }));
    expect(await screen.findByRole('heading', { name: 'Betaling' })).toBeVisible();
  });

  it('offers a subscriber who has cancelled to undo it', async () => {
    await renderAt('/winback', pendingCancellation());
    expect(screen.getByText(new RegExp(`tilgang til og med ${long(inDays(11))}`))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Angre oppsigelsen' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
  });

  it('offers an active subscriber the cheaper period, and schedules it', async () => {
    const calls = serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () => json(premium())),
      lookupRoute(() => premium()),
    ]);
    const { user } = await renderAt('/winback', premium());
    expect(
      await screen.findByText(
        'Behold Premium digital og betal for ett år om gangen: kr 2 990,00 per år. Da sparer du kr 358,00 i året.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ja takk, bytt abonnement' }));
    expect(await screen.findByRole('heading', { name: 'Kvittering for endringen' })).toBeVisible();
    const [change] = callsTo(calls, 'PUT', '/api/subscription/planChange');
    expect(await change!.json()).toEqual({
      subscriptionNo: 'S-1001',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      period: 'Årlig',
    });
  });

  it('offers a young subscriber the youth plan', async () => {
    serveApi([catalogueRoute()]);
    await renderAt('/winback', premium(), {
      user: {
        ...subscriberState().user!,
        birthDate: `${Number(inDays(0).slice(0, 4)) - 25}-01-01`,
      },
    });
    expect(
      await screen.findByText(
        'Du er under 34 år og kan bytte til UNG digital: kr 99,00 per måned. Da sparer du kr 2 160,00 i året.',
      ),
    ).toBeVisible();
  });

  it('words a refused offer and keeps the page', async () => {
    serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () => problem(400, 'PLAN_NOT_AVAILABLE')),
    ]);
    const { user } = await renderAt('/winback', premium());
    await user.click(await screen.findByRole('button', { name: 'Ja takk, bytt abonnement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tilbudet kunne ikke brukes på abonnementet ditt.',
    );
  });

  it('says so when there is nothing cheaper', async () => {
    serveApi([catalogueRoute()]);
    await renderAt('/winback', premium({ period: 'Årlig', price: 299_000 }));
    expect(await screen.findByText(/Du har allerede den rimeligste måten/)).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    serveApi([reactivationQuote()]);
    await renderAt('/winback', cancelled(), {}, 'nn');
    expect(await screen.findByRole('heading', { name: '3 månader for prisen av 1' })).toBeVisible();
  });
});

describe('NoSubscriptionScreen: starting an ended subscription again', () => {
  it('sends a reader whose subscription gives access home instead of saying there is none', async () => {
    await renderAt('/ingen-abonnement', premium());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Du har ikke et aktivt abonnement')).not.toBeInTheDocument();
  });

  it('sends a subscriber who has cancelled (access until the last day) home too', async () => {
    await renderAt('/ingen-abonnement', pendingCancellation());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('offers 3 months for the price of 1 with a link to the payment', async () => {
    serveApi([reactivationQuote()]);
    await renderAt('/ingen-abonnement', cancelled());
    expect(
      screen.getByText(`Abonnementet ditt (Premium digital) ble avsluttet ${long(inDays(-21))}.`),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Kom tilbake: 3 måneder for prisen av 1' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Start Premium digital igjen og få 3 måneder for kr 279,00 (ordinær pris kr 837,00). Deretter kr 279,00 per måned, uten bindingstid.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start abonnementet igjen' })).toHaveAttribute(
      'href',
      '/betaling?type=reaktivering',
    );
  });

  it('says when a reader who had the offer within a year can have it again', async () => {
    serveApi([reactivationQuote(usedOffer)]);
    await renderAt('/ingen-abonnement', cancelled());
    expect(
      await screen.findByText(
        `3 måneder for prisen av 1 får du én gang i året, og du har fått det. Du kan få det igjen fra ${long('2027-03-02')}.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Start abonnementet igjen' })).toBeVisible();
    expect(screen.queryByText(/Kom tilbake/)).not.toBeInTheDocument();
  });

  it('offers a yearly plan again at its ordinary price', async () => {
    serveApi([
      reactivationQuote({ period: 'Årlig', offer: null, amount: 299_000, ordinaryPrice: 299_000 }),
    ]);
    await renderAt('/ingen-abonnement', cancelled({ period: 'Årlig', price: 299_000 }));
    expect(
      await screen.findByText(
        'Du kan starte Premium digital igjen når du vil, for kr 2 990,00 per år, uten bindingstid.',
      ),
    ).toBeVisible();
  });

  it('restarts a business subscription without payment, and words a failure', async () => {
    serveApi([route('POST', '/api/reactivateSubscription/', () => problem(500, 'INTERNAL_ERROR'))]);
    const { user } = await renderAt('/ingen-abonnement', business(cancelled()));
    expect(screen.getByText(/betales av bedriften/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start abonnementet igjen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke startet abonnementet.',
    );
  });

  it('points a reader who never subscribed to the subscriptions on sale', async () => {
    await renderAt('/ingen-abonnement', null);
    expect(screen.getByRole('link', { name: 'Se abonnementene og bestill' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
    expect(screen.queryByText(/Start abonnementet igjen/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Finn abonnementet og koble det til brukeren din' }),
    ).toHaveAttribute('href', '/koble-bruker');
  });
});

describe('ReactivatedScreen', () => {
  it('shows the amount paid for the offer and the reloaded subscription', async () => {
    const calls = serveApi([
      route('GET', '/api/orders/ord_1', () => json(order())),
      lookupRoute(() => premium({ renewalDate: inDays(90) })),
    ]);
    const { store } = await renderAt('/abonnement-reaktivert?ordre=ord_1', premium());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er aktivt igjen' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Du har betalt kr 279,00 for de første 3 månedene – 3 måneder for prisen av 1.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByText(
          `Velkommen tilbake! Premium digital er aktivt igjen. Neste fornyelse er ${long(inDays(90))}, til kr 279,00 per måned, uten bindingstid.`,
        ),
      ).toBeVisible(),
    );
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription.subscription?.renewalDate).toBe(inDays(90));
    // The receipt as a PDF, as every receipt page offers it.
    expect(
      screen.getByRole('link', { name: 'Last ned PDF av kvittering 7M3KQ2XA' }),
    ).toHaveAttribute('href', '/api/orders/ord_1/receipt/pdf');
  });

  it('names the offer only when the server priced the order with it', async () => {
    // One month at the ordinary price costs what the offer's three do.
    serveApi([
      route('GET', '/api/orders/ord_1', () => json(order({ offer: null }))),
      lookupRoute(() => premium({ renewalDate: inDays(30) })),
    ]);
    await renderAt('/abonnement-reaktivert?ordre=ord_1', premium());
    expect(await screen.findByText('Du har betalt kr 279,00.')).toBeVisible();
    expect(screen.queryByText(/3 måneder for prisen av 1/)).not.toBeInTheDocument();
  });

  it('sends an order that did not go through to the screen that reports it', async () => {
    serveApi([
      route('GET', '/api/orders/ord_1', () => json(order({ status: 'DECLINED' }))),
      lookupRoute(() => premium()),
    ]);
    await renderAt('/abonnement-reaktivert?ordre=ord_1', premium());
    expect(await screen.findByTestId('where')).toHaveTextContent('/feil-kjop?ordre=ord_1');
    expect(screen.queryByText(/Velkommen tilbake/)).not.toBeInTheDocument();
  });

  it('sends an order of another kind to its own receipt', async () => {
    serveApi([
      route('GET', '/api/orders/ord_1', () => json(order({ kind: 'upgrade' }))),
      lookupRoute(() => premium()),
    ]);
    await renderAt('/abonnement-reaktivert?ordre=ord_1', premium());
    expect(
      await screen.findByRole('heading', { name: 'Kvittering for endringen' }),
    ).toBeInTheDocument();
  });

  it('says when the order is not found, and welcomes no one back', async () => {
    serveApi([
      route('GET', '/api/orders/ord_2', () => problem(404, 'NOT_FOUND')),
      lookupRoute(() => premium()),
    ]);
    await renderAt('/abonnement-reaktivert?ordre=ord_2', premium());
    expect(await screen.findByText(/Vi fant ikke bestillingen/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('status')).toBeEmptyDOMElement());
    expect(screen.getByRole('heading', { level: 1, name: 'Abonnementet ditt' })).toBeVisible();
    expect(screen.queryByText(/Velkommen tilbake/)).not.toBeInTheDocument();
  });

  it('without an order shows a reactivation the audit trail records, and the reloaded subscription', async () => {
    const calls = serveApi([
      lookupRoute(() => premium({ renewalDate: inDays(30) })),
      changesRoute([reactivatedChange, { kind: 'expired' }]),
    ]);
    await renderAt('/abonnement-reaktivert', premium());
    expect(
      await screen.findByText(
        `Velkommen tilbake! Premium digital er aktivt igjen. Neste fornyelse er ${long(inDays(30))}, til kr 279,00 per måned, uten bindingstid.`,
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Abonnementet er aktivt igjen' }),
    ).toBeVisible();
    expect(calls.some((c) => c.url.includes('/api/orders'))).toBe(false);
  });

  it('opened by URL with nothing reactivated, sends the subscriber home instead of welcoming them back', async () => {
    serveApi([
      lookupRoute(() => premium()),
      // Renewals move no status: the latest change of status is the order that started it.
      changesRoute([
        { kind: 'renewed' },
        { kind: 'activated', fromStatus: 'INACTIVE', toStatus: 'ACTIVE' },
      ]),
    ]);
    await renderAt('/abonnement-reaktivert', premium());
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText(/Velkommen tilbake/)).not.toBeInTheDocument();
  });

  it('sends the reader home when the audit trail cannot be read', async () => {
    serveApi([
      lookupRoute(() => premium()),
      route('GET', '/api/subscription/A-2001/FVN/changes', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    await renderAt('/abonnement-reaktivert', premium());
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('AlreadySubscriberScreen', () => {
  it('says which subscription the reader has and offers to change it', async () => {
    await renderAt('/allerede-abonnent', premium());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Du har allerede et aktivt abonnement' }),
    ).toBeVisible();
    expect(screen.getByText('Premium digital', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('Månedlig, kr 279,00 per måned', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText(long(inDays(12)), { selector: 'dd' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Endre abonnement' })).toHaveAttribute(
      'href',
      '/endre-abonnement',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('reads in nynorsk', async () => {
    await renderAt('/allerede-abonnent', premium(), {}, 'nn');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Du har allereie eit aktivt abonnement' }),
    ).toBeVisible();
    expect(screen.getByText('Månadleg, kr 279,00 per månad', { selector: 'dd' })).toBeVisible();
  });
});
