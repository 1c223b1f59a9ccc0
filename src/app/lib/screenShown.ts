// The moment the page's first screen has been rendered (its navigation completed): what waits
// for it (the web fonts of a first visit, main.tsx; the title's icon, layout/TitleEffects.tsx)
// then never delays the screen itself.
let markShown: () => void = () => {};

/** Resolves once the page's first screen has been rendered. */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** A screen has been rendered (session/navigationSaga.ts); only the first one counts. */
export const screenShown = () => markShown();

/**
 * Runs `work` once the first screen is shown and the page has loaded, a second later (the
 * screen's own parts and its data come first), when the browser is idle.
 */
export function afterFirstScreen(work: () => void): void {
  const loaded = new Promise((resolve) =>
    document.readyState === 'complete'
      ? resolve(undefined)
      : window.addEventListener('load', resolve, { once: true }),
  );
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(work, { timeout: 5000 })
      : setTimeout(work, 0);
  void Promise.all([firstScreenShown, loaded]).then(() => setTimeout(idle, 1000));
}
