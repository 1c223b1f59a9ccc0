// Segment messages on the home page: the subscriber's banners from POST
// /segment/subscribers/message (context home, the page's language), each named by its heading
// with its call to action; closing one keeps it closed (PUT …/dismissal), the focus stays on
// the list and a status says so; a failure is said and the banner stays.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import HomeScreen from '../../../src/app/features/home/HomeScreen';
import { subscriberState, subscriptionWith } from '../fixtures';
import { answered, callsTo, json, problem, renderWithState, route, serveApi } from '../render';

const PATH = '/api/segment/subscribers/message';
const DISMISS = '/api/segment/subscribers/message/nye-priser-2027/dismissal';

const messages = (language: 'nb' | 'nn') => ({
  segmentId: 'subscribers',
  messages: [
    language === 'nn'
      ? {
          id: 'nye-priser-2027',
          heading: 'Prisane for neste år er klare',
          body: 'Sjå kva abonnementet ditt kostar frå neste fornying.',
          ctaUrl: '/nye-priser',
          ctaLabel: 'Sjå prisane',
        }
      : {
          id: 'nye-priser-2027',
          heading: 'Prisene for neste år er klare',
          body: 'Se hva abonnementet ditt koster fra neste fornying.',
          ctaUrl: '/nye-priser',
          ctaLabel: 'Se prisene',
        },
  ],
});

const renderHome = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<HomeScreen />, {
    preloadedState: subscriberState(subscriptionWith()),
    language,
    namespaces: ['home'],
  });

describe('segment messages on the home page', () => {
  it('shows the subscriber’s banner and closes it for good', async () => {
    const calls = serveApi([
      route('POST', PATH, () => json(messages('nb'))),
      route('PUT', DISMISS, () =>
        json({ messageId: 'nye-priser-2027', dismissedAt: '2026-11-27T10:00:00.000Z' }),
      ),
    ]);
    const { user } = await renderHome();
    const banner = await screen.findByRole('region', { name: 'Prisene for neste år er klare' });
    expect(
      within(banner).getByText('Se hva abonnementet ditt koster fra neste fornying.'),
    ).toBeVisible();
    expect(within(banner).getByRole('link', { name: 'Se prisene' })).toHaveAttribute(
      'href',
      '/nye-priser',
    );
    const [ask] = callsTo(calls, 'POST', PATH);
    expect(await ask!.json()).toEqual({ titleCode: 'FVN', context: 'home', language: 'nb' });

    await user.click(
      within(banner).getByRole('button', {
        name: 'Lukk meldingen «Prisene for neste år er klare»',
      }),
    );
    expect(
      await screen.findByText('Meldingen er lukket. Du ser den ikke igjen.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prisene for neste år er klare' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Meldinger til deg' })).toHaveFocus();
    expect(callsTo(calls, 'PUT', DISMISS)).toHaveLength(1);
    // Taken out of the answer kept: not asked again.
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(1);
  });

  it('asks in nynorsk on a page read in nynorsk, and says when closing failed', async () => {
    const calls = serveApi([
      route('POST', PATH, () => json(messages('nn'))),
      route('PUT', DISMISS, () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderHome('nn');
    const banner = await screen.findByRole('region', { name: 'Prisane for neste år er klare' });
    const [ask] = callsTo(calls, 'POST', PATH);
    expect(((await ask!.json()) as { language: string }).language).toBe('nn');
    await user.click(within(banner).getByRole('button', { name: /^Lukk meldinga/ }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      'Vi fekk ikkje lukka meldinga. Prøv igjen om litt.',
    );
    expect(screen.getByRole('region', { name: 'Prisane for neste år er klare' })).toBeVisible();
  });

  it('shows nothing when there is no message', async () => {
    serveApi([route('POST', PATH, () => json({ segmentId: 'subscribers', messages: [] }))]);
    const { store } = await renderHome();
    await screen.findByRole('heading', { level: 1 });
    // Only once the (empty) answer is in the store can its absence say anything.
    await waitFor(() => expect(answered(store.getState(), 'postSegmentMessage')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Meldinger til deg' })).toBeNull();
  });
});
