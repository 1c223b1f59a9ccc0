// The first screen of a visit renders in the same commit as the navigation that allows it when
// main.tsx has preloaded its module: no suspended fallback in between (a lazy screen suspends
// once even when its chunk is already there, and React holds a revealed fallback ~300 ms).
import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { baseApi } from '../../../src/app/api/baseApi';
import { createI18n } from '../../../src/app/lib/i18n/i18n';
import { AppRoutes } from '../../../src/app/routing/AppRoutes';
import { preloadScreen } from '../../../src/app/routing/preloadScreen';
import { registeredRoutes } from '../../../src/app/routing/routes';
import { rootReducer } from '../../../src/app/store/store';

async function renderAllowed(path: string) {
  const i18n = await createI18n('nb', ['common', 'not-found']);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { navigation: { allowed: path, cancelled: null } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  // A synchronous act: only what renders without waiting for anything is on screen after it.
  act(() => {
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </I18nextProvider>
      </Provider>,
    );
  });
}

describe('the first screen of a visit', () => {
  it('suspends when its module was not loaded before the render (the lazy path)', async () => {
    await renderAllowed('/404');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('renders at once when main.tsx preloaded its module', async () => {
    const route = registeredRoutes.find((r) => r.path === '/404');
    await preloadScreen(route);
    await renderAllowed('/404');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/\S/);
  });
});
