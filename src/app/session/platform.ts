// What the sagas need from the browser, given to them as saga context so tests can run the
// sagas whole without a real page: leaving for another site, in-app navigation, where we are,
// and session storage.
export interface Platform {
  /** Leaves the SPA for another URL (the identity provider, the title's page). */
  redirect(url: string): void;
  /** Navigates inside the SPA. */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Path, query and hash of the current page. */
  currentPath(): string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now(): number;
}

let navigateImpl: Platform['navigate'] = (path, options) => {
  if (options?.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
};

/** The router registers its navigate function here once it is mounted. */
export function setNavigate(navigate: Platform['navigate']) {
  navigateImpl = navigate;
}

export const browserPlatform: Platform = {
  redirect: (url) => window.location.assign(url),
  navigate: (path, options) => navigateImpl(path, options),
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  storage: window.sessionStorage,
  now: () => Date.now(),
};
