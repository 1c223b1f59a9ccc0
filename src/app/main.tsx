// Entry of the SPA: mounts on #app (requirements §9). The server puts the title of the page's host, and
// the session with what the first screen shows of the reader, into the page, so the first render
// needs no round trip.
//
// Start-up runs in steps, each its own task: the libraries and our modules are evaluated as each
// step needs them (eager imports: in this chunk, no request of their own, evaluated on import),
// and between steps the browser may paint and handle input. Evaluated at once they were one task
// of 400–500 ms on a phone (Lighthouse's 4× CPU slowdown), most of the page's Total Blocking Time.
import './ui/designsystemet.css';
import './layout/layout.css';

import type { Title } from './api/title';
import { afterFirstScreen } from './lib/screenShown';
import { WEB_FONTS_CLASS, webFontsAvailable } from './lib/webFonts';

/** Lets the browser run what waits (input, paint) before the next step. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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
  const title = injectedTitle();
  // The web fonts, if this browser has them already: asked of its cache while the rest starts.
  const fontsCached = webFontsAvailable();

  // The texts and the first screen's module are requested first: they download while the rest
  // is evaluated.
  const [i18nModule, { preloadScreen }] = await Promise.all([
    import(/* webpackMode: "eager" */ './lib/i18n/i18n'),
    import(/* webpackMode: "eager" */ './routing/preloadScreen'),
  ]);
  const { createI18n, DEFAULT_LANGUAGE, isLanguage, storedLanguage } = i18nModule;
  const language =
    storedLanguage() ?? (isLanguage(title?.language) ? title.language : DEFAULT_LANGUAGE);
  await nextTask();
  const [{ firstRoute }, preloadError] = await Promise.all([
    import(/* webpackMode: "eager" */ './routing/firstRoute'),
    import(/* webpackMode: "eager" */ './lib/preloadError'),
  ]);
  preloadError.installDefaultPreloadErrorHandler();
  const route = firstRoute(window.location.pathname);
  // The first render waits for the screen's module too: it then shows the screen the moment the
  // session allows it, without a suspended fallback in between (routing/AppRoutes.tsx).
  const ready = Promise.all([
    createI18n(language, ['common', ...(route?.namespaces ?? [])]),
    preloadScreen(route),
  ]);
  await nextTask();

  // The API client (the state libraries with it), then the store with the session and what the
  // first screen shows of the reader from the page: the first render needs no call, and nothing
  // arrives after it to push the screen down.
  await import(/* webpackMode: "eager" */ './api/baseApi');
  await nextTask();
  // The store's parts, a few at a time (each part's API endpoints with it). The flows' sagas
  // (buying, changing the payment method) are loaded when a reader starts one (store/lazyFlow.ts).
  await import(/* webpackMode: "eager" */ './session/sagas');
  await nextTask();
  await import(/* webpackMode: "eager" */ './session/navigationSaga');
  await nextTask();
  const [{ createStore }, firstScreen, { bootstrapRequested }] = await Promise.all([
    import(/* webpackMode: "eager" */ './store/store'),
    import(/* webpackMode: "eager" */ './session/firstScreen'),
    import(/* webpackMode: "eager" */ './session/sessionActions'),
  ]);
  await nextTask();
  const store = createStore(title ? { title } : {});
  await nextTask();
  const first = firstScreen.firstScreenInPage();
  // What the first screen shows comes from the page: in the cache before the first render.
  const cached = first ? firstScreen.cacheFirstScreen(store.dispatch, first) : undefined;
  store.dispatch(bootstrapRequested(first?.session));
  await nextTask();

  // React itself, then the app around the first screen; then the first render.
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const [{ renderApp }, [i18n], withWebFonts] = await Promise.all([
    import(/* webpackMode: "eager" */ './boot/render'),
    ready,
    fontsCached,
    cached,
  ]);
  await nextTask();
  if (withWebFonts) document.documentElement.classList.add(WEB_FONTS_CLASS);
  renderApp(element, store, i18n);
  // A first visit: the fonts are fetched once the first screen is shown, the page has loaded and
  // the browser is idle (an enhancement: if that fails, the page stays in the system's fonts).
  if (!withWebFonts) afterFirstScreen(fetchWebFonts);
}

function fetchWebFonts() {
  import('./lib/webFontsLater')
    .then((later) => later.switchToWebFontsOnNextScreen())
    .catch(() => undefined);
}

void start();
