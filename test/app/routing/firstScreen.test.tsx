// The first screen of a visit renders in the same commit as the navigation that allows it when
// main.tsx has preloaded its module: no suspended fallback in between (a lazy screen suspends
// once even when its chunk is already there, and React holds a revealed fallback ~300 ms).
import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { baseApi } from '../../../src/app/api/baseApi';
import { createI18n } from '../../../src/app/lib/i18n/i18n';
import { AppRoutes } from '../../../src/app/routing/AppRoutes';
import { preloadScreen } from '../../../src/app/routing/preloadScreen';
import { registeredRoutes } from '../../../src/app/routing/routes';
import { navigationAllowed } from '../../../src/app/session/navigationSlice';
import { rootReducer } from '../../../src/app/store/store';

/** Whether the screen's heading was on the page, at each commit React made. */
type Commits = boolean[];

async function renderAllowed(path: string, allowed: string | null = path, commits: Commits = []) {
  const i18n = await createI18n('nb', ['common', 'not-found']);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { navigation: { allowed, cancelled: null } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  // A synchronous act: only what renders without waiting for anything is on screen after it.
  act(() => {
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <Profiler
              id="routes"
              onRender={() => commits.push(document.querySelector('h1') !== null)}
            >
              <AppRoutes />
            </Profiler>
          </MemoryRouter>
        </I18nextProvider>
      </Provider>,
    );
  });
  return store;
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

describe('the screen of a location the guard allows', () => {
  it('renders in a commit of its own after the one that takes the answer (a transition React can slice)', async () => {
    // The guard answers through the store, and React renders a store's update in one task; the
    // screen must not be part of that render.
    const route = registeredRoutes.find((r) => r.path === '/404');
    await preloadScreen(route);
    const commits: Commits = [];
    const store = await renderAllowed('/404', null, commits);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    commits.length = 0;
    act(() => {
      store.dispatch(navigationAllowed({ location: '/404' }));
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/\S/);
    expect(commits[0]).toBe(false);
    expect(commits.at(-1)).toBe(true);
  });
});
