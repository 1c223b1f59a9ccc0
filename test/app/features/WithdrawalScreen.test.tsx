// /angrerett: the right of withdrawal as the server states it (GET subscription/{no}/withdrawal).
// Step 1 says what happens (ends today, what was paid, what comes back if the reader withdraws
// today — it gets smaller each day — and where it goes, each payment when there are several, the
// last day), step 2 asks for confirmation (focus on its heading), confirming sends one request
// with the amount shown however often it is pressed, shows the receipt (focus on its heading) and
// reloads the subscription. When the server refunds another amount by then (a new day) it shows
// the new amount to confirm again. The receipt can be opened again once the subscription has
// ended; a reader with no subscription at all is told so truthfully. When the right does not
// apply it says why with a link home; a refused or failed call says so and shows how it stands
// now; a refund handed to customer service says they will be in touch. In bokmål and nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type {
  Subscription,
  WithdrawalReceipt,
  WithdrawalRight,
} from '../../../src/app/api/subscription';
import WithdrawalScreen from '../../../src/app/features/withdrawal/WithdrawalScreen';
import { subscriberState } from '../fixtures';
import { callsTo, held, json, problem, renderWithState, route, serveApi } from '../render';

import { cancelled, inDays, long, lookupRoute, premium, today } from './lifecycle-support';

const RIGHT_PATH = '/api/subscription/S-1001/withdrawal';

type Refund = NonNullable<WithdrawalRight['refund']>;
type RefundPart = Refund['parts'][number];

const purchasePart = (overrides: Partial<RefundPart> = {}): RefundPart => ({
  orderReference: '7M3KQ2XA',
  kind: 'new',
  paidAt: `${inDays(-3)}T09:00:00Z`,
  amountPaid: 100,
  periodStart: inDays(-3),
  periodEnd: inDays(27),
  periodDays: 31,
  daysUsed: 3,
  valueUsed: 9,
  amount: 91,
  refundTo: 'SWEDBANK-PPG',
  ...overrides,
});

const refundOf = (...parts: RefundPart[]): Refund => ({
  amount: parts.reduce((sum, p) => sum + p.amount, 0),
  amountPaid: parts.reduce((sum, p) => sum + p.amountPaid, 0),
  valueUsed: parts.reduce((sum, p) => sum + p.valueUsed, 0),
  parts,
});

const available = (overrides: Partial<WithdrawalRight> = {}): WithdrawalRight => ({
  subscriptionNo: 'S-1001',
  status: 'AVAILABLE',
  applies: true,
  lastDay: inDays(11),
  purchasedAt: new Date().toISOString(),
  amountPaid: 100,
  refund: refundOf(purchasePart()),
  refundTo: 'SWEDBANK-PPG',
  receipt: null,
  ...overrides,
});

/** The purchase by card three days ago and an upgrade with Vipps yesterday. */
const withUpgrade = (): WithdrawalRight =>
  available({
    amountPaid: 9455,
    refund: refundOf(
      purchasePart(),
      purchasePart({
        orderReference: '7M3KQ2XB',
        kind: 'upgrade',
        paidAt: `${inDays(-1)}T09:00:00Z`,
        amountPaid: 9355,
        periodStart: inDays(-1),
        periodEnd: inDays(27),
        periodDays: 29,
        daysUsed: 1,
        valueUsed: 322,
        amount: 9033,
        refundTo: 'VIPPS',
      }),
    ),
  });

type ReceiptPart = WithdrawalReceipt['parts'][number];
const receiptPart = (overrides: Partial<ReceiptPart> = {}): ReceiptPart => ({
  orderReference: '7M3KQ2XA',
  kind: 'new',
  paidAt: `${inDays(-3)}T09:00:00Z`,
  amountPaid: 100,
  periodDays: 31,
  daysUsed: 3,
  valueUsed: 9,
  refundAmount: 91,
  refundTo: 'SWEDBANK-PPG',
  refundStatus: 'REFUNDED',
  ...overrides,
});

const receipt = (overrides: Partial<WithdrawalReceipt> = {}): WithdrawalReceipt => ({
  reference: 'ANGRE-1042',
  subscriptionNo: 'S-1001',
  titleCode: 'FVN',
  planName: 'Premium digital',
  endedAt: `${today()}T10:00:00Z`,
  amountPaid: 100,
  refundAmount: 91,
  refundTo: 'SWEDBANK-PPG',
  refundStatus: 'REFUNDED',
  receiptEmail: 'kari@example.no',
  parts: [receiptPart()],
  ...overrides,
});

const withdrawn = (): WithdrawalRight =>
  available({ status: 'WITHDRAWN', applies: false, refund: null, receipt: receipt() });

/**
 * The server's side: GET answers the right as it stands, POST withdraws (or answers `post()`),
 * and the subscription lookup answers the subscription as it is after that.
 */
function withdrawalApi(
  first: WithdrawalRight,
  post?: () => Response | Promise<Response>,
  afterPost: WithdrawalRight = withdrawn(),
) {
  let right = first;
  let subscription: Subscription = premium();
  return serveApi([
    route('GET', RIGHT_PATH, () => json(right)),
    route('POST', RIGHT_PATH, async () => {
      const response = post ? await post() : json(receipt());
      right = afterPost;
      if (response.ok) subscription = cancelled({ expiryDate: today() });
      return response;
    }),
    lookupRoute(() => subscription),
  ]);
}

function renderScreen(
  options: { language?: 'nb' | 'nn'; subscription?: Subscription | null } = {},
) {
  return renderWithState(<WithdrawalScreen />, {
    preloadedState: subscriberState(
      options.subscription === undefined ? premium() : options.subscription,
    ),
    language: options.language ?? 'nb',
    route: '/angrerett',
    namespaces: ['withdrawal'],
  });
}

/** The bodies of the withdrawal requests sent. */
const postedBodies = (calls: Request[]) =>
  Promise.all(callsTo(calls, 'POST', RIGHT_PATH).map((c) => c.clone().json()));

/** The value next to a label in a facts list. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('WithdrawalScreen', () => {
  it('step 1 says plainly what happens, without moving the focus on arrival', async () => {
    withdrawalApi(available());
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Angrerett' })).toBeVisible();
    const step = await screen.findByRole('heading', {
      level: 2,
      name: 'Steg 1 av 2: Dette skjer når du bruker angreretten',
    });
    expect(step).not.toHaveFocus();
    expect(fact('Abonnement')).toHaveTextContent('Premium digital');
    expect(fact('Avsluttes')).toHaveTextContent(
      `I dag, ${long(today())}. Du mister tilgangen med en gang.`,
    );
    expect(fact('Du har betalt')).toHaveTextContent('kr 1,00');
    // Today's amount, worded as today's: it gets smaller each day.
    expect(fact('Du får tilbake hvis du angrer i dag')).toHaveTextContent('kr 0,91');
    expect(
      screen.getByText(
        'Beløpet gjelder hvis du angrer i dag. Det blir litt mindre for hver dag du beholder abonnementet, fordi du betaler for dagene du har hatt det.',
      ),
    ).toBeVisible();
    expect(fact('Pengene går tilbake til')).toHaveTextContent('Betalingskortet du betalte med');
    expect(fact('Angrefristen varer til og med')).toHaveTextContent(long(inDays(11)));
    expect(
      screen.getByText(
        'Du betalte kr 1,00 for 31 dager. For 3 hele dager med abonnementet trekker vi fra kr 0,09 (avrundet ned til hele øre).',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bruk angreretten' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });

  it('step 2 asks for confirmation with its heading focused, and offers to keep it', async () => {
    const calls = withdrawalApi(
      available({ refundTo: 'VIPPS', refund: refundOf(purchasePart({ refundTo: 'VIPPS' })) }),
    );
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Bruk angreretten' }));
    const heading = screen.getByRole('heading', {
      level: 2,
      name: 'Steg 2 av 2: Bekreft at du vil bruke angreretten',
    });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'Premium digital avsluttes nå, og du mister tilgangen med en gang. Vi betaler tilbake kr 0,91 til Vipps. Dette kan ikke angres, men du kan kjøpe abonnement igjen senere.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nei, behold abonnementet' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(callsTo(calls, 'POST', RIGHT_PATH)).toHaveLength(0);
  });

  it('confirming withdraws once, shows the receipt with its heading focused and reloads the subscription', async () => {
    const gate = held(() => json(receipt()));
    const calls = withdrawalApi(available(), gate.answer);
    const { user, store } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Bruk angreretten' }));
    const confirm = screen.getByRole('button', { name: 'Ja, avslutt og refunder' });
    await user.click(confirm);
    await user.click(confirm);
    expect(screen.getByRole('status')).toHaveTextContent('Avslutter og refunderer …');
    expect(confirm).toBeDisabled();
    gate.release();

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Abonnementet er avsluttet',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    // One request, carrying the amount the reader was shown.
    expect(await postedBodies(calls)).toEqual([{ expectedRefund: 91 }]);
    expect(
      screen.getByText(`Du har brukt angreretten. Premium digital ble avsluttet ${long(today())}.`),
    ).toBeVisible();
    expect(fact('Du betalte')).toHaveTextContent('kr 1,00');
    expect(fact('Refundert')).toHaveTextContent('kr 0,91');
    expect(fact('Til')).toHaveTextContent('Betalingskortet du betalte med');
    expect(fact('Referanse')).toHaveTextContent('ANGRE-1042');
    expect(
      screen.getByText('Pengene er vanligvis på kontoen din innen 3–5 virkedager.'),
    ).toBeVisible();
    expect(screen.getByText('Vi har sendt kvitteringen til kari@example.no.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');

    await waitFor(() =>
      expect(store.getState().subscription.subscription?.status).toBe('CANCELLED'),
    );
    // The receipt stays although the reloaded subscription has ended.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Abonnementet er avsluttet' }),
    ).toBeVisible();
  });

  it('says when the refund is still on its way and when there is no e-mail address', async () => {
    withdrawalApi(available(), () =>
      json(receipt({ refundStatus: 'PENDING', receiptEmail: null })),
    );
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Bruk angreretten' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));
    expect(
      await screen.findByText(
        'Tilbakebetalingen er registrert, men betalingsløsningen har ikke tatt imot den ennå. Vi prøver igjen automatisk. Lykkes det ikke, tar kundesenteret vårt kontakt med deg.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Vi har ingen e-postadresse til deg. Ta vare på referansen.'),
    ).toBeVisible();
  });

  it('lists each payment since the purchase with where its money goes, and the totals', async () => {
    const calls = withdrawalApi(withUpgrade(), () =>
      json(
        receipt({
          amountPaid: 9455,
          refundAmount: 9124,
          parts: [
            receiptPart(),
            receiptPart({
              orderReference: '7M3KQ2XB',
              kind: 'upgrade',
              paidAt: `${inDays(-1)}T09:00:00Z`,
              amountPaid: 9355,
              periodDays: 29,
              daysUsed: 1,
              valueUsed: 322,
              refundAmount: 9033,
              refundTo: 'VIPPS',
            }),
          ],
        }),
      ),
    );
    const { user } = await renderScreen();
    await screen.findByRole('heading', { level: 2, name: /Steg 1 av 2/ });
    expect(fact('Du har betalt')).toHaveTextContent('kr 94,55');
    expect(fact('Du får tilbake hvis du angrer i dag')).toHaveTextContent('kr 91,24');
    expect(fact('Pengene går tilbake til')).toHaveTextContent(
      'Betalingskortet og Vipps, dit hver betaling kom fra',
    );
    expect(
      screen.getByText(
        'Du har betalt kr 94,55 i 2 betalinger. Av hver betaling trekker vi fra de hele dagene du har brukt av perioden den gjaldt (avrundet ned til hele øre):',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Kjøpet ${long(inDays(-3))}: kr 1,00 for 31 dager, brukt 3 av dem (kr 0,09). Tilbake: kr 0,91 til betalingskortet du betalte med.`,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Oppgraderingen ${long(inDays(-1))}: kr 93,55 for 29 dager, brukt 1 av dem (kr 3,22). Tilbake: kr 90,33 til Vipps.`,
      ),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Bruk angreretten' }));
    expect(
      screen.getByText(
        'Premium digital avsluttes nå, og du mister tilgangen med en gang. Vi betaler tilbake kr 91,24 til betalingskortet og Vipps, dit hver betaling kom fra. Dette kan ikke angres, men du kan kjøpe abonnement igjen senere.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));
    await screen.findByRole('heading', { level: 2, name: 'Abonnementet er avsluttet' });
    expect(await postedBodies(calls)).toEqual([{ expectedRefund: 9124 }]);
    expect(fact('Du betalte')).toHaveTextContent('kr 94,55');
    expect(fact('Refundert')).toHaveTextContent('kr 91,24');
    expect(screen.getByText('Slik er beløpet satt sammen:')).toBeVisible();
    expect(
      screen.getByText(
        `Oppgraderingen ${long(inDays(-1))}: betalt kr 93,55, tilbake kr 90,33 til Vipps.`,
      ),
    ).toBeVisible();
  });

  it('when a new day has begun before confirming, shows the new amount (focused) and confirms that one', async () => {
    let answers = 0;
    const calls = withdrawalApi(
      available(),
      () => {
        answers += 1;
        return answers === 1
          ? problem(409, 'WITHDRAWAL_AMOUNT_CHANGED')
          : json(receipt({ refundAmount: 88 }));
      },
      // Asked again after the refusal: one day more is used.
      available({ refund: refundOf(purchasePart({ daysUsed: 4, valueUsed: 12, amount: 88 })) }),
    );
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Bruk angreretten' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));

    const notice = await screen.findByText(
      'Beløpet har endret seg siden du åpnet siden, fordi en ny dag har begynt. Nå får du tilbake kr 0,88. Se over og bekreft på nytt.',
    );
    await waitFor(() => expect(notice.closest('[role="alert"]')).toHaveFocus());
    // Still step 2, with the new amount, and nothing withdrawn yet.
    expect(
      screen.getByText(/Vi betaler tilbake kr 0,88 til betalingskortet du betalte med\./),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Abonnementet er avsluttet' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));
    await screen.findByRole('heading', { level: 2, name: 'Abonnementet er avsluttet' });
    expect(await postedBodies(calls)).toEqual([{ expectedRefund: 91 }, { expectedRefund: 88 }]);
  });

  it('shows the receipt again after the withdrawal has ended the subscription', async () => {
    // The session keeps the newest ended subscription when none is active.
    withdrawalApi(withdrawn());
    await renderScreen({ subscription: cancelled({ expiryDate: today() }) });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Du har brukt angreretten' }),
    ).toBeVisible();
    expect(fact('Refundert')).toHaveTextContent('kr 0,91');
    expect(fact('Referanse')).toHaveTextContent('ANGRE-1042');
  });

  it('tells a reader with no subscription at all that there is nothing bought here to withdraw', async () => {
    const calls = serveApi([]);
    await renderScreen({ subscription: null });
    const notice = await screen.findByRole('region', { name: 'Angreretten gjelder ikke' });
    expect(
      within(notice).getByText(
        'Vi finner ikke noe abonnement knyttet til brukeren din, så det er ikke noe kjøp å angre her. Har du kjøpt abonnement med en annen bruker, eller har du spørsmål, kan kundeservice hjelpe deg.',
      ),
    ).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(within(notice).getByRole('link', { name: 'Tilbake til Min side' })).toBeVisible();
    expect(screen.queryByText(/ikke aktivt/)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('says the customer centre will be in touch when the refund could not be sent', async () => {
    withdrawalApi(
      available({
        status: 'WITHDRAWN',
        applies: false,
        refund: null,
        receipt: receipt({
          refundStatus: 'FAILED',
          parts: [receiptPart({ refundStatus: 'FAILED' })],
        }),
      }),
    );
    await renderScreen({ subscription: cancelled({ expiryDate: today() }) });
    expect(
      await screen.findByText(
        'Vi fikk ikke sendt tilbakebetalingen automatisk. Kundesenteret vårt tar kontakt med deg for å betale tilbake pengene. Oppgi referansen hvis du kontakter oss.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByText('Pengene er vanligvis på kontoen din innen 3–5 virkedager.'),
    ).toBeNull();
  });

  it('says truthfully when the period is over, with a link home and to cancel instead', async () => {
    withdrawalApi(
      available({ status: 'PERIOD_OVER', applies: false, lastDay: inDays(-2), refund: null }),
    );
    await renderScreen();
    const notice = await screen.findByRole('region', { name: 'Angrefristen er ute' });
    expect(
      within(notice).getByText(
        `Angreretten gjaldt til og med ${long(inDays(-2))}, 14 dager etter at du kjøpte abonnementet.`,
      ),
    ).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Si opp abonnementet' })).toHaveAttribute(
      'href',
      '/avslutt-abonnement',
    );
    expect(within(notice).getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('button', { name: 'Bruk angreretten' })).not.toBeInTheDocument();
  });

  it('says there is no right for a subscription not bought online', async () => {
    withdrawalApi(
      available({
        status: 'NO_ONLINE_PURCHASE',
        applies: false,
        lastDay: null,
        purchasedAt: null,
        amountPaid: null,
        refund: null,
        refundTo: null,
      }),
    );
    await renderScreen();
    const notice = await screen.findByRole('region', { name: 'Angreretten gjelder ikke' });
    expect(
      within(notice).getByText(/Abonnementet ditt er ikke kjøpt her, så du har ikke angrerett/),
    ).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Kontakt kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(within(notice).getByRole('link', { name: 'Tilbake til Min side' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bruk angreretten' })).not.toBeInTheDocument();
  });

  it('shows the receipt when the right was used before', async () => {
    withdrawalApi(withdrawn());
    await renderScreen();
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Du har brukt angreretten',
    });
    expect(heading).not.toHaveFocus();
    expect(fact('Referanse')).toHaveTextContent('ANGRE-1042');
  });

  it('a refused withdrawal says so, focused, and shows how it stands now', async () => {
    withdrawalApi(available(), () => problem(409, 'ALREADY_WITHDRAWN'));
    const { user } = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Bruk angreretten' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Abonnementet er endret i mellomtiden, kanskje i en annen fane.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    // Asked again: another tab had withdrawn it, so its receipt is shown.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Du har brukt angreretten' }),
    ).toBeVisible();
  });

  it('offers to try again when the right cannot be fetched', async () => {
    let fail = true;
    serveApi([
      route('GET', RIGHT_PATH, () => (fail ? problem(500, 'INTERNAL_ERROR') : json(available()))),
    ]);
    const { user } = await renderScreen();
    expect(
      await screen.findByText('Vi fikk ikke hentet angreretten din. Prøv igjen om litt.'),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('button', { name: 'Bruk angreretten' })).toBeVisible();
  });

  it('reads in nynorsk through both steps to the receipt', async () => {
    withdrawalApi(available());
    const { user } = await renderScreen({ language: 'nn' });
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Steg 1 av 2: Dette skjer når du brukar angreretten',
      }),
    ).toBeVisible();
    expect(fact('Blir avslutta')).toHaveTextContent('Du mistar tilgangen med ein gong.');
    expect(fact('Pengane går tilbake til')).toHaveTextContent('Betalingskortet du betalte med');
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Bruk angreretten' }));
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Steg 2 av 2: Stadfest at du vil bruke angreretten',
      }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Nei, behald abonnementet' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ja, avslutt og refunder' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Abonnementet er avslutta' }),
    ).toBeVisible();
    expect(
      screen.getByText('Pengane er vanlegvis på kontoen din innan 3–5 vyrkedagar.'),
    ).toBeVisible();
    expect(screen.getByText('Vi har sendt kvitteringa til kari@example.no.')).toBeVisible();
  });

  it('says in nynorsk when the period is over', async () => {
    withdrawalApi(
      available({ status: 'PERIOD_OVER', applies: false, lastDay: inDays(-2), refund: null }),
    );
    await renderScreen({ language: 'nn' });
    const notice = await screen.findByRole('region', { name: 'Angrefristen er ute' });
    expect(within(notice).getByText(/Angreretten galdt til og med/)).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Sei opp abonnementet' })).toBeVisible();
  });
});
