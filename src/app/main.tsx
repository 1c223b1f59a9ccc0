// Entry of the SPA: mounts on #app (spec §9). The server puts the title of the page's host into
// the page, so the first render needs no round trip for it; the session is one call.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { matchPath } from 'react-router';

import './ui/designsystemet.css';
import './layout/layout.css';

import type { Title } from './api/title';
import { App } from './App';
import { createI18n, DEFAULT_LANGUAGE, isLanguage, storedLanguage } from './lib/i18n/i18n';
import { preloadScreen } from './routing/AppRoutes';
import { installDefaultPreloadErrorHandler } from './routing/preloadError';
import { registeredRoutes } from './routing/routes';
import { cacheFirstScreen, firstScreenInPage } from './session/firstScreen';
import { bootstrapRequested } from './session/sessionActions';
import { createStore } from './store/store';

/** The title JSON the server wrote into <script id="minside-title" type="application/json">. */
function injectedTitle(): Title | undefined {
  const text = document.getElementById('minside-title')?.textContent?.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Title;
  } catch {
    return undefined;
  }
}

async function start() {
  const element = document.getElementById('app');
  if (!element) throw new Error('Min Side mounts on the element with id "app"');
  installDefaultPreloadErrorHandler();
  const title = injectedTitle();
  const language =
    storedLanguage() ?? (isLanguage(title?.language) ? title.language : DEFAULT_LANGUAGE);
  const store = createStore(title ? { title } : {});
  // The session and what the first screen shows of the reader came with the page: the first
  // render needs no call, and nothing arrives after it to push the screen down.
  const first = firstScreenInPage();
  if (first) cacheFirstScreen(store.dispatch, first);
  store.dispatch(bootstrapRequested(first?.session));
  // Without the page's session, the session call, the slowest of the three, leaves first: RTK
  // Query sends it a few microtasks after the dispatch, so the screen's chunk and texts are
  // requested one task later.
  if (!first) await new Promise((resolve) => setTimeout(resolve, 0));
  // The first screen's chunk and texts load alongside the session call, so the first visit is
  // document → entry scripts → {session, texts, screen} (bench:waterfall): nothing waits on the
  // session except the decision to show the screen.
  const route = registeredRoutes.find((r) => matchPath(r.path, window.location.pathname));
  // The first render waits for the screen's module too: it then shows the screen the moment the
  // session allows it, without a suspended fallback in between (routing/AppRoutes.tsx).
  const [i18n] = await Promise.all([
    createI18n(language, ['common', ...(route?.namespaces ?? [])]),
    preloadScreen(route),
  ]);
  const root = createRoot(element);
  // A transition: React renders the first tree in slices of a few ms and lets the browser in
  // between, instead of one long task (Total Blocking Time on a phone, issue 16).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <App />
          </I18nextProvider>
        </Provider>
      </StrictMode>,
    ),
  );
}

void start();
