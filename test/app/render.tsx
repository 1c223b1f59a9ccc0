// Renders a component the way main.tsx does (store, catalogues), with `fetch` answered by a
// table of routes: the component talks to its API through the real RTK Query client. The fake
// API's parts live here too, one of each for every SPA test: `route` and `serveApi` answer
// fetch, `json`, `problem` and `held` are the answers, `callsTo` and `bodies` read what was sent.
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
/** How a route answers; called for each request, so a test can answer each call differently. */
export type Answer = (request: Request) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A request field the server refused, as a problem's `errors[]` names it. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/**
 * A problem+json refusal as the server answers one. The app reads only the status, `code`,
 * the refused `errors[].field` and a 429's Retry-After (given in `headers`).
 */
export const problem = (
  status: number,
  code: string,
  { errors, headers }: { errors?: readonly FieldError[]; headers?: Record<string, string> } = {},
) =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, code, ...(errors && { errors }) }),
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

/** Answers `method path` (the whole pathname, e.g. /api/orders) with `answer`. */
export const route =
  (method: string, path: string, answer: Answer): ApiRoute =>
  (request) =>
    request.method === method && new URL(request.url).pathname === path
      ? answer(request)
      : undefined;

/** An answer that waits until `release()` (to see the progress while a call runs). */
export function held(response: () => Response) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: async () => (await gate, response()), release: () => release() };
}

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

/** The recorded calls to `method path`. */
export const callsTo = (calls: readonly Request[], method: string, path: string) =>
  calls.filter((c) => c.method === method && new URL(c.url).pathname === path);

/** The JSON bodies of the recorded calls to `method path`, in order. */
export const bodies = async (calls: readonly Request[], method: string, path: string) =>
  Promise.all(callsTo(calls, method, path).map((c) => c.clone().json() as Promise<unknown>));

/** The Idempotency-Key of each recorded call to `method path`, in order. */
export const idempotencyKeys = (calls: readonly Request[], method: string, path: string) =>
  callsTo(calls, method, path).map((c) => c.headers.get('idempotency-key'));

/** The contract's form of an Idempotency-Key: 16–128 of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

type ApiQueries = RootState['api']['queries'];
const queriesOf = (state: RootState, endpointName: string) =>
  Object.values(state.api.queries as ApiQueries).filter((q) => q?.endpointName === endpointName);

/**
 * Whether a component asked for `endpointName` (RTK Query puts a query in the store when it is
 * started, before its request goes out): lets a test say a query was NOT made, deterministically.
 */
export const asked = (state: RootState, endpointName: string) =>
  queriesOf(state, endpointName).length > 0;

/**
 * Whether the answer to `endpointName` is in the store: a test waits for it before it says that
 * something the answer could have shown is absent (before that, the absence proves nothing).
 */
export const answered = (state: RootState, endpointName: string) =>
  queriesOf(state, endpointName).some((q) => q?.status === 'fulfilled');

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
  /** Runs on the store before the first render (what main.tsx puts in the cache from the page). */
  readonly beforeRender?: (store: ReturnType<typeof configureStore>) => Promise<unknown> | void;
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
  const { preloadedState, language = 'nb', route = '/', namespaces = [], beforeRender } = options;
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
  await beforeRender?.(store);
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
