// The guard sequence of requirements §4, run whole through the store's sagas.
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';

import { navigationCompleted, navigationRequested } from '../../../src/app/session/navigationSlice';
import { bootstrapRequested } from '../../../src/app/session/sessionActions';
import { bodies, json, problem, route } from '../render';
import { anonymousSession, fvnTitle, session, startApp } from '../session/harness';

describe('navigation guard sequence', () => {
  it('starts the spinner, and lets an unguarded route through without waiting for the session', async () => {
    const app = startApp([]);
    app.store.dispatch(navigationRequested({ location: '/kundeservice', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/kundeservice'));
    expect(app.store.getState().spinner.showSpinner).toBe(true);
    app.store.dispatch(
      navigationCompleted({ location: '/kundeservice', path: '/kundeservice', track: true }),
    );
    await waitFor(() => expect(app.store.getState().spinner.showSpinner).toBe(false));
  });

  it('loads the title when missing: origin → code → title', async () => {
    const app = startApp(
      [
        route('POST', '/api/retrieveTitleCode', () => json({ titleCode: 'FVN' })),
        route('GET', '/api/title/FVN', () => json(fvnTitle)),
      ],
      { title: null },
    );
    app.store.dispatch(navigationRequested({ location: '/404', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/404'));
    expect(app.store.getState().title.title?.name).toBe('Fædrelandsvennen');
    const lookup = app.requests.find((r) => r.url.endsWith('/api/retrieveTitleCode'))!;
    expect(await lookup.json()).toEqual({ minsideUrl: 'http://fvn.localhost:8080/' });
  });

  it('falls back to POL when the title code cannot be resolved', async () => {
    const app = startApp(
      [
        route('POST', '/api/retrieveTitleCode', () => problem(500, 'INTERNAL_ERROR')),
        route('GET', '/api/title/POL', () =>
          json({ ...fvnTitle, titleCode: 'POL', name: 'Polaris Media' }),
        ),
      ],
      { title: null },
    );
    app.store.dispatch(navigationRequested({ location: '/404', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().title.title?.titleCode).toBe('POL'));
  });

  it('sends a logged-out user on a guarded route to login with the path as return target', async () => {
    const app = startApp([
      route('GET', '/api/session', () => json(anonymousSession)),
      route('GET', '/api/loginToken', () =>
        json({ loginToken: 't', state: 's', authorizeUrl: 'http://idp/auth' }),
      ),
    ]);
    app.store.dispatch(bootstrapRequested());
    app.store.dispatch(navigationRequested({ location: '/?tab=1#x', guard: 'auth+subscription' }));
    await waitFor(() => expect(app.calls.redirects).toEqual(['http://idp/auth']));
    const token = app.requests.find((r) => r.url.includes('/api/loginToken'))!;
    expect(new URL(token.url).searchParams.get('returnUrl')).toBe('/?tab=1#x');
    expect(app.store.getState().navigation.allowed).toBeNull();
  });

  it('sends a user without a subscription from an A+S route to /ingen-abonnement', async () => {
    const app = startApp([
      route('GET', '/api/session', () => json(session({ subscription: null }))),
    ]);
    app.store.dispatch(bootstrapRequested());
    app.store.dispatch(navigationRequested({ location: '/', guard: 'auth+subscription' }));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([{ path: '/ingen-abonnement', replace: true }]),
    );
    expect(app.store.getState().navigation.allowed).toBeNull();
  });

  it('lets a user without a subscription into A routes and the privacy settings (A, not S)', async () => {
    const app = startApp([
      route('GET', '/api/session', () => json(session({ subscription: null }))),
    ]);
    app.store.dispatch(bootstrapRequested());
    app.store.dispatch(
      navigationRequested({ location: '/personverninnstillinger', guard: 'auth-not-subscription' }),
    );
    await waitFor(() =>
      expect(app.store.getState().navigation.allowed).toBe('/personverninnstillinger'),
    );
  });

  const collected = (requests: Request[]) => bodies(requests, 'POST', '/api/analytics/events');
  const collector = route('POST', '/api/analytics/events', () => json({ accepted: true }, 202));

  it('records a page view after navigation once analytics is accepted, but not for /callback', async () => {
    window.localStorage.setItem('CMP:accepted', JSON.stringify(['analytics']));
    window.localStorage.setItem(
      'experiments',
      JSON.stringify([{ id: 'e1', name: 'Knappfarge', variant: 'B', platform: 'web' }]),
    );
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const app = startApp([route('GET', '/api/session', () => json(session())), collector]);
    app.store.dispatch(bootstrapRequested());
    app.store.dispatch(navigationRequested({ location: '/', guard: 'auth+subscription' }));
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/'));
    app.store.dispatch(
      navigationCompleted({ location: '/?utm_source=sms', path: '/', track: true }),
    );
    app.store.dispatch(
      navigationCompleted({ location: '/callback?code=x', path: '/callback', track: false }),
    );
    await waitFor(async () => expect(await collected(app.requests)).toHaveLength(1));
    const [event] = await collected(app.requests);
    expect(event).toMatchObject({
      type: 'View',
      object: { type: 'Page', contentId: 'home' },
      provider: { id: 'fvn' },
      origin: { url: '/?utm_source=sms', source: 'sms', referrerType: 'Unknown' },
      experiments: [{ id: 'e1', name: 'Knappfarge', variant: 'B', platform: 'web' }],
    });
    // The stored experiments are removed on the page view; the debug host logs it too.
    expect(window.localStorage.getItem('experiments')).toBeNull();
    expect(info).toHaveBeenCalledWith(
      '[analytics] page view',
      expect.objectContaining({ type: 'View' }),
    );
    info.mockRestore();
    window.localStorage.clear();
  });

  it('sends nothing before analytics is accepted, and removes the stored experiments', async () => {
    window.localStorage.setItem('CMP:accepted', JSON.stringify(['marketing']));
    window.localStorage.setItem(
      'experiments',
      JSON.stringify([{ id: 'e1', name: 'n', variant: 'A', platform: 'web' }]),
    );
    const app = startApp([collector]);
    app.store.dispatch(navigationRequested({ location: '/kundeservice', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/kundeservice'));
    app.store.dispatch(
      navigationCompleted({ location: '/kundeservice', path: '/kundeservice', track: true }),
    );
    await waitFor(() => expect(app.store.getState().spinner.showSpinner).toBe(false));
    await waitFor(() => expect(window.localStorage.getItem('experiments')).toBeNull());
    expect(await collected(app.requests)).toEqual([]);
    window.localStorage.clear();
  });

  it('sends no page view for a title with the pulse off (AN, VA), even with consent', async () => {
    window.localStorage.setItem('CMP:accepted', JSON.stringify(['analytics']));
    const app = startApp([collector], {
      title: { ...fvnTitle, titleCode: 'AN', analyticsEnabled: false },
    });
    app.store.dispatch(navigationRequested({ location: '/kundeservice', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().navigation.allowed).toBe('/kundeservice'));
    app.store.dispatch(
      navigationCompleted({ location: '/kundeservice', path: '/kundeservice', track: true }),
    );
    await waitFor(() => expect(app.store.getState().spinner.showSpinner).toBe(false));
    expect(await collected(app.requests)).toEqual([]);
    window.localStorage.clear();
  });

  it('on error stops the spinner and cancels the navigation', async () => {
    const app = startApp(
      [
        route('POST', '/api/retrieveTitleCode', () => json({ titleCode: 'FVN' })),
        route('GET', '/api/title/FVN', () => problem(500, 'INTERNAL_ERROR')),
      ],
      { title: null },
    );
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    app.store.dispatch(navigationRequested({ location: '/kundeservice', guard: 'none' }));
    await waitFor(() => expect(app.store.getState().navigation.cancelled).toBe('/kundeservice'));
    expect(app.store.getState().spinner.showSpinner).toBe(false);
    expect(app.store.getState().navigation.allowed).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
