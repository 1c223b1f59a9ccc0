// /avslutt-abonnement → /abonnement-avsluttet and /angre-oppsigelse: a reason is required
// ("Årsak er påkrevd"), the end date is shown before confirming, the winback offer from the
// catalogue is shown once and can be skipped or taken, the cancellation reloads the subscription
// and ends on the receipt, errors keep every choice, a double click sends one request, and the
// undo brings the subscription back.
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';

import type { Subscription } from '../../../src/app/api/subscription';
import CancellationReceiptScreen from '../../../src/app/features/cancellation/CancellationReceiptScreen';
import CancelSubscriptionScreen from '../../../src/app/features/cancellation/CancelSubscriptionScreen';
import UndoCancellationScreen from '../../../src/app/features/cancellation/UndoCancellationScreen';
import type { RootState } from '../../../src/app/store/store';
import { catalogueRoute, subscriberState } from '../fixtures';
import { callsTo, held, json, problem, renderWithState, route, serveApi } from '../render';

import { inDays, long, lookupRoute, pendingCancellation, premium } from './lifecycle-support';

function renderFlow(
  subscription: Subscription | null,
  options: { language?: 'nb' | 'nn'; at?: string } = {},
) {
  return renderWithState(
    <Routes>
      <Route path="/avslutt-abonnement" element={<CancelSubscriptionScreen />} />
      <Route path="/abonnement-avsluttet" element={<CancellationReceiptScreen />} />
      <Route path="/angre-oppsigelse" element={<UndoCancellationScreen />} />
      <Route path="/receipt2" element={<h1>Kvittering for endringen</h1>} />
    </Routes>,
    {
      preloadedState: subscriberState(subscription),
      language: options.language ?? 'nb',
      route: options.at ?? '/avslutt-abonnement',
      namespaces: ['cancellation'],
    },
  );
}

/**
 * The server's side of a cancellation: DELETE answers the receipt, the reload the new state (as
 * the real server: a cancellation that went through is what the reload then answers).
 */
function cancellationApi(deleteAnswer?: () => Response | Promise<Response>) {
  let current: Subscription = premium();
  const expiryDate = inDays(11);
  const answer =
    deleteAnswer ?? (() => json({ subscriptionNo: 'S-1001', instStatusCode: 2, expiryDate }));
  return serveApi([
    catalogueRoute(),
    route('DELETE', '/api/deleteSubscription', async () => {
      const response = await answer();
      if (response.ok) current = pendingCancellation();
      return response;
    }),
    lookupRoute(() => current),
  ]);
}

const confirmButton = () => screen.getByRole('button', { name: 'Si opp abonnementet' });
const OFFER_HEADING = { level: 2, name: 'Før du går – et tilbud til deg' } as const;
const offerHeading = () => screen.queryByRole('heading', OFFER_HEADING);

describe('CancelSubscriptionScreen', () => {
  it('shows the last day of access up front, and requires a reason', async () => {
    const calls = cancellationApi();
    const { user } = await renderFlow(premium());
    expect(screen.getByRole('heading', { level: 1, name: 'Si opp abonnementet' })).toBeVisible();
    // One page: the offer, the reason and the one button that cancels, all at once.
    expect(await screen.findByRole('heading', OFFER_HEADING)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Hvorfor sier du opp?' })).toBeVisible();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Ja takk, bytt abonnement',
      'Si opp abonnementet',
    ]);
    expect(
      screen.getByText(
        `Du kan si opp Premium digital når du vil. Du har tilgang til og med ${long(inDays(11))}, og etter det betaler du ikke mer.`,
      ),
    ).toBeVisible();
    const reasons = screen.getByRole('group', { name: 'Velg den årsaken som passer best' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['price', 'content', 'time', 'technical', 'moving', 'other']);

    await user.click(confirmButton());

    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du sier opp' });
    await waitFor(() => expect(summary.closest('.ds-error-summary')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Årsak er påkrevd' })).toHaveAttribute(
      'href',
      '#cancel-reason-price',
    );
    expect(reasons).toHaveAccessibleDescription('Årsak er påkrevd');
    expect(callsTo(calls, 'DELETE', '/api/deleteSubscription')).toHaveLength(0);

    // Choosing a reason clears the message.
    await user.click(screen.getByRole('radio', { name: 'Jeg flytter' }));
    await waitFor(() => expect(screen.queryByText('Årsak er påkrevd')).not.toBeInTheDocument());
  });

  it('cancels with a reason in two clicks past the winback offer, reloads and shows the receipt', async () => {
    const calls = cancellationApi();
    const { user } = await renderFlow(premium());
    // The offer from the catalogue (same plan, yearly) beside the reason, with the last day.
    expect(await screen.findByRole('heading', OFFER_HEADING)).toBeVisible();
    expect(
      screen.getByText(
        'Behold Premium digital og betal for ett år om gangen: kr 2 990,00 per år. Da sparer du kr 358,00 i året.',
      ),
    ).toBeVisible();
    expect(screen.getByText(`Byttet skjer ${long(inDays(12))}`, { exact: false })).toBeVisible();
    expect(screen.getByText(long(inDays(11)), { selector: 'dd' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Det er for dyrt' }));
    await user.type(screen.getByRole('textbox', { name: /Vil du fortelle oss mer/ }), 'For dyrt');
    await user.click(confirmButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er sagt opp' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Oppsigelsen av Premium digital er registrert. Du har tilgang til og med ${long(inDays(11))}.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Angre oppsigelsen' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');

    const [cancel] = callsTo(calls, 'DELETE', '/api/deleteSubscription');
    expect(await cancel!.json()).toEqual({
      subscriptionNo: 'S-1001',
      reason: 'price',
      comment: 'For dyrt',
      acceptedWinback: false,
    });
    expect(cancel!.headers.get('x-minside-request')).toBe('1');
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
  });

  it('takes the offer instead: schedules the yearly plan, reloads and goes to /receipt2', async () => {
    let current = premium();
    const calls = serveApi([
      catalogueRoute(),
      route('PUT', '/api/subscription/planChange', () => {
        current = premium({
          pendingChange: {
            ariaPlanID: 'C-DIGITAL-PREMIUM',
            planName: 'Premium digital',
            period: 'Årlig',
            price: 299_000,
            effectiveDate: inDays(12),
          },
        });
        return json(current);
      }),
      lookupRoute(() => current),
    ]);
    const { user, store } = await renderFlow(premium());
    // Taking the offer needs no reason: nothing is cancelled.
    await user.click(await screen.findByRole('button', { name: 'Ja takk, bytt abonnement' }));

    expect(await screen.findByRole('heading', { name: 'Kvittering for endringen' })).toBeVisible();
    const [change] = callsTo(calls, 'PUT', '/api/subscription/planChange');
    expect(await change!.json()).toEqual({
      subscriptionNo: 'S-1001',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      period: 'Årlig',
    });
    expect(callsTo(calls, 'DELETE', '/api/deleteSubscription')).toHaveLength(0);
    expect(store.getState().subscription.subscription?.pendingChange?.period).toBe('Årlig');
  });

  it('makes no offer to a trial: the reason and the button that cancels', async () => {
    const calls = cancellationApi();
    const trial = premium({ instStatusCode: 41, status: 'TRIAL', isPaying: false });
    await renderFlow(trial);
    expect(
      screen.getByText(
        `Du kan si opp prøveabonnementet på Premium digital når du vil. Du har tilgang til og med ${long(inDays(11))}, og du betaler ingenting.`,
      ),
    ).toBeVisible();
    // The catalogue has answered, and still no offer.
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/catalogue/FVN')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(offerHeading()).toBeNull();
    expect(screen.queryByRole('button', { name: /Ja takk/ })).not.toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it('lets a reader suspended for an unpaid amount cancel: no offer, the day it ends, what is still owed', async () => {
    const suspended = premium({
      instStatusCode: -1,
      status: 'SUSPENDED',
      hasSubscription: false,
      renewalDate: inDays(12),
    });
    let current: Subscription = suspended;
    const calls = serveApi([
      catalogueRoute(),
      route('DELETE', '/api/deleteSubscription', () => {
        current = { ...suspended, renewalDate: null, expiryDate: inDays(11) };
        return json({ subscriptionNo: 'S-1001', instStatusCode: -1, expiryDate: inDays(11) });
      }),
      lookupRoute(() => current),
    ]);
    const { user } = await renderFlow(suspended);
    expect(
      screen.getByText(
        `Abonnementet (Premium digital) er stanset fordi et beløp ikke er betalt. Sier du det opp, fornyes det ikke mer, og det avsluttes ${long(inDays(11))}. Beløpet som ikke er betalt, skal fortsatt betales.`,
      ),
    ).toBeVisible();
    expect(offerHeading()).toBeNull();
    expect(screen.queryByRole('button', { name: /Ja takk/ })).not.toBeInTheDocument();
    expect(screen.getByText('Avsluttes').nextElementSibling).toHaveTextContent(long(inDays(11)));
    await user.click(screen.getByRole('radio', { name: 'Det er for dyrt' }));
    await user.click(confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er sagt opp' }),
    ).toBeVisible();
    expect(callsTo(calls, 'DELETE', '/api/deleteSubscription')).toHaveLength(1);
    expect(
      screen.getByText(
        `Oppsigelsen av Premium digital er registrert. Abonnementet avsluttes ${long(inDays(11))}.`,
      ),
    ).toBeVisible();
    const next = screen.getByRole('region', { name: 'Dette skjer nå' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Abonnementet fornyes ikke, og du får ingen nye fakturaer.',
      `Beløpet som ikke er betalt, skal fortsatt betales. Betaler du det, kan du lese som før til og med ${long(inDays(11))}.`,
      'Etterpå kan du når som helst starte abonnementet igjen.',
    ]);
    expect(screen.queryByRole('link', { name: 'Angre oppsigelsen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Se hva du skal betale' })).toHaveAttribute(
      'href',
      '/fakturaoversikt',
    );
  });

  it('does not cancel twice a suspended subscription already cancelled', async () => {
    await renderFlow(
      premium({
        instStatusCode: -1,
        status: 'SUSPENDED',
        hasSubscription: false,
        renewalDate: null,
        expiryDate: inDays(11),
      }),
    );
    expect(
      screen.getByText(
        `Du har sagt opp abonnementet, og det avsluttes ${long(inDays(11))}. Betaler du det som ikke er betalt, får du tilgangen tilbake fram til da.`,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Si opp abonnementet' })).toBeNull();
  });

  it('confirms without an offer when the catalogue cannot be read', async () => {
    let current = premium();
    serveApi([
      catalogueRoute(() => problem(500, 'INTERNAL_ERROR')),
      route('DELETE', '/api/deleteSubscription', () => {
        current = pendingCancellation();
        return json({ subscriptionNo: 'S-1001', instStatusCode: 2, expiryDate: inDays(11) });
      }),
      lookupRoute(() => current),
    ]);
    const { user } = await renderFlow(premium());
    await user.click(screen.getByRole('radio', { name: 'Jeg har ikke tid til å lese' }));
    await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
    expect(offerHeading()).toBeNull();
    expect(screen.queryByRole('button', { name: /Ja takk/ })).not.toBeInTheDocument();
    await user.click(confirmButton());
    expect(await screen.findByRole('heading', { name: 'Abonnementet er sagt opp' })).toBeVisible();
  });

  it('keeps every choice when the server fails, and succeeds on the next try', async () => {
    let fail = true;
    let current = premium();
    const calls = serveApi([
      catalogueRoute(),
      route('DELETE', '/api/deleteSubscription', () => {
        if (fail) return problem(500, 'INTERNAL_ERROR');
        current = pendingCancellation();
        return json({ subscriptionNo: 'S-1001', instStatusCode: 2, expiryDate: inDays(11) });
      }),
      lookupRoute(() => current),
    ]);
    const { user } = await renderFlow(premium());
    await user.click(screen.getByRole('radio', { name: 'Jeg er ikke fornøyd med innholdet' }));
    await user.type(screen.getByRole('textbox', { name: /Vil du fortelle oss mer/ }), 'Mer sport');
    await user.click(confirmButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Noe gikk galt hos oss. Valgene dine er tatt vare på, så du kan prøve igjen om litt.',
    );
    await waitFor(() => expect(alert).toHaveFocus());

    // The reason and the comment are still there.
    expect(screen.getByRole('radio', { name: 'Jeg er ikke fornøyd med innholdet' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Vil du fortelle oss mer/ })).toHaveValue(
      'Mer sport',
    );

    fail = false;
    await user.click(confirmButton());
    expect(await screen.findByRole('heading', { name: 'Abonnementet er sagt opp' })).toBeVisible();
    const bodies = await Promise.all(
      callsTo(calls, 'DELETE', '/api/deleteSubscription').map((c) => c.json()),
    );
    expect(bodies).toEqual([
      { subscriptionNo: 'S-1001', reason: 'content', comment: 'Mer sport', acceptedWinback: false },
      { subscriptionNo: 'S-1001', reason: 'content', comment: 'Mer sport', acceptedWinback: false },
    ]);
  });

  it('words a conflict and a missing subscription, and reloads to show the state now', async () => {
    for (const [status, code, text] of [
      [409, 'SUBSCRIPTION_STATE_CONFLICT', /Abonnementet er endret i mellomtiden/],
      [404, 'SUBSCRIPTION_NOT_FOUND', /Vi fant ikke abonnementet ditt/],
    ] as const) {
      const calls = serveApi([
        catalogueRoute(),
        route('DELETE', '/api/deleteSubscription', () => problem(status, code)),
        lookupRoute(() => premium()),
      ]);
      const { user, unmount } = await renderFlow(premium());
      await user.click(screen.getByRole('radio', { name: 'Jeg flytter' }));
      await user.click(confirmButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      await waitFor(() =>
        expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1),
      );
      unmount();
    }
  });

  it('says when the server cannot be reached', async () => {
    serveApi([
      catalogueRoute(),
      route('DELETE', '/api/deleteSubscription', () => {
        throw new TypeError('Failed to fetch');
      }),
    ]);
    const { user } = await renderFlow(premium());
    await user.click(screen.getByRole('radio', { name: 'Jeg flytter' }));
    await user.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Vi fikk ikke kontakt med tjenesten/,
    );
  });

  it('sends one cancellation for a double click, and shows progress while it runs', async () => {
    const answer = held(() =>
      json({ subscriptionNo: 'S-1001', instStatusCode: 2, expiryDate: inDays(11) }),
    );
    const calls = cancellationApi(answer.answer);
    const { user } = await renderFlow(premium());
    await user.click(screen.getByRole('radio', { name: 'Jeg flytter' }));
    await screen.findByRole('button', { name: 'Ja takk, bytt abonnement' });
    const confirm = confirmButton();
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Avslutter abonnementet …')).toBeVisible();
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ja takk, bytt abonnement' })).toBeDisabled();
    answer.release();
    expect(await screen.findByRole('heading', { name: 'Abonnementet er sagt opp' })).toBeVisible();
    expect(callsTo(calls, 'DELETE', '/api/deleteSubscription')).toHaveLength(1);
  });

  it('does not offer the form for a subscription already cancelled, shared or a business one', async () => {
    serveApi([catalogueRoute()]);
    const pending = await renderFlow(pendingCancellation());
    expect(
      screen.getByText(
        `Abonnementet ditt er allerede sagt opp. Du har tilgang til og med ${long(inDays(11))}.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Angre oppsigelsen' })).toHaveAttribute(
      'href',
      '/angre-oppsigelse',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    pending.unmount();

    const shared = await renderFlow(premium({ eligibleForSharing: false }));
    expect(screen.getByText(/Du har tilgang gjennom familiedeling/)).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    shared.unmount();

    await renderFlow(premium({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'admin' } }));
    expect(screen.getByText(/Dette er et bedriftsabonnement/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kontakt kundeservice' })).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('reads in nynorsk, with the required message in nynorsk', async () => {
    serveApi([catalogueRoute()]);
    const { user } = await renderFlow(premium(), { language: 'nn' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sei opp abonnementet' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Kvifor seier du opp?' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Før du går – eit tilbod til deg' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sei opp abonnementet' }));
    expect(await screen.findByRole('link', { name: 'Årsak er påkravd' })).toBeVisible();
  });
});

describe('CancellationReceiptScreen', () => {
  it('says there is nothing cancelled for an active subscription', async () => {
    await renderFlow(premium(), { at: '/abonnement-avsluttet' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Abonnementet ditt er ikke sagt opp' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Avslutt abonnementet' })).toHaveAttribute(
      'href',
      '/avslutt-abonnement',
    );
  });

  /** Arrives at the receipt carrying a cancellation's answer, as the cancel flow navigates. */
  function Arrive({ expiryDate }: { readonly expiryDate: string }) {
    const navigate = useNavigate();
    useEffect(() => {
      void navigate('/abonnement-avsluttet', { state: { expiryDate } });
    }, [expiryDate, navigate]);
    return null;
  }

  function renderArriving(state: Partial<RootState>) {
    return renderWithState(
      <Routes>
        <Route path="/start" element={<Arrive expiryDate={inDays(11)} />} />
        <Route path="/abonnement-avsluttet" element={<CancellationReceiptScreen />} />
      </Routes>,
      { preloadedState: state, route: '/start', namespaces: ['cancellation'] },
    );
  }

  it('does not call an active subscription cancelled for an old navigation (back in history)', async () => {
    await renderArriving(subscriberState(premium()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet ditt er ikke sagt opp' }),
    ).toBeVisible();
    expect(screen.queryByText(/Oppsigelsen av/)).not.toBeInTheDocument();
  });

  it("shows the cancellation's own answer when the reload after it failed", async () => {
    const state = subscriberState(premium());
    await renderArriving({
      ...state,
      subscription: { ...state.subscription!, error: 'FETCH_ERROR' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementet er sagt opp' }),
    ).toBeVisible();
    expect(screen.getByText(new RegExp(`tilgang til og med ${long(inDays(11))}`))).toBeVisible();
  });

  it('says what happens next', async () => {
    await renderFlow(pendingCancellation(), { at: '/abonnement-avsluttet' });
    const next = screen.getByRole('region', { name: 'Dette skjer nå' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Abonnementet fornyes ikke, og du betaler ikke mer.',
      `Du kan lese som før til og med ${long(inDays(11))}.`,
      `Ombestemmer du deg, kan du angre oppsigelsen fram til ${long(inDays(11))}.`,
      'Etterpå kan du når som helst starte abonnementet igjen.',
    ]);
  });
});

describe('UndoCancellationScreen', () => {
  it('explains, undoes the cancellation, reloads and says when it renews', async () => {
    let current = pendingCancellation();
    const calls = serveApi([
      route('POST', '/api/reactivateSubscription/', () => {
        current = premium({ renewalDate: inDays(12) });
        return json(current);
      }),
      lookupRoute(() => current),
    ]);
    const { user, store } = await renderFlow(pendingCancellation(), { at: '/angre-oppsigelse' });
    expect(screen.getByRole('heading', { level: 1, name: 'Angre oppsigelsen' })).toBeVisible();
    expect(
      screen.getByText(
        `Angrer du oppsigelsen, fortsetter abonnementet som før. Det fornyes ${long(inDays(12))} til kr 279,00 per måned, uten bindingstid.`,
      ),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Angre oppsigelsen' }));

    const done = await screen.findByRole('heading', { level: 1, name: 'Oppsigelsen er angret' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      `Abonnementet ditt fortsetter som før. Det fornyes ${long(inDays(12))}.`,
    );
    const [undo] = callsTo(calls, 'POST', '/api/reactivateSubscription/');
    expect(await undo!.json()).toEqual({ subscriptionNo: 'S-1001', action: 'undo-cancellation' });
    expect(callsTo(calls, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(store.getState().subscription.subscription?.status).toBe('ACTIVE');
  });

  it('keeps the page and words the error when the undo fails', async () => {
    serveApi([route('POST', '/api/reactivateSubscription/', () => problem(500, 'INTERNAL_ERROR'))]);
    const { user } = await renderFlow(pendingCancellation(), { at: '/angre-oppsigelse' });
    await user.click(screen.getByRole('button', { name: 'Angre oppsigelsen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Noe gikk galt hos oss/);
    expect(screen.getByRole('button', { name: 'Angre oppsigelsen' })).toBeEnabled();
  });

  it('asks for a payment method first when the renewals have nothing to be charged to', async () => {
    serveApi([
      route('POST', '/api/reactivateSubscription/', () => problem(409, 'PAYMENT_METHOD_REQUIRED')),
    ]);
    const { user } = await renderFlow(pendingCancellation(), { at: '/angre-oppsigelse' });
    await user.click(screen.getByRole('button', { name: 'Angre oppsigelsen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Før du angrer oppsigelsen, trenger vi en betalingsmåte vi kan trekke fornyelsene fra.',
    );
    expect(within(alert).getByRole('link', { name: 'Legg inn betalingsmåte' })).toHaveAttribute(
      'href',
      '/endre-betalingsmetode',
    );
  });

  it('has nothing to undo for an active subscription', async () => {
    await renderFlow(premium(), { at: '/angre-oppsigelse' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Det er ingen oppsigelse å angre' }),
    ).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/');
  });
});
