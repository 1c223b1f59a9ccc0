// The first screen from the page: the session the server wrote into index.html is taken without
// a call (user, account and subscription stored, the session ready at once), a page session
// without an account still gets one created, and the home page renders its segment message from
// the page on its first render, without asking the API for it (so nothing pushes it down later);
// the order and plan-change screens find the title's catalogue in the cache, the delivery-change
// screen its subscription's changes.
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import HomeScreen from '../../../src/app/features/home/HomeScreen';
import { createI18n } from '../../../src/app/lib/i18n/i18n';
import {
  cacheFirstScreen,
  type FirstScreen,
  firstScreenInPage,
} from '../../../src/app/session/firstScreen';
import { bootstrapRequested } from '../../../src/app/session/sessionActions';
import { FIRST_SCREEN_ELEMENT_ID } from '../../../src/shared/page/first-screen';
import { json, route } from '../render';

import { dagsAccount, session, startApp } from './harness';

const priceNotice = {
  id: 'nye-priser-2027',
  heading: 'Ny pris fra neste fornying',
  body: 'Abonnementet ditt får en annen pris fra neste fornying.',
  ctaUrl: '/nye-priser',
  ctaLabel: 'Se prisene',
  severity: 'info',
  dismissible: true,
};

const pageData = (overrides: Partial<FirstScreen> = {}) =>
  ({
    session: session(),
    consents: {
      titleCode: 'FVN',
      answer: { titleCode: 'FVN', categories: [], updatedAt: null },
    },
    deletion: { waiting: null },
    segment: {
      id: 'subscribers',
      request: { titleCode: 'FVN', context: 'home', language: 'nb' },
      answer: { segmentId: 'subscribers', messages: [priceNotice] },
    },
    ...overrides,
  }) as FirstScreen;

/** The home page in the app's store, as the first render has it. */
async function renderHome(store: ReturnType<typeof startApp>['store'], language: 'nb' | 'nn') {
  const i18n = await createI18n(language, ['common', 'home']);
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <Suspense fallback={null}>
            <HomeScreen />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

describe('the first screen from the page', () => {
  it('reads the page’s JSON, and nothing from a page without it or with broken JSON', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(firstScreenInPage(doc)).toBeUndefined();
    const element = doc.createElement('script');
    element.id = FIRST_SCREEN_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = '{"session":';
    doc.head.append(element);
    expect(firstScreenInPage(doc)).toBeUndefined();
    element.textContent = JSON.stringify(pageData());
    expect(firstScreenInPage(doc)?.session).toEqual(session());
  });

  it('takes the page’s session without a call: the reader is known at once', () => {
    const app = startApp([route('GET', '/api/session', () => json(session()))]);
    app.store.dispatch(bootstrapRequested(session() as FirstScreen['session']));
    const state = app.store.getState();
    expect(state.session.status).toBe('ready');
    expect(state.user).toMatchObject({ loggedIn: true, givenName: 'Dag' });
    expect(state.account.ariaAccountNo).toBe('100000001');
    expect(state.subscription).toMatchObject({ loaded: true, hasSubscription: true });
    expect(app.requests).toHaveLength(0);
  });

  it('still creates the account of a page session without one, then reads the session again', async () => {
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
    app.store.dispatch(
      bootstrapRequested(session({ account: null, subscription: null }) as FirstScreen['session']),
    );
    await waitFor(() => expect(app.store.getState().session.status).toBe('ready'));
    expect(app.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/account',
      'GET /api/session',
    ]);
    expect(app.store.getState().account.ariaAccountNo).toBe('100000001');
  });

  it('renders the home page’s message on the first render, without asking the API', async () => {
    const app = startApp([]);
    const data = pageData();
    cacheFirstScreen(app.store.dispatch, data);
    app.store.dispatch(bootstrapRequested(data.session));
    await renderHome(app.store, 'nb');
    expect(await screen.findByRole('heading', { name: 'Ny pris fra neste fornying' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fædrelandsvennen Digital' })).toBeTruthy();
    // Give a request the time to leave: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([]);
  });

  it('puts the invoice list’s and the layout’s answers where their screens ask for them', () => {
    const app = startApp([]);
    const answer = { invoices: [] };
    cacheFirstScreen(
      app.store.dispatch,
      pageData({ invoices: { accountNo: '100000001', titleCode: 'FVN', answer } }),
    );
    // Under the key RTK Query makes of the arguments the screen asks with.
    const { queries } = app.store.getState().api;
    expect(queries['listInvoices({"accountNo":"100000001","titleCode":"FVN"})']).toMatchObject({
      status: 'fulfilled',
      data: answer,
    });
    expect(Object.keys(queries).filter((key) => key.startsWith('listInvoices'))).toHaveLength(1);
    // And the layout's reads: the consents of the title and the waiting deletion.
    expect(queries['getConsents({"titleCode":"FVN"})']).toMatchObject({ status: 'fulfilled' });
    expect(queries['getDeletionRequest(undefined)']).toMatchObject({
      status: 'fulfilled',
      data: { waiting: null },
    });
  });

  it('puts the catalogue where the order and plan-change screens ask for it, before the first render', async () => {
    const app = startApp([]);
    const answer = { titleCode: 'FVN', products: [] };
    const cached = cacheFirstScreen(
      app.store.dispatch,
      pageData({ catalogue: { titleCode: 'FVN', answer } as unknown as FirstScreen['catalogue'] }),
    );
    // Its endpoints come with the screens that show it: in the cache once the promise settles.
    await cached;
    const { queries } = app.store.getState().api;
    expect(queries['getCatalogue({"titleCode":"FVN"})']).toMatchObject({
      status: 'fulfilled',
      data: answer,
    });
    // A page without one settles at once and adds none.
    const other = startApp([]);
    await cacheFirstScreen(other.store.dispatch, pageData());
    expect(
      Object.keys(other.store.getState().api.queries).filter((key) =>
        key.startsWith('getCatalogue'),
      ),
    ).toEqual([]);
  });

  it('puts the delivery changes where the delivery-change screen asks for them, before the first render', async () => {
    const app = startApp([]);
    const answer = { subscriptionNo: 'S-1001', titleCode: 'FVN', eligibility: 'PAPER' };
    await cacheFirstScreen(
      app.store.dispatch,
      pageData({
        deliveryChanges: { subscriptionNo: 'S-1001', answer },
      } as unknown as Partial<FirstScreen>),
    );
    expect(
      app.store.getState().api.queries['getDeliveryChanges({"subscriptionNo":"S-1001"})'],
    ).toMatchObject({ status: 'fulfilled', data: answer });
    // With the catalogue as well: both are in the cache once the promise settles.
    const both = startApp([]);
    await cacheFirstScreen(
      both.store.dispatch,
      pageData({
        deliveryChanges: { subscriptionNo: 'S-1001', answer },
        catalogue: { titleCode: 'FVN', answer: { titleCode: 'FVN', products: [] } },
      } as unknown as Partial<FirstScreen>),
    );
    expect(Object.keys(both.store.getState().api.queries).sort()).toEqual(
      expect.arrayContaining([
        'getCatalogue({"titleCode":"FVN"})',
        'getDeliveryChanges({"subscriptionNo":"S-1001"})',
      ]),
    );
  });

  it('asks as before when the reader reads in the other language than the page’s data', async () => {
    const app = startApp([
      route('POST', '/api/segment/subscribers/message', () =>
        json({ segmentId: 'subscribers', messages: [] }),
      ),
    ]);
    const data = pageData();
    cacheFirstScreen(app.store.dispatch, data);
    app.store.dispatch(bootstrapRequested(data.session));
    await renderHome(app.store, 'nn');
    await waitFor(() =>
      expect(app.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
        'POST /api/segment/subscribers/message',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Ny pris fra neste fornying' })).toBeNull();
  });
});
