// Entry of the SPA: mounts on #app (spec §9) with the store and the catalogues.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { App } from './App';
import { createI18n } from './i18n/i18n';
import { createStore } from './store/store';

async function start() {
  const element = document.getElementById('app');
  if (!element) throw new Error('Min Side mounts on the element with id "app"');
  const [i18n, store] = [await createI18n(), createStore()];
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();
