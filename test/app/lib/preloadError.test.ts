// A lazy screen chunk that fails to load (requirements §8): a preload-error event on window, rethrown
// unless a handler prevents it; the default handler reloads once.
import { describe, expect, it, jest } from '@jest/globals';

import {
  installDefaultPreloadErrorHandler,
  PRELOAD_ERROR_EVENT,
  type PreloadErrorEvent,
  withPreloadError,
} from '../../../src/app/lib/preloadError';

const failingChunk = () => Promise.reject(new Error('Loading chunk 7 failed'));

describe('preload-error', () => {
  it('raises the event with the error and rethrows when nobody prevents it', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as PreloadErrorEvent).payload);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    await expect(withPreloadError(failingChunk)()).rejects.toThrow('Loading chunk 7 failed');
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(seen).toEqual([expect.objectContaining({ message: 'Loading chunk 7 failed' })]);
  });

  it('does not rethrow when a handler prevents it', async () => {
    const listener = (event: Event) => event.preventDefault();
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const outcome = await Promise.race([
      withPreloadError(failingChunk)().then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ]);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(outcome).toBe('pending');
  });

  it('the default handler reloads once per page session, then lets the error through', async () => {
    const storage = new Map<string, string>();
    const reload = jest.fn();
    const uninstall = installDefaultPreloadErrorHandler(
      window,
      { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      reload,
    );
    const first = withPreloadError(failingChunk)();
    await new Promise((r) => setTimeout(r, 10));
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(withPreloadError(failingChunk)()).rejects.toThrow('Loading chunk 7 failed');
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
    void first;
  });

  it('passes a chunk that loads through untouched', async () => {
    const module = { default: () => null };
    await expect(withPreloadError(() => Promise.resolve(module))()).resolves.toBe(module);
  });
});
