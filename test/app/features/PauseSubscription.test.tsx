// Pause instead of leaving, in the SPA: /avslutt-abonnement offers the pause (1, 2 or 3 months,
// one button) before the reason when the server says it is available, and shows the receipt with
// the focus on it; the home page says «Pauset til …» while paused and ends the pause with
// «Avslutt pausen».
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';

import type { Subscription } from '../../../src/app/api/subscription';
import CancelSubscriptionScreen from '../../../src/app/features/cancellation/CancelSubscriptionScreen';
import HomeScreen from '../../../src/app/features/home/HomeScreen';
import { formatLongDate } from '../../../src/app/lib/format/date';
import { SubscriptionStatus } from '../../../src/shared/subscription/status';
import { addDays } from '../../../src/shared/time/oslo';
import { catalogueRoute, subscriberState } from '../fixtures';
import { callsTo, json, renderWithState, route, serveApi } from '../render';

import { inDays, long, lookupRoute, premium } from './lifecycle-support';

const offer = { available: true, reason: null, availableFrom: null, months: [1, 2, 3] };

const paused = (): Subscription =>
  premium({
    instStatusCode: SubscriptionStatus.PAUSED,
    status: 'PAUSED',
    hasSubscription: false,
    renewalDate: inDays(70),
    pause: { from: inDays(-10), until: inDays(50) },
    pauseOffer: { ...offer, available: false, reason: 'ALREADY_PAUSED' },
  });

describe('the pause on the cancellation page', () => {
  it('offers the pause before the reason, and shows the receipt with the focus', async () => {
    let current: Subscription = premium({ pauseOffer: offer });
    const receipt = {
      subscriptionNo: current.subscriptionNo,
      status: 'PAUSED',
      months: 2,
      from: inDays(0),
      until: inDays(60),
      endedOn: null,
      renewalDate: inDays(73),
      paperStop: null,
    };
    const calls = serveApi([
      catalogueRoute(),
      route('POST', `/api/subscription/${current.subscriptionNo}/pause`, () => {
        current = paused();
        return json(receipt);
      }),
      lookupRoute(() => current),
    ]);
    const { user } = await renderWithState(
      <Routes>
        <Route path="/avslutt-abonnement" element={<CancelSubscriptionScreen />} />
      </Routes>,
      {
        preloadedState: subscriberState(current),
        language: 'nb',
        route: '/avslutt-abonnement',
        namespaces: ['cancellation'],
      },
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Ta pause i stedet?')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('Ta pause i stedet?')).toBeLessThan(
      headings.indexOf('Hvorfor sier du opp?'),
    );
    const lengths = screen.getByRole('group', { name: 'Hvor lenge?' });
    expect(lengths).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '2 måneder' }));
    await user.click(screen.getByRole('button', { name: 'Sett på pause' }));

    const heading = await screen.findByRole('heading', { name: 'Abonnementet er satt på pause' });
    await waitFor(() => expect(heading.closest('.cancel-pause-receipt')).toHaveFocus());
    expect(
      screen.getByText(
        `Pausen varer fra ${long(inDays(0))} til og med ${long(inDays(60))}. Du har tilgang igjen ${long(inDays(61))}.`,
      ),
    ).toBeVisible();
    expect(screen.getByText(`Neste betaling er ${long(inDays(73))}.`)).toBeVisible();
    const posts = callsTo(calls, 'POST', `/api/subscription/${current.subscriptionNo}/pause`);
    expect(posts).toHaveLength(1);
  });

  it('is not offered when the server says it is not available', async () => {
    serveApi([catalogueRoute(), lookupRoute(() => premium())]);
    await renderWithState(<CancelSubscriptionScreen />, {
      preloadedState: subscriberState(
        premium({ pauseOffer: { ...offer, available: false, reason: 'ALREADY_USED' } }),
      ),
      language: 'nb',
      namespaces: ['cancellation'],
    });
    expect(screen.queryByRole('heading', { name: 'Ta pause i stedet?' })).not.toBeInTheDocument();
  });
});

describe('a paused subscription on the home page', () => {
  it('says «Pauset til …» and ends the pause with «Avslutt pausen»', async () => {
    let current = paused();
    serveApi([
      route('DELETE', `/api/subscription/${current.subscriptionNo}/pause`, () => {
        current = premium({ renewalDate: inDays(20), pauseOffer: offer });
        return json({
          subscriptionNo: current.subscriptionNo,
          status: 'ENDED',
          months: 2,
          from: inDays(-10),
          until: inDays(50),
          endedOn: inDays(0),
          renewalDate: inDays(20),
          paperStop: null,
        });
      }),
      lookupRoute(() => current),
    ]);
    const { user } = await renderWithState(<HomeScreen />, {
      preloadedState: subscriberState(current),
      language: 'nb',
      namespaces: ['home'],
    });
    expect(screen.getAllByText(`Pauset til ${long(inDays(50))}`).length).toBeGreaterThan(0);
    expect(
      screen.getByText(
        `Du betaler ingenting mens abonnementet er pauset. Det starter igjen av seg selv ${long(addDays(inDays(50), 1))}.`,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Avslutt pausen' }));
    const done = await screen.findByText(
      `Pausen er avsluttet, og du har tilgang igjen. Neste betaling er ${long(inDays(20))}.`,
    );
    await waitFor(() => expect(done.closest('.ds-alert')).toHaveFocus());
  });

  it('says «Pausa til …» in nynorsk', async () => {
    serveApi([lookupRoute(() => paused())]);
    await renderWithState(<HomeScreen />, {
      preloadedState: subscriberState(paused()),
      language: 'nn',
      namespaces: ['home'],
    });
    expect(
      screen.getAllByText(`Pausa til ${formatLongDate(inDays(50), 'nn')}`).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Avslutt pausen' })).toBeVisible();
  });
});
