// A chunk that fails to load (a screen's or a dialog's; typically after a new deployment removed
// it) raises a `preload-error` event on window. It is rethrown unless a handler prevents it; the default
// handler reloads the page once to pick up the new deployment.
export const PRELOAD_ERROR_EVENT = 'preload-error';
const RELOADED_KEY = 'minside.reloaded-for-chunk';

export interface PreloadErrorEvent extends Event {
  readonly payload: unknown;
}

export function withPreloadError<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), {
        payload: error,
      });
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw error;
      // The handler took over (a reload is under way): render nothing meanwhile.
      return new Promise<T>(() => {});
    });
}

/** Reloads once per page session; a second failure is rethrown to the error boundary. */
export function installDefaultPreloadErrorHandler(
  target: Window = window,
  storage: Pick<Storage, 'getItem' | 'setItem'> = target.sessionStorage,
  reload: () => void = () => target.location.reload(),
) {
  const handler = (event: Event) => {
    if (storage.getItem(RELOADED_KEY)) return;
    storage.setItem(RELOADED_KEY, '1');
    event.preventDefault();
    reload();
  };
  target.addEventListener(PRELOAD_ERROR_EVENT, handler);
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, handler);
}
