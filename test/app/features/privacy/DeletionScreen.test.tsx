// /schibstedDeleteGateway: the warning, a confirmation that must be ticked, the answer
// shown without another call (the reader is signed out by it), a request that waits called off
// (nynorsk), failures said; in production the identity provider's portal takes over.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';

import DataExportScreen from '../../../../src/app/features/privacy/DataExportScreen';
import DeletionScreen from '../../../../src/app/features/privacy/DeletionScreen';
import { subscriberState } from '../../fixtures';
import { callsTo, json, problem, renderWithState, route, serveApi } from '../../render';
import { inDays, long, lookupRoute, premium } from '../lifecycle-support';

const request = (stopped: string[] = ['S-1001']) => ({
  id: '0b7c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4',
  requestedAt: '2026-11-27T10:00:00.000Z',
  eraseAt: '2026-12-27T10:00:00.000Z',
  stoppedSubscriptions: stopped,
});

const renderDeletion = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<DeletionScreen />, {
    preloadedState: subscriberState(premium()),
    language,
    namespaces: ['privacy'],
    route: '/schibstedDeleteGateway',
  });

describe('/schibstedDeleteGateway', () => {
  it('warns, asks for the confirmation, and then says the day and that the reader is signed out', async () => {
    const calls = serveApi([
      route('GET', '/api/privacy/deletion', () => json({ waiting: null })),
      route('POST', '/api/privacy/deletion', () => json(request(), 202)),
    ]);
    const { user, store } = await renderDeletion();
    expect(
      await screen.findByText(/må vi ta vare på i fem år etter bokføringsloven/),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Slett opplysningene dine' }),
    ).toBeVisible();
    expect(screen.getByText(/Etter 30 dager sletter vi profilen/)).toBeVisible();
    expect(screen.getByText('Abonnementet ditt: Premium digital')).toBeVisible();
    expect(
      screen.getByText(`Det fornyes ${long(inDays(12))}. Ber du om sletting nå, fornyes det ikke.`),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Last ned dataene dine' })).toHaveAttribute(
      'href',
      '/schibstedTakeoutGateway',
    );

    // Not ticked: nothing is sent, the box says why and has the focus.
    await user.click(screen.getByRole('button', { name: 'Slett opplysningene mine' }));
    const box = screen.getByRole('checkbox', {
      name: 'Jeg forstår at opplysningene mine slettes, og at abonnementene mine avsluttes',
    });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Kryss av for at du har lest hva som skjer.');
    expect(callsTo(calls, 'POST', '/api/privacy/deletion')).toHaveLength(0);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Slett opplysningene mine' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Vi sletter opplysningene dine',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vi sletter opplysningene dine 27. desember 2026. Du er nå logget ut på alle enheter',
    );
    expect(screen.getByText('Abonnementet ditt fornyes ikke lenger.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Til forsiden av Fædrelandsvennen' })).toHaveAttribute(
      'href',
      'https://www.fvn.no/',
    );
    const [post] = callsTo(calls, 'POST', '/api/privacy/deletion');
    expect(await post!.json()).toEqual({ titleCode: 'FVN' });
    // Signed out here too, and nothing asked of the server after it.
    expect(store.getState().user.loggedIn).toBe(false);
    expect(store.getState().title.title?.titleCode).toBe('FVN');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('says so when the request could not be made, and changes nothing', async () => {
    serveApi([
      route('GET', '/api/privacy/deletion', () => json({ waiting: null })),
      route('POST', '/api/privacy/deletion', () => problem(429, 'RATE_LIMITED')),
    ]);
    const { user, store } = await renderDeletion();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Slett opplysningene mine' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har bedt om og avbrutt sletting mange ganger i dag. Prøv igjen i morgen.',
    );
    expect(store.getState().user.loggedIn).toBe(true);
  });

  it('shows a request that waits and calls it off (nynorsk)', async () => {
    let current = premium({ instStatusCode: 2, status: 'PENDING_CANCELLATION' });
    const calls = serveApi([
      route('GET', '/api/privacy/deletion', () => json({ waiting: request() })),
      route('DELETE', '/api/privacy/deletion', () => {
        current = premium();
        return json({ renewedAgain: ['S-1001'] });
      }),
      lookupRoute(() => current),
    ]);
    const { user, store } = await renderDeletion('nn');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Du har bede om sletting' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du bad om dette 27. november 2026. Vi slettar opplysningane dine 27. desember 2026.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Avbryt slettinga' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Slettinga er avbroten. Vi slettar ingenting.');
    expect(done).toHaveTextContent('Abonnementet ditt blir fornya som før.');
    expect(done).toHaveFocus();
    expect(callsTo(calls, 'DELETE', '/api/privacy/deletion')).toHaveLength(1);
    expect(store.getState().subscription.subscription?.status).toBe('ACTIVE');
  });

  it('says when calling it off failed', async () => {
    serveApi([
      route('GET', '/api/privacy/deletion', () => json({ waiting: request([]) })),
      route('DELETE', '/api/privacy/deletion', () => problem(500, 'INTERNAL_ERROR')),
    ]);
    const { user } = await renderDeletion();
    await user.click(await screen.findByRole('button', { name: 'Avbryt slettingen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke avbrutt slettingen. Prøv igjen om litt.',
    );
  });
});

describe('with the identity provider’s privacy portal (production)', () => {
  it('hands the reader over for the deletion and for the copy, asking Min Side nothing', async () => {
    const portal = document.createElement('script');
    portal.id = 'minside-integrations';
    portal.type = 'application/json';
    portal.textContent = JSON.stringify({
      cmp: null,
      analytics: null,
      privacyPortal: 'https://login.example.no/privacy?client_id=fvn&return_to=x',
    });
    document.body.append(portal);
    try {
      const calls = serveApi([]);
      await renderDeletion();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Slett opplysningene dine' }),
      ).toBeVisible();
      expect(
        screen.getByText(/Sletting bestiller du på personvernsiden til innloggingstjenesten/),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Gå til personvernsiden' })).toHaveAttribute(
        'href',
        'https://login.example.no/privacy?client_id=fvn&return_to=x',
      );
      const { unmount } = await renderWithState(<DataExportScreen />, {
        preloadedState: subscriberState(premium()),
        namespaces: ['privacy'],
        route: '/schibstedTakeoutGateway',
      });
      expect(
        screen.getByText(/Kopien av opplysningene dine lages på personvernsiden/),
      ).toBeVisible();
      unmount();
      expect(calls).toHaveLength(0);
    } finally {
      portal.remove();
    }
  });
});
