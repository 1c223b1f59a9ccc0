// The session sagas run whole against the real store and API client (requirements §4 login, logout,
// bootstrap, the 401/406 rule).
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';

import { subscriptionEndpoints } from '../../../src/app/api/subscription';
import { RELOGIN_KEY } from '../../../src/app/session/sagas';
import {
  bootstrapRequested,
  callbackReceived,
  loginRequested,
  logoutRequested,
} from '../../../src/app/session/sessionActions';
import { json, route } from '../render';

import { anonymousSession, dag, dagsAccount, session, startApp } from './harness';

const problem = (status: number, code: string) =>
  json({ type: 'about:blank', title: 'x', status, code }, status);

describe('bootstrap on load', () => {
  it('fetches the session once and stores user, account and subscription', async () => {
    const app = startApp([route('GET', '/api/session', () => json(session()))]);
    app.store.dispatch(bootstrapRequested());
    await waitFor(() => expect(app.store.getState().session.status).toBe('ready'));
    const state = app.store.getState();
    expect(state.user).toMatchObject({ loggedIn: true, givenName: 'Dag', schibstedId: '1000002' });
    expect(state.account).toEqual({
      ariaAccountNo: '100000001',
      spidId: '1000002',
      accountBalance: 0,
      firstTitleCode: 'FVN',
    });
    expect(state.subscription).toMatchObject({ loaded: true, hasSubscription: true });
    expect(app.requests.filter((r) => r.url.endsWith('/api/session'))).toHaveLength(1);
  });

  it('creates the account when the user has none: balance 0, identity id, first title code', async () => {
    let created = false;
    const app = startApp([
      route('GET', '/api/session', () =>
        json(session({ account: created ? dagsAccount : null, subscription: null })),
      ),
      route('POST', '/api/account', () => {
        created = true;
        return json({ ariaAccountNo: '100000001' }, 201);
      }),
    ]);
    app.store.dispatch(bootstrapRequested());
    await waitFor(() => expect(app.store.getState().session.status).toBe('ready'));
    const post = app.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/account'))!;
    expect(await post.json()).toEqual({
      accountBalance: 0,
      spidId: dag.schibstedId,
      firstTitleCode: 'FVN',
    });
    expect(post.headers.get('x-minside-request')).toBe('1');
    expect(app.store.getState().account.ariaAccountNo).toBe('100000001');
  });

  it('an anonymous visitor is bootstrapped logged out', async () => {
    const app = startApp([route('GET', '/api/session', () => json(anonymousSession))]);
    app.store.dispatch(bootstrapRequested());
    await waitFor(() => expect(app.store.getState().session.status).toBe('ready'));
    expect(app.store.getState().user.loggedIn).toBe(false);
  });
});

describe('login', () => {
  it('fetches a login token and sends the browser to the provider with the return url', async () => {
    const app = startApp([
      route('GET', '/api/loginToken', () =>
        json({
          loginToken: 'tok',
          state: 'st',
          authorizeUrl: 'http://localhost:8080/idp/auth?state=st',
        }),
      ),
    ]);
    app.store.dispatch(loginRequested({ returnUrl: '/fakturaoversikt?x=1#y' }));
    await waitFor(() =>
      expect(app.calls.redirects).toEqual(['http://localhost:8080/idp/auth?state=st']),
    );
    const request = app.requests.find((r) => r.url.includes('/api/loginToken'))!;
    expect(new URL(request.url).searchParams.get('returnUrl')).toBe('/fakturaoversikt?x=1#y');
  });

  it.each([
    [{ loginToken: '', state: 'st', authorizeUrl: 'http://idp/auth' }, 'No login token received'],
    [{ loginToken: 'tok', state: '', authorizeUrl: 'http://idp/auth' }, 'Identity not initialized'],
  ])('fails with the spec message for %j', async (answer, message) => {
    const app = startApp([route('GET', '/api/loginToken', () => json(answer))]);
    app.store.dispatch(loginRequested({ returnUrl: '/' }));
    await waitFor(() => expect(app.store.getState().session.loginError).toBe(message));
    expect(app.calls.redirects).toEqual([]);
  });

  it('fails with "No login token received" when the server does not answer', async () => {
    const app = startApp([route('GET', '/api/loginToken', () => problem(500, 'UPSTREAM_ERROR'))]);
    app.store.dispatch(loginRequested({ returnUrl: '/' }));
    await waitFor(() =>
      expect(app.store.getState().session.loginError).toBe('No login token received'),
    );
  });

  it('exchanges code and state at /callback, stores the session and returns to the path', async () => {
    const app = startApp([
      route('POST', '/api/handlecode', () =>
        json({ returnUrl: '/fakturaoversikt?x=1#y', session: session() }),
      ),
    ]);
    app.store.dispatch(callbackReceived({ code: 'c0de', state: 'st' }));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([{ path: '/fakturaoversikt?x=1#y', replace: true }]),
    );
    const post = app.requests.find((r) => r.url.endsWith('/api/handlecode'))!;
    expect(await post.json()).toEqual({ code: 'c0de', state: 'st' });
    expect(app.store.getState().user.givenName).toBe('Dag');
    expect(app.store.getState().session.status).toBe('ready');
  });

  it('reports a refused callback by its problem code and goes nowhere', async () => {
    const app = startApp([
      route('POST', '/api/handlecode', () => problem(400, 'LOGIN_STATE_INVALID')),
    ]);
    app.store.dispatch(callbackReceived({ code: 'c0de', state: 'replayed' }));
    await waitFor(() =>
      expect(app.store.getState().session.callbackError).toBe('LOGIN_STATE_INVALID'),
    );
    expect(app.calls.navigations).toEqual([]);
    expect(app.calls.redirects).toEqual([]);
  });
});

describe('logout', () => {
  it('posts to the server, clears user, subscription, account and title, and goes to the title page', async () => {
    const app = startApp([
      route('GET', '/api/session', () => json(session())),
      route('POST', '/api/logout', () => json({ redirectUrl: 'https://www.fvn.no/' })),
    ]);
    app.store.dispatch(bootstrapRequested());
    await waitFor(() => expect(app.store.getState().user.loggedIn).toBe(true));
    app.store.dispatch(logoutRequested());
    await waitFor(() => expect(app.calls.redirects).toEqual(['https://www.fvn.no/']));
    const state = app.store.getState();
    expect(state.user.loggedIn).toBe(false);
    expect(state.account.ariaAccountNo).toBe('');
    expect(state.subscription.subscription).toBeNull();
    expect(state.title.title).toBeNull();
  });

  it('an already ended session (401) still logs out locally, to the title page, without a re-login', async () => {
    const app = startApp([route('POST', '/api/logout', () => problem(401, 'UNAUTHENTICATED'))]);
    app.store.dispatch(logoutRequested());
    await waitFor(() => expect(app.calls.redirects).toEqual(['https://www.fvn.no/']));
    expect(app.requests.some((r) => r.url.includes('loginToken'))).toBe(false);
  });
});

describe('401 and 406: to login the first time only', () => {
  it('sends the user to login once with path, query and hash, also when several calls fail at once', async () => {
    const app = startApp(
      [
        route('GET', '/api/subscription/100000001/FVN', () => problem(401, 'UNAUTHENTICATED')),
        route('GET', '/api/subscription/100000001/ADR', () => json({}, 406)),
        route('GET', '/api/loginToken', () =>
          json({ loginToken: 't', state: 's', authorizeUrl: 'http://idp/auth' }),
        ),
      ],
      { currentPath: '/fakturaoversikt?side=2#faktura' },
    );
    await Promise.all([
      app.store.dispatch(
        subscriptionEndpoints.endpoints.getSubscription.initiate({
          accountNo: '100000001',
          titleCode: 'FVN',
        }),
      ),
      app.store.dispatch(
        subscriptionEndpoints.endpoints.getSubscription.initiate({
          accountNo: '100000001',
          titleCode: 'ADR',
        }),
      ),
    ]);
    await waitFor(() => expect(app.calls.redirects).toEqual(['http://idp/auth']));
    const tokenRequests = app.requests.filter((r) => r.url.includes('/api/loginToken'));
    expect(tokenRequests).toHaveLength(1);
    expect(new URL(tokenRequests[0]!.url).searchParams.get('returnUrl')).toBe(
      '/fakturaoversikt?side=2#faktura',
    );
    // A later expiry on the same page does nothing more.
    await app.store.dispatch(
      subscriptionEndpoints.endpoints.getSubscription.initiate(
        { accountNo: '100000001', titleCode: 'FVN' },
        { forceRefetch: true },
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(app.calls.redirects).toHaveLength(1);
  });

  it('never loops: right after such a re-login, another 401 shows a message instead', async () => {
    const app = startApp([
      route('GET', '/api/subscription/100000001/FVN', () => problem(401, 'UNAUTHENTICATED')),
    ]);
    app.storage.set(RELOGIN_KEY, String(Date.parse('2026-11-22T09:59:30Z')));
    await app.store.dispatch(
      subscriptionEndpoints.endpoints.getSubscription.initiate({
        accountNo: '100000001',
        titleCode: 'FVN',
      }),
    );
    await waitFor(() =>
      expect(app.store.getState().session.loginError).toBe('session-expired-again'),
    );
    expect(app.calls.redirects).toEqual([]);
  });
});
