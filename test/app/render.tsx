// Renders a component the way main.tsx does (store, catalogues), with `fetch` answered by a
// table of routes: the component talks to its API through the real RTK Query client.
// renderWithState renders with a given store state instead (no sagas; every dispatched action is
// recorded), inside a router at a given location, and waits until the screen's catalogue
// namespaces are loaded: screens ask for their own namespace (useTranslation('home')) and
// suspend until the lazy backend has it, as they do in the app.
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { baseApi } from '../../src/app/api/baseApi';
import { createI18n, type Language } from '../../src/app/lib/i18n/i18n';
import { createStore, rootReducer, type RootState } from '../../src/app/store/store';

export type ApiRoute = (request: Request) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers fetch from `routes`; a request no route answers fails the test loudly. */
export function serveApi(routes: readonly ApiRoute[]) {
  const calls: Request[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://fvn.localhost'), init);
    calls.push(request.clone());
    for (const route of routes) {
      const response = await route(request);
      if (response) return response;
    }
    throw new Error(`Unexpected API call ${request.method} ${request.url}`);
  };
  return calls;
}

export async function renderApp(ui: ReactElement, language: Language = 'nb') {
  const i18n = await createI18n(language);
  const store = createStore();
  return {
    store,
    i18n,
    ...render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
      </Provider>,
    ),
  };
}

export interface RenderWithStateOptions {
  /** Slices to start from; the rest start as in the app. */
  readonly preloadedState?: Partial<RootState>;
  readonly language?: Language;
  /** The router's location (path, query and hash). */
  readonly route?: string;
  /**
   * Catalogue namespaces to load before rendering besides `common`, e.g. ['home'] for
   * HomeScreen. A namespace not listed is loaded when the screen asks for it, which works the
   * same but costs React's Suspense reveal delay (about 300 ms) per render.
   */
  readonly namespaces?: readonly string[];
}

/** The Suspense fallback of renderWithState, there while a namespace (or lazy part) loads. */
const SUSPENDED = 'data-render-suspended';

/**
 * Renders `ui` with a store built from `preloadedState` (the real reducers, no sagas), the
 * catalogues of `language`, and a MemoryRouter at `route`, and resolves once nothing suspends
 * any more (the screen's namespaces are loaded). `actions` records every dispatched action, so
 * a test sees what a click asked for.
 */
export async function renderWithState(ui: ReactElement, options: RenderWithStateOptions = {}) {
  const { preloadedState, language = 'nb', route = '/', namespaces = [] } = options;
  const i18n = await createI18n(language, ['common', ...namespaces]);
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, record),
  });
  const user = userEvent.setup();
  const rendered = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={<span {...{ [SUSPENDED]: '' }} />}>{ui}</Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  await waitFor(() => {
    if (rendered.container.querySelector(`[${SUSPENDED}]`)) throw new Error('Still suspended');
  });
  return { store, i18n, actions, user, ...rendered };
}
