// Runs the real store with its sagas against an API answered by routes, with a platform that
// records where the sagas send the browser instead of leaving the page.
import type { Platform } from '../../../src/app/session/platform';
import { createStore } from '../../../src/app/store/store';
import { fvn, subscriptionWith } from '../fixtures';
import { type ApiRoute, serveApi } from '../render';

export const fvnTitle = fvn;

export const dag = {
  schibstedId: '1000002',
  sp_id: 'sdrn:minside:user:x',
  displayName: 'Dag Digital',
  givenName: 'Dag',
  familyName: 'Digital',
  phoneNumber: '+47 400 00 002',
  email: 'digital@demo.minside.no',
  birthDate: '1979-09-30',
};

export const dagsAccount = {
  ariaAccountNo: '100000001',
  spidId: '1000002',
  accountBalance: 0,
  firstTitleCode: 'FVN',
  currency: 'NOK' as const,
  createdAt: '2025-01-01T10:00:00.000Z',
};

export const activeSubscription = subscriptionWith({
  subscriptionNo: '500000001',
  ariaAccountNo: '100000001',
  ariaPlanID: 'C-DIGITAL-PREMIUM',
  planName: 'Premium digital',
});

export const session = (overrides: Record<string, unknown> = {}) => ({
  authenticated: true,
  user: dag,
  account: dagsAccount,
  subscription: activeSubscription,
  titleCode: 'FVN',
  ...overrides,
});

export const anonymousSession = {
  authenticated: false,
  user: null,
  account: null,
  subscription: null,
  titleCode: 'FVN',
};

export function fakePlatform(currentPath = '/') {
  const storage = new Map<string, string>();
  const calls = {
    redirects: [] as string[],
    navigations: [] as { path: string; replace: boolean }[],
  };
  const platform: Platform = {
    redirect: (url) => calls.redirects.push(url),
    navigate: (path, options) =>
      calls.navigations.push({ path, replace: options?.replace ?? false }),
    currentPath: () => currentPath,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    now: () => Date.parse('2026-11-22T10:00:00Z'),
  };
  return { platform, calls, storage };
}

export function startApp(
  routes: readonly ApiRoute[],
  options: { title?: typeof fvnTitle | null; currentPath?: string } = {},
) {
  const requests = serveApi(routes);
  const { platform, calls, storage } = fakePlatform(options.currentPath);
  const title = options.title === null ? undefined : (options.title ?? fvnTitle);
  const store = createStore({ platform, ...(title ? { title } : {}) });
  return { store, requests, calls, storage };
}
