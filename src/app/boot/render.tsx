// The first render (main.tsx): the app in the store and the catalogues, in a transition, so
// React renders the first tree in slices of a few ms and lets the browser in between instead of
// one long task.
import type { i18n as I18n } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { App } from '../App';
import type { AppStore } from '../store/store';

export function renderApp(element: HTMLElement, store: AppStore, i18n: I18n): void {
  const root = createRoot(element);
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
