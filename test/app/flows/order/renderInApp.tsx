// Renders a purchase screen in the real app store (every slice and saga, the purchase saga
// included) after the session bootstrap, with the API answered by routes and a platform that
// records where the sagas send the browser. For what only the running saga shows: one order for
// a double click, a refusal coming back to the screen.
import { expect } from '@jest/globals';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { createI18n, type Language } from '../../../../src/app/lib/i18n/i18n';
import { bootstrapRequested } from '../../../../src/app/session/sessionActions';
import { createStore } from '../../../../src/app/store/store';
import { type ApiRoute, json, route, serveApi } from '../../render';
import { fakePlatform, fvnTitle, session } from '../../session/harness';

export async function renderInApp(
  ui: ReactElement,
  options: {
    readonly location: string;
    readonly routes: readonly ApiRoute[];
    readonly session?: Record<string, unknown>;
    readonly language?: Language;
  },
) {
  const requests = serveApi([
    route('GET', '/api/session', () => json(session(options.session))),
    ...options.routes,
  ]);
  const { platform, calls, storage } = fakePlatform(options.location);
  const store = createStore({ platform, title: fvnTitle });
  store.dispatch(bootstrapRequested());
  // As the guard does: the screen renders once the session is known.
  await waitFor(() => expect(store.getState().session.status).toBe('ready'));
  const i18n = await createI18n(options.language ?? 'nb', ['common', 'purchase']);
  const user = userEvent.setup();
  const rendered = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.location]}>
          <Suspense fallback={null}>{ui}</Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { store, requests, calls, storage, user, ...rendered };
}
