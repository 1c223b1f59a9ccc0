// Renders a component the way main.tsx does (store, catalogues), with `fetch` answered by a
// table of routes: the component talks to its API through the real RTK Query client.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { createI18n, type Language } from '../../src/app/i18n/i18n';
import { createStore } from '../../src/app/store/store';

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
