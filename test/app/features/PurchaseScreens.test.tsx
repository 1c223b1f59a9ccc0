// The purchase screens after /bestill-abonnement: /betaling (reactivation and upgrade intents,
// login), /completepurchase and /completevippspurchase (confirmation with visible progress),
// /avbryt-bestilling, /kvittering, /bestilling-feilet and /feil-kjop. Opened in the wrong state
//, each reads the order from the server and reports only that (or sends the order to
// the screen that reports it), or sends the reader home when there is nothing to report.
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
import { orderTimeoutTarget } from '../../../src/app/routing/routes';
import { loginRequested } from '../../../src/app/session/sessionActions';
import type { RootState } from '../../../src/app/store/store';
import { formatKroner } from '../../../src/shared/money/money';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import { catalogueRoute, subscriberState, subscriptionWith } from '../fixtures';
import { completedOrder, orderWith, quoteWith } from '../flows/order/fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../render';

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
      route('POST', '/api/orders/quote', () =>
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
      within(summary).getByText('kr 279,00 for 22. november 2026 til 21. februar 2027'),
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
        // the explicit choice, unticked: this payment does not change the stored method.
        useForFutureCharges: false,
      },
    ]);
  });

  it('offers no choice of renewal method when the stored one cannot be charged (Vipps stopped)', async () => {
    serveApi([
      route('POST', '/api/orders/quote', () =>
        json(quoteWith({ kind: 'reactivation', offer: 'REACTIVATION_3_FOR_1' })),
      ),
    ]);
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      subscriberState({
        ...cancelledSubscription,
        paymentMethod: {
          provider: 'VIPPS',
          label: 'Vipps',
          maskedCardNumber: null,
          cardExpiry: null,
        },
        paymentNotice: 'VIPPS_AGREEMENT_STOPPED',
      }),
    );
    await screen.findByRole('button', { name: /^Betal / });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(
      screen.getByText(/Betalingsmåten du velger her, brukes også for fornyelsene/),
    ).toBeVisible();
  });

  it('pays the prorated difference of an upgrade by card', async () => {
    const requests = serveApi([
      route('POST', '/api/orders/quote', () =>
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
    serveApi([
      route('POST', '/api/orders/quote', () => problem(409, 'SUBSCRIPTION_STATE_CONFLICT')),
    ]);
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
    serveApi([route('POST', '/api/orders/quote', () => problem(409, 'ALREADY_SUBSCRIBER'))]);
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      subscriberState(subscriptionWith()),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Abonnementet ditt er fortsatt aktivt, så det er ingenting å starte igjen.',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  const anonymous = (): Partial<RootState> => ({
    ...subscriberState(null),
    user: { ...subscriberState().user!, loggedIn: false },
  });

  it('shows a visitor who is not logged in what a reactivation costs, and asks for the login to pay', async () => {
    const requests = serveApi([catalogueRoute()]);
    const { user, actions } = await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=reaktivering',
      anonymous(),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Start abonnementet igjen' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Med denne lenken starter du abonnementet ditt på Fædrelandsvennen igjen etter at det er avsluttet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/får du 3 måneder for prisen av 1 når du starter/)).toBeInTheDocument();
    // The offer of each monthly plan, from the public catalogue (not the student plan).
    const prices = await screen.findByRole('region', { name: 'Slik blir prisen' });
    const fact = (label: string) =>
      within(prices).getByText(label).nextElementSibling?.textContent ?? '';
    expect(fact('Premium digital (Månedlig)')).toBe(
      '3 måneder for kr 279,00 (ordinær pris kr 837,00)',
    );
    expect(fact('Premium digital (Månedlig Premium)')).toBe(
      `3 måneder for kr 379,00 (ordinær pris ${formatKroner(113_700)})`,
    );
    expect(within(prices).queryByText(/Student digital/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Du betaler med betalingskort eller Vipps. For å betale må du være logget inn, så vi vet hvilket abonnement det gjelder.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Betal/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn for å betale' }));
    expect(actions.filter(loginRequested.match).map((a) => a.payload)).toEqual([
      { returnUrl: '/betaling?type=reaktivering' },
    ]);
    // Nothing that needs a login is asked for.
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/catalogue/FVN']);
  });

  it('shows a visitor who is not logged in the plan an upgrade link names, with its price', async () => {
    serveApi([catalogueRoute()]);
    const { user, actions } = await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=oppgradering&plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig%20Premium',
      anonymous(),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Betal for oppgraderingen' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Oppgraderingen gjelder fra i dag. Du betaler bare mellomlegget for resten av perioden du alt har betalt for.',
      ),
    ).toBeInTheDocument();
    const plan = await screen.findByText('Premium digital (Digitalt abonnement)');
    const facts = plan.closest('dl')!;
    const fact = (label: string) =>
      within(facts as HTMLElement).getByText(label).nextElementSibling?.textContent ?? '';
    expect(fact('Periode')).toBe('Månedlig Premium');
    expect(fact('Ordinær pris')).toBe('kr 379,00 per måned');
    await user.click(screen.getByRole('button', { name: 'Logg inn for å betale' }));
    expect(actions.filter(loginRequested.match).map((a) => a.payload)).toEqual([
      {
        returnUrl:
          '/betaling?type=oppgradering&plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig%20Premium',
      },
    ]);
  });

  it('tells a visitor who is not logged in when the link names a plan the title does not sell', async () => {
    serveApi([catalogueRoute()]);
    await renderAt(
      '/betaling',
      <PaymentScreen />,
      '/betaling?type=oppgradering&plan=C-FINNES-IKKE&periode=M%C3%A5nedlig',
      anonymous(),
    );
    expect(
      await screen.findByText('Abonnementet i lenken selges ikke her. Velg abonnement på nytt.'),
    ).toBeInTheDocument();
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
      route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/cancel', () =>
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
    serveApi([route('POST', '/api/orders/ord_9/cancel', () => problem(409, 'ORDER_COMPLETED'))]);
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
    serveApi([route('POST', '/api/orders/ord_x/cancel', () => problem(404, 'NOT_FOUND'))]);
    await renderWithState(<CancelOrderScreen />, {
      route: '/avbryt-bestilling?ordre=ord_x',
      namespaces: ['purchase'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vi fant ikke bestillingen' }),
    ).toBeInTheDocument();
  });

  it('sends the reader home when the link has no order: nothing to cancel or report', async () => {
    const requests = serveApi([]);
    await renderAt('/avbryt-bestilling', <CancelOrderScreen />, '/avbryt-bestilling', {});
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(requests).toEqual([]);
  });

  it('offers to try again when the server fails', async () => {
    let calls = 0;
    serveApi([
      route('POST', '/api/orders/ord_2/cancel', () =>
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
    serveApi([route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(completedOrder()))]);
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
    // One number for the purchase: the reference the customer centre finds it by.
    expect(fact('Referanse (oppgi den hvis du kontakter kundeservice om kjøpet)')).toBe('7M3KQ2XA');
    expect(within(facts).queryByText(/nummer/)).toBeNull();
    expect(fact('Neste fornyelse')).toBe('22. desember 2026 til kr 279,00 per måned');
    expect(screen.getByText(/Du har 14 dagers angrerett/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Les om angreretten' })).toHaveAttribute(
      'href',
      '/angrerett',
    );
    expect(screen.getByRole('link', { name: 'Begynn å lese Fædrelandsvennen' })).toHaveAttribute(
      'href',
      'https://www.fvn.no/',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('does not show an unpaid order as bought', async () => {
    serveApi([
      route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () =>
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

  it('sends the reader home when the link has no order', async () => {
    await renderAt('/kvittering', <ReceiptScreen />, '/kvittering', subscriberState());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('sends a paid order of another kind to its own receipt', async () => {
    serveApi([
      route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () =>
        json(completedOrder({ kind: 'reactivation' })),
      ),
    ]);
    await renderAt(
      '/kvittering',
      <ReceiptScreen />,
      '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/abonnement-reaktivert?ordre=ord_3f9a1c2b7d4e5f60',
    );
  });

  it('has the server confirm an order whose payment is not settled instead of calling it unpaid', async () => {
    serveApi([route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(orderWith()))]);
    await renderAt(
      '/kvittering',
      <ReceiptScreen />,
      '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/completepurchase?ordre=ord_3f9a1c2b7d4e5f60',
    );
  });

  it('says when the order is not found', async () => {
    serveApi([route('GET', '/api/orders/ord_x', () => problem(404, 'NOT_FOUND'))]);
    await renderWithState(<ReceiptScreen />, {
      route: '/kvittering?ordre=ord_x',
      namespaces: ['purchase'],
      preloadedState: subscriberState(),
    });
    expect(await screen.findByText('Vi fant ikke bestillingen.')).toBeInTheDocument();
  });
});

describe('/bestilling-feilet', () => {
  const completeRoute = (orderId: string, answer: () => Response) =>
    route('POST', `/api/orders/${orderId}/complete`, answer);

  it.each([
    [
      'CANCELLED',
      'tidsavbrudd',
      'Bestillingen ble avbrutt',
      'Betalingen ble avbrutt. Du har ikke betalt noe, og abonnementet er ikke bestilt.',
    ],
    [
      'EXPIRED',
      'avbrutt',
      'Betalingen tok for lang tid',
      'Betalingen ble ikke fullført i tide. Du har ikke betalt noe, og abonnementet er ikke bestilt. Du kan prøve igjen.',
    ],
  ] as const)(
    'checks a %s order with the provider first (whatever ?arsak=%s says), then offers to try again',
    async (status, arsak, heading, text) => {
      const calls = serveApi([
        completeRoute('ord_3f9a1c2b7d4e5f60', () => json(orderWith({ status, kind: 'new' }))),
      ]);
      await renderWithState(<OrderFailedScreen />, {
        route: `/bestilling-feilet?arsak=${arsak}&ordre=ord_3f9a1c2b7d4e5f60`,
        namespaces: ['purchase'],
        preloadedState: subscriberState(null),
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Prøv igjen' })).toHaveAttribute(
        'href',
        '/bestill-abonnement?plan=C-DIGITAL-PREMIUM&periode=M%C3%A5nedlig',
      );
      expect(callsTo(calls, 'POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete')).toHaveLength(1);
    },
  );

  it('does not offer to pay again while the provider has not decided; checks again, and shows the receipt once paid', async () => {
    let answer = orderWith({ status: 'PENDING' });
    serveApi([completeRoute('ord_3f9a1c2b7d4e5f60', () => json(answer))]);
    const { user } = await renderAt(
      '/bestilling-feilet',
      <OrderFailedScreen />,
      '/bestilling-feilet?arsak=tidsavbrudd&ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(null),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betalingen er ikke avklart ennå' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Den kan fortsatt gå gjennom/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Prøv igjen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Avbryt bestillingen' })).toHaveAttribute(
      'href',
      '/avbryt-bestilling?ordre=ord_3f9a1c2b7d4e5f60',
    );
    expect(screen.queryByText(/Serveren/)).toBeNull();
    answer = completedOrder();
    await user.click(screen.getByRole('button', { name: 'Sjekk betalingen igjen' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/kvittering?ordre=ord_3f9a1c2b7d4e5f60',
    );
  });

  it('sends a paid or declined order to the screen that reports it', async () => {
    serveApi([
      completeRoute('ord_paid', () => json(completedOrder({ orderId: 'ord_paid' }))),
      completeRoute('ord_declined', () =>
        json(orderWith({ orderId: 'ord_declined', status: 'DECLINED' })),
      ),
    ]);
    const paid = await renderAt(
      '/bestilling-feilet',
      <OrderFailedScreen />,
      '/bestilling-feilet?arsak=tidsavbrudd&ordre=ord_paid',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/kvittering?ordre=ord_paid');
    paid.unmount();
    await renderAt(
      '/bestilling-feilet',
      <OrderFailedScreen />,
      '/bestilling-feilet?arsak=avbrutt&ordre=ord_declined',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/feil-kjop?ordre=ord_declined');
  });

  it('says when the order is not found', async () => {
    serveApi([completeRoute('ord_x', () => problem(404, 'NOT_FOUND'))]);
    await renderWithState(<OrderFailedScreen />, {
      route: '/bestilling-feilet?arsak=tidsavbrudd&ordre=ord_x',
      namespaces: ['purchase'],
      preloadedState: subscriberState(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vi fant ikke bestillingen' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/for lang tid/)).not.toBeInTheDocument();
  });

  it('says when the payment cannot be checked now, and checks again', async () => {
    let fails = true;
    serveApi([
      completeRoute('ord_3f9a1c2b7d4e5f60', () =>
        fails ? problem(503, 'SERVICE_UNAVAILABLE') : json(orderWith({ status: 'EXPIRED' })),
      ),
    ]);
    const { user } = await renderWithState(<OrderFailedScreen />, {
      route: '/bestilling-feilet?ordre=ord_3f9a1c2b7d4e5f60',
      namespaces: ['purchase'],
      preloadedState: subscriberState(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke sjekket betalingen akkurat nå.',
    );
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Sjekk betalingen igjen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betalingen tok for lang tid' }),
    ).toBeInTheDocument();
  });

  it('shows the page with no order in this tab (/order-timeout), pointing to Min side rather than paying again', async () => {
    await renderAt(
      '/bestilling-feilet',
      <OrderFailedScreen />,
      orderTimeoutTarget(''),
      subscriberState(null),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Betalingen tok for lang tid' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Vi fikk ikke svar om betalingen i tide, så vi vet ikke om den gikk gjennom.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Gikk betalingen gjennom, starter abonnementet av seg selv, og du ser det på Min side. Du blir ikke trukket to ganger.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Prøv igjen' })).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it.each(['feil', ''])('words ?arsak=%s without an order as a failure', async (arsak) => {
    await renderWithState(<OrderFailedScreen />, {
      route: `/bestilling-feilet?arsak=${arsak}`,
      namespaces: ['purchase'],
      preloadedState: subscriberState(null),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Bestillingen feilet' })).toBeVisible();
    expect(screen.getByText('Noe gikk galt, og vi fikk ikke fullført bestillingen.')).toBeVisible();
  });

  it('checks the order this tab was confirming, or the one its last purchase ended with', async () => {
    const calls = serveApi([
      completeRoute('ord_confirming', () =>
        json(orderWith({ orderId: 'ord_confirming', kind: 'reactivation', status: 'EXPIRED' })),
      ),
    ]);
    const first = await renderWithState(<OrderFailedScreen />, {
      route: orderTimeoutTarget(''),
      namespaces: ['purchase'],
      preloadedState: {
        ...subscriberState(),
        purchase: { ...initialPurchaseState, orderId: 'ord_confirming' },
      },
    });
    expect(await screen.findByRole('link', { name: 'Prøv igjen' })).toHaveAttribute(
      'href',
      '/betaling?type=reaktivering',
    );
    expect(callsTo(calls, 'POST', '/api/orders/ord_confirming/complete')).toHaveLength(1);
    first.unmount();
    await renderWithState(<OrderFailedScreen />, {
      route: '/bestilling-feilet?arsak=tidsavbrudd',
      namespaces: ['purchase'],
      preloadedState: {
        ...subscriberState(),
        purchase: {
          ...initialPurchaseState,
          lastOrder: orderWith({ orderId: 'ord_confirming', kind: 'reactivation' }),
          lastOutcome: 'timeout',
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Prøv igjen' })).toBeVisible();
    expect(callsTo(calls, 'POST', '/api/orders/ord_confirming/complete')).toHaveLength(2);
  });

  it('reads in nynorsk', async () => {
    await renderWithState(<OrderFailedScreen />, {
      route: orderTimeoutTarget(''),
      namespaces: ['purchase'],
      preloadedState: subscriberState(null),
      language: 'nn',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Betalinga tok for lang tid' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toBeVisible();
  });
});

describe('/order-timeout', () => {
  it('leads to /bestilling-feilet saying it took too long, keeping the order the provider names', () => {
    expect(orderTimeoutTarget('')).toBe('/bestilling-feilet?arsak=tidsavbrudd');
    expect(orderTimeoutTarget('?ordre=ord_1')).toBe(
      '/bestilling-feilet?ordre=ord_1&arsak=tidsavbrudd',
    );
    expect(orderTimeoutTarget('?arsak=avbrutt')).toBe('/bestilling-feilet?arsak=avbrutt');
  });
});

describe('/feil-kjop', () => {
  it('shows the declined order, says nothing was charged and offers another payment method', async () => {
    serveApi([
      route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () =>
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
      await screen.findByRole('heading', { level: 1, name: 'Betalingen ble ikke gjennomført' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Betalingen ble avvist.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ingenting er trukket fra kontoen din. Prøv gjerne igjen med en annen betalingsmåte.',
      ),
    ).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Bestillingen' });
    expect(within(order).getByText('Vipps')).toBeInTheDocument();
    expect(within(order).getByText('Premium digital')).toBeInTheDocument();
    // What was attempted, and that nothing was taken: never "Betalt" (item 3).
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

  it('words the purchase that just ended here when the server did not know its order', async () => {
    await renderWithState(<PurchaseErrorScreen />, {
      route: '/feil-kjop',
      namespaces: ['purchase'],
      preloadedState: {
        ...subscriberState(),
        purchase: { ...initialPurchaseState, lastOutcome: 'not-found' },
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kjøpet kunne ikke fullføres' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Vi fant ikke bestillingen du kom fra.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prøv en annen betalingsmåte' })).toHaveAttribute(
      'href',
      '/bestill-abonnement',
    );
  });

  it('opened by URL without an order, sends the reader home', async () => {
    await renderAt('/feil-kjop', <PurchaseErrorScreen />, '/feil-kjop', {});
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('does not call a paid order declined: it goes to the receipt', async () => {
    serveApi([
      route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () =>
        json(completedOrder({ kind: 'upgrade' })),
      ),
    ]);
    await renderAt(
      '/feil-kjop',
      <PurchaseErrorScreen />,
      '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/receipt2?ordre=ord_3f9a1c2b7d4e5f60',
    );
    expect(screen.queryByText(/Ingenting er trukket/)).not.toBeInTheDocument();
  });

  it('has the server confirm an order whose payment is not settled', async () => {
    serveApi([route('GET', '/api/orders/ord_3f9a1c2b7d4e5f60', () => json(orderWith()))]);
    await renderAt(
      '/feil-kjop',
      <PurchaseErrorScreen />,
      '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60',
      subscriberState(),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/completepurchase?ordre=ord_3f9a1c2b7d4e5f60',
    );
  });

  it('asks a visitor who is not logged in to log in to see the order, and claims nothing', async () => {
    const requests = serveApi([]);
    const { user, actions } = await renderAt(
      '/feil-kjop',
      <PurchaseErrorScreen />,
      '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60',
      { user: { ...subscriberState().user!, loggedIn: false } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Kjøpet ditt' })).toBeInTheDocument();
    expect(screen.queryByText(/Ingenting er trukket/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(actions.filter(loginRequested.match).map((a) => a.payload)).toEqual([
      { returnUrl: '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60' },
    ]);
    expect(requests).toEqual([]);
  });
});
