// The purchase screens after /bestill-abonnement: /betaling (reactivation and upgrade intents,
// login), /completepurchase and /completevippspurchase (confirmation with visible progress),
// /avbryt-bestilling, /kvittering, /bestilling-feilet and /feil-kjop.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { type ReactElement, StrictMode } from 'react';
import { Route, Routes, useLocation } from 'react-router';

import type { OrderQuoteRequest } from '../../../src/app/api/order';
import CancelOrderScreen from '../../../src/app/features/purchase/CancelOrderScreen';
import CompletePurchaseScreen from '../../../src/app/features/purchase/CompletePurchaseScreen';
import OrderFailedScreen from '../../../src/app/features/purchase/OrderFailedScreen';
import PaymentScreen from '../../../src/app/features/purchase/PaymentScreen';
import PurchaseErrorScreen from '../../../src/app/features/purchase/PurchaseErrorScreen';
import ReceiptScreen from '../../../src/app/features/purchase/ReceiptScreen';
import {
  completePurchase,
  forgetPurchase,
  initialPurchaseState,
  startPurchase,
} from '../../../src/app/flows/order/purchaseSlice';
import { loginRequested } from '../../../src/app/session/sessionActions';
import type { RootState } from '../../../src/app/store/store';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import { subscriberState, subscriptionWith } from '../fixtures';
import { completedOrder, orderWith, problem, quoteWith } from '../flows/order/fixtures';
import { json, renderWithState, serveApi } from '../render';
import { route } from '../session/harness';

const ready = { status: 'ready' as const, loginError: null, callbackError: null };

const cancelledSubscription = subscriptionWith({
  subscriptionNo: '500000001',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
  instStatusCode: SubscriptionStatus.CANCELLED,
  status: 'CANCELLED',
  hasSubscription: false,
  renewalDate: null,
  expiryDate: '2026-10-31',
  paymentMethod: { provider: 'VIPPS', label: 'Vipps', maskedCardNumber: null, cardExpiry: null },
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderAt(
  path: string,
  element: ReactElement,
  location: string,
  preloadedState: Partial<RootState>,
) {
  return renderWithState(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<Where />} />
    </Routes>,
    {
      preloadedState: { session: ready, ...preloadedState },
      route: location,
      namespaces: ['purchase'],
    },
  );
}

const quoteBodies = (requests: Request[]) =>
  Promise.all(
    requests
      .filter((r) => r.url.endsWith('/api/orders/quote'))
      .map((r) => r.json() as Promise<OrderQuoteRequest>),
  );

describe('/betaling', () => {
  it('reactivates the current subscription: 3 months for the price of 1, paid with its Vipps', async () => {
    const requests = serveApi([
      route('POST', 'orders/quote', () =>
        json(
          quoteWith({
            kind: 'reactivation',
            offer: 'REACTIVATION_3_FOR_1',
            amount: 27_900,
            periodEnd: '2027-02-21',
            renewalDate: '2027-02-22',
          }),
        ),
      ),
    ]);
    const { user, actions } = await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      subscriberState(cancelledSubscription),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Start abonnementet igjen' }),
    ).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Betal kr 279,00' });
    const summary = screen.getByRole('region', { name: 'Dette betaler du' });
    expect(within(summary).getByText('3 måneder for prisen av 1')).toBeInTheDocument();
    expect(
      within(summary).getByText('kr 279,00 for 22. november 2026–21. februar 2027'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText('kr 279,00 per måned fra 22. februar 2027'),
    ).toBeInTheDocument();
    expect(await quoteBodies(requests)).toEqual([
      {
        kind: 'reactivation',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
        subscriptionNo: '500000001',
      },
    ]);
    expect(screen.getByRole('radio', { name: 'Vipps' })).toBeChecked();
    await user.click(pay);
    expect(actions.filter(startPurchase.match).map((a) => a.payload)).toEqual([
      {
        kind: 'reactivation',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
        subscriptionNo: '500000001',
        paymentProvider: 'VIPPS',
      },
    ]);
  });

  it('pays the prorated difference of an upgrade by card', async () => {
    const requests = serveApi([
      route('POST', 'orders/quote', () =>
        json(
          quoteWith({
            kind: 'upgrade',
            ariaPlanID: 'C-DIGITAL-PREMIUM',
            period: 'Månedlig Premium',
            amount: 3_333,
            proration: { fromPrice: 27_900, toPrice: 37_900, remainingDays: 10, periodDays: 30 },
            renewalPrice: 37_900,
          }),
        ),
      ),
    ]);
    const { user, actions } = await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=oppgradering&plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig%20Premium',
      subscriberState(subscriptionWith({ subscriptionNo: '500000001' })),
    );
    const pay = await screen.findByRole('button', { name: 'Betal kr 33,33' });
    expect(
      screen.getByText(
        'Du betaler forskjellen mellom kr 279,00 og kr 379,00 for de 10 av 30 dagene som er igjen av perioden.',
      ),
    ).toBeInTheDocument();
    expect((await quoteBodies(requests))[0]).toEqual({
      kind: 'upgrade',
      titleCode: 'FVN',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      period: 'Månedlig Premium',
      subscriptionNo: '500000001',
    });
    await user.click(pay);
    expect(actions.filter(startPurchase.match)[0]?.payload).toMatchObject({
      kind: 'upgrade',
      paymentProvider: 'SWEDBANK-PPG',
    });
  });

  it('explains an upgrade link without plan or period', async () => {
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=oppgradering&plan=C-DIGITAL-PREMIUM',
      subscriberState(),
    );
    expect(
      screen.getByText(
        'Lenken mangler abonnementet eller perioden du vil bytte til. Velg på nytt.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endre abonnement' })).toHaveAttribute(
      'href',
      '/endre-abonnement',
    );
  });

  it('words a refused quote and offers no payment', async () => {
    serveApi([route('POST', 'orders/quote', () => problem(409, 'SUBSCRIPTION_STATE_CONFLICT'))]);
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      subscriberState(subscriptionWith()),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Abonnementet ditt kan ikke endres på denne måten nå.',
    );
    expect(screen.queryByRole('button', { name: /Betal/ })).not.toBeInTheDocument();
  });

  it('says there is nothing to restart while the subscription still runs', async () => {
    serveApi([route('POST', 'orders/quote', () => problem(409, 'ALREADY_SUBSCRIBER'))]);
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      subscriberState(subscriptionWith()),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Abonnementet ditt er fortsatt aktivt, så det er ingenting å starte igjen.',
    );
    expect(screen.getByRole('link', { name: 'Til Min side' })).toHaveAttribute('href', '/');
  });

  it('asks a visitor who is not logged in to log in, and returns here', async () => {
    const { user, actions } = await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      {
        ...subscriberState(null),
        user: { ...subscriberState().user!, loggedIn: false },
      },
    );
    expect(
      screen.getByText(
        'Du må være logget inn for å betale for abonnementet ditt på Fædrelandsvennen.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(actions.filter(loginRequested.match).map((a) => a.payload)).toEqual([
      { returnUrl: '/betaling?type=reaktivering' },
    ]);
  });

  it('sends a link without a type to the order page with its query', async () => {
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?plan=C-COMBO-PAPIR',
      subscriberState(),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/bestill-abonnement?plan=C-COMBO-PAPIR');
  });
});

describe('/completepurchase and /completevippspurchase', () => {
  it('asks the saga to confirm the order once and shows the progress in a status region', async () => {
    const { actions } = await renderWithState(
      <StrictMode>
        <CompletePurchaseScreen />
      </StrictMode>,
      { route: '/completepurchase?ordre=ord_1', namespaces: ['purchase'] },
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vi bekrefter betalingen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Vi bekrefter betalingen …');
    // StrictMode runs the effect twice; the saga ignores the second while it confirms.
    const asked = actions.filter(completePurchase.match).map((a) => a.payload);
    expect(new Set(asked.map((p) => p.orderId))).toEqual(new Set(['ord_1']));
  });

  it('says so while the payment is still pending', async () => {
    await renderWithState(<CompletePurchaseScreen />, {
      route: '/completevippspurchase?ordre=ord_1',
      namespaces: ['purchase'],
      preloadedState: {
        purchase: {
          ...initialPurchaseState,
          step: 'confirming',
          orderId: 'ord_1',
          pendingAnswers: 2,
        },
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Vi bekrefter betalingen med Vipps' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Betalingen er ikke bekreftet ennå. Vi sjekker igjen …',
    );
  });

  it('goes to /feil-kjop without an order', async () => {
    const { actions } = await renderAt(
      '/completepurchase',
      <CompletePurchaseScreen />,
      '/completepurchase',
      {},
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/feil-kjop');
    expect(actions.filter(completePurchase.match)).toEqual([]);
  });
});

describe('/avbryt-bestilling', () => {
  it('cancels the order once, drops the kept attempt and links back to ordering', async () => {
    const requests = serveApi([
      route('POST', 'orders/ord_3f9a1c2b7d4e5f60/cancel', () =>
        json(orderWith({ status: 'CANCELLED', redirectUrl: null, failureReason: 'CANCELLED' })),
      ),
    ]);
    const { actions } = await renderWithState(
      <StrictMode>
        <CancelOrderScreen />
      </StrictMode>,
      { route: '/avbryt-bestilling?ordre=ord_3f9a1c2b7d4e5f60', namespaces: ['purchase'] },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bestillingen er avbrutt' }),
    ).toHaveFocus();
    expect(
      screen.getByText('Du har ikke betalt noe, og abonnementet er ikke startet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bestill abonnement' })).toHaveAttribute(
      'href',
      '/bestill-abonnement?plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig',
    );
    expect(requests.filter((r) => r.url.endsWith('/cancel'))).toHaveLength(1);
    await waitFor(() => expect(actions.filter(forgetPurchase.match)).toHaveLength(1));
  });

  it('explains that a paid order cannot be cancelled and links to the receipt', async () => {
    serveApi([route('POST', 'orders/ord_9/cancel', () => problem(409, 'ORDER_COMPLETED'))]);
    await renderWithState(<CancelOrderScreen />, {
      route: '/avbryt-bestilling?ordre=ord_9',
      namespaces: ['purchase'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bestillingen er allerede betalt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se kvitteringen' })).toHaveAttribute(
      'href',
      '/kvittering?ordre=ord_9',
    );
  });

  it('says when the order is not found', async () => {
    serveApi([route('POST', 'orders/ord_x/cancel', () => problem(404, 'NOT_FOUND'))]);
    await renderWithState(<CancelOrderScreen />, {
      route: '/avbryt-bestilling?ordre=ord_x',
      namespaces: ['purchase'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vi fant ikke bestillingen' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the server fails', async () => {
    let calls = 0;
    serveApi([
      route('POST', 'orders/ord_2/cancel', () =>
        ++calls === 1
          ? problem(500, 'INTERNAL_ERROR')
          : json(orderWith({ orderId: 'ord_2', status: 'CANCELLED' })),
      ),
    ]);
    const { user } = await renderWithState(<CancelOrderScreen />, {
      route: '/avbryt-bestilling?ordre=ord_2',
      namespaces: ['purchase'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Noe gikk galt');
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bestillingen er avbrutt' }),
    ).toBeInTheDocument();
  });
});

describe('/kvittering', () => {
  it('shows what was bought and paid, the subscription number and the renewal', async () => {
    serveApi([route('GET', 'orders/ord_3f9a1c2b7d4e5f60', () => json(completedOrder()))]);
    await renderWithState(<ReceiptScreen />, {
      route: '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      namespaces: ['purchase'],
      preloadedState: subscriberState(
        subscriptionWith({
          subscriptionNo: '500000001',
          planName: 'Premium digital',
          renewalDate: '2026-12-22',
          price: 27_900,
        }),
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Takk for bestillingen!' }),
    ).toBeInTheDocument();
    const facts = document.querySelector<HTMLElement>('dl.facts')!;
    const fact = (label: string) =>
      within(facts).getByText(label).nextElementSibling?.textContent ?? '';
    expect(fact('Abonnement')).toBe('Premium digital');
    expect(fact('Periode')).toBe('Månedlig');
    expect(fact('Betalt')).toBe('kr 1,00');
    expect(fact('Betalingsmåte')).toBe('Betalingskort');
    expect(fact('Abonnementsnummer')).toBe('500000001');
    expect(fact('Neste fornyelse')).toBe('22. desember 2026 til kr 279,00 per måned');
    expect(screen.getByRole('link', { name: 'Til Min side' })).toHaveAttribute('href', '/');
  });

  it('does not show an unpaid order as bought', async () => {
    serveApi([
      route('GET', 'orders/ord_3f9a1c2b7d4e5f60', () =>
        json(orderWith({ status: 'DECLINED', failureReason: 'DECLINED', redirectUrl: null })),
      ),
    ]);
    await renderWithState(<ReceiptScreen />, {
      route: '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      namespaces: ['purchase'],
      preloadedState: subscriberState(),
    });
    expect(
      await screen.findByText(
        'Denne bestillingen er ikke betalt, og abonnementet er ikke startet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kvittering' })).toBeInTheDocument();
  });

  it('says when the order is not found', async () => {
    serveApi([route('GET', 'orders/ord_x', () => problem(404, 'NOT_FOUND'))]);
    await renderWithState(<ReceiptScreen />, {
      route: '/kvittering?ordre=ord_x',
      namespaces: ['purchase'],
      preloadedState: subscriberState(),
    });
    expect(await screen.findByText('Vi fant ikke bestillingen.')).toBeInTheDocument();
  });
});

describe('/bestilling-feilet', () => {
  it.each([
    ['tidsavbrudd', 'Bestillingen tok for lang tid', 'Serveren brukte for lang tid. Prøv igjen.'],
    [
      'avbrutt',
      'Bestillingen ble avbrutt',
      'Betalingen ble avbrutt, og abonnementet er ikke bestilt.',
    ],
    [
      'feil',
      'Bestillingen feilet',
      'Noe gikk galt, og vi fikk ikke fullført bestillingen. Prøv igjen om litt.',
    ],
    [
      '',
      'Bestillingen feilet',
      'Noe gikk galt, og vi fikk ikke fullført bestillingen. Prøv igjen om litt.',
    ],
  ])('words ?arsak=%s and offers to try again', async (arsak, heading, text) => {
    await renderWithState(<OrderFailedScreen />, {
      route: `/bestilling-feilet?arsak=${arsak}`,
      namespaces: ['purchase'],
      preloadedState: subscriberState(null),
    });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prøv igjen' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
  });

  it('tries the same kind of order again', async () => {
    await renderWithState(<OrderFailedScreen />, {
      route: '/bestilling-feilet?arsak=tidsavbrudd',
      namespaces: ['purchase'],
      preloadedState: {
        ...subscriberState(),
        purchase: {
          ...initialPurchaseState,
          lastOrder: orderWith({ kind: 'reactivation', status: 'PENDING' }),
          lastOutcome: 'timeout',
        },
      },
    });
    expect(screen.getByRole('link', { name: 'Prøv igjen' })).toHaveAttribute(
      'href',
      '/betaling?type=reaktivering',
    );
  });
});

describe('/feil-kjop', () => {
  it('shows the declined order, says nothing was charged and offers another payment method', async () => {
    serveApi([
      route('GET', 'orders/ord_3f9a1c2b7d4e5f60', () =>
        json(
          orderWith({
            status: 'DECLINED',
            failureReason: 'DECLINED',
            paymentProvider: 'VIPPS',
            redirectUrl: null,
          }),
        ),
      ),
    ]);
    await renderWithState(<PurchaseErrorScreen />, {
      route: '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60',
      namespaces: ['purchase'],
      preloadedState: subscriberState(null),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Betalingen ble ikke gjennomført' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Betalingen ble avvist.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ingenting er trukket fra kontoen din. Prøv gjerne igjen med en annen betalingsmåte.',
      ),
    ).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Bestillingen' });
    expect(within(order).getByText('Vipps')).toBeInTheDocument();
    expect(within(order).getByText('Premium digital')).toBeInTheDocument();
    // What was attempted, and that nothing was taken: never "Betalt" (issue 9, item 3).
    const fact = (label: string) =>
      within(order).getByText(label).nextElementSibling?.textContent ?? '';
    expect(within(order).queryByText('Betalt')).not.toBeInTheDocument();
    expect(fact('Beløp du prøvde å betale')).toBe('kr 1,00');
    expect(fact('Trukket fra kontoen')).toBe('kr 0,00');
    expect(fact('Betalingsmåte du prøvde')).toBe('Vipps');
    expect(screen.getByRole('link', { name: 'Prøv en annen betalingsmåte' })).toHaveAttribute(
      'href',
      '/bestill-abonnement?plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig',
    );
  });

  it('works without an order or a login', async () => {
    await renderWithState(<PurchaseErrorScreen />, {
      route: '/feil-kjop',
      namespaces: ['purchase'],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kjøpet kunne ikke fullføres' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prøv en annen betalingsmåte' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
  });
});
