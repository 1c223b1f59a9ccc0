// The first route's screen, loaded before the first render (main.tsx) in a module of its own, so
// start-up can ask for it before the router and the layout are evaluated.
import type { ComponentType } from 'react';

import type { RouteDefinition } from './routes';

/** Screens whose module arrived before the first render: they render without suspending. */
const preloaded = new Map<string, ComponentType>();

/**
 * Loads the first route's screen before the first render (main.tsx). A lazy screen suspends
 * once even when its chunk is already there, and React holds a revealed fallback for ~300 ms;
 * the first screen is therefore rendered directly. A chunk that fails here is left to the lazy
 * path, which reports it when the screen renders.
 */
export async function preloadScreen(route: RouteDefinition | undefined): Promise<void> {
  if (!route?.screen) return;
  try {
    preloaded.set(route.path, (await route.screen()).default);
  } catch {
    // The lazy screen loads it again and raises preload-error (lib/preloadError.ts).
  }
}

/** The screen of `path` when its module arrived before the first render. */
export const preloadedScreen = (path: string): ComponentType | undefined => preloaded.get(path);
